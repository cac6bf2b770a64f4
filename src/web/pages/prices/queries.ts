import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { type PriceChangeRecord, pricesApi } from '../../../domain/contracts/prices';
import type { PriceChangeInput } from '../../../domain/prices';
import { call } from '../../api/http';

/** Changes shown at a time in the history, "Show more" for the rest. */
const HISTORY_PAGE = 20;

export const priceKeys = {
  list: (date: string) => ['/api/bread-prices', 'list', date] as const,
  history: ['/api/bread-prices', 'history'] as const,
  forSale: (distributorId: string, recipeName: string) =>
    ['/api/bread-prices', 'for-sale', distributorId, recipeName] as const,
};

export const usePriceList = (date: string) =>
  useQuery({
    queryKey: priceKeys.list(date),
    queryFn: () => call(pricesApi.list, { query: { date } }),
  });

export const usePriceHistory = () =>
  useInfiniteQuery({
    queryKey: priceKeys.history,
    queryFn: ({ pageParam }: { pageParam: number }) =>
      call(pricesApi.history, { query: { limit: HISTORY_PAGE, offset: pageParam } }),
    initialPageParam: 0,
    getNextPageParam: (last: PriceChangeRecord[], pages: PriceChangeRecord[][]) =>
      last.length < HISTORY_PAGE ? undefined : pages.length * HISTORY_PAGE,
  });

/** What Record Sale prefills for the pair, once both are chosen. */
export const useSalePrice = (distributorId: string | null, recipeName: string | null) =>
  useQuery({
    queryKey: priceKeys.forSale(distributorId ?? '', recipeName ?? ''),
    queryFn: () =>
      call(pricesApi.forSale, {
        query: { distributorId: distributorId ?? '', recipeName: recipeName ?? '' },
      }),
    enabled: Boolean(distributorId && recipeName),
  });

export const useSetPrice = () =>
  useMutation({
    mutationFn: (input: PriceChangeInput) => call(pricesApi.set, { body: input }),
  });
