import { useMutation, useQuery } from '@tanstack/react-query';
import { ordersApi } from '../../../domain/contracts/orders';
import type { DayOrderInput, PauseInput, StandingOrderInput } from '../../../domain/order-schemas';
import { call } from '../../api/http';

// Any write marks every answer stale (src/web/api/query-client.ts): the book,
// the grids and the pauses refetch after each change without naming them here.
export const orderKeys = {
  book: (day: string | null) => ['/api/orders/book', day] as const,
  standing: ['/api/orders/standing'] as const,
  pauses: ['/api/orders/pauses'] as const,
};

export const useOrderBook = (day: string | null) =>
  useQuery({
    queryKey: orderKeys.book(day),
    queryFn: () => call(ordersApi.book, { query: day ? { day } : {} }),
  });
export const useStandingGrids = () =>
  useQuery({ queryKey: orderKeys.standing, queryFn: () => call(ordersApi.standing) });
export const usePauses = () =>
  useQuery({ queryKey: orderKeys.pauses, queryFn: () => call(ordersApi.pauses, { query: {} }) });

export const useSetStanding = () =>
  useMutation({
    mutationFn: ({ id, input }: { id: string; input: StandingOrderInput }) =>
      call(ordersApi.setStanding, { params: { id }, body: input }),
  });
export const useSetDay = () =>
  useMutation({
    mutationFn: ({ id, input }: { id: string; input: DayOrderInput }) =>
      call(ordersApi.setDay, { params: { id }, body: input }),
  });
export const useAddPause = () =>
  useMutation({ mutationFn: (input: PauseInput) => call(ordersApi.pause, { body: input }) });
export const useRemovePause = () =>
  useMutation({ mutationFn: (id: string) => call(ordersApi.unpause, { params: { id } }) });
