import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { purchaseOrdersApi } from '../../../domain/contracts/purchase-orders';
import type { PurchaseOrderInput } from '../../../domain/purchase-order-schemas';
import { call } from '../../api/http';

const PAGE_SIZE = 50;

export const orderKeys = {
  list: ['/api/purchase-orders', 'list'] as const,
  summary: ['/api/purchase-orders', 'summary'] as const,
};

/** Orders newest first, fifty at a time. */
export const useOrders = () =>
  useInfiniteQuery({
    queryKey: orderKeys.list,
    queryFn: ({ pageParam }) =>
      call(purchaseOrdersApi.list, { query: { limit: PAGE_SIZE, offset: pageParam } }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.length < PAGE_SIZE ? undefined : pages.length * PAGE_SIZE,
  });

export const useOrderSummary = () =>
  useQuery({
    queryKey: orderKeys.summary,
    queryFn: () => call(purchaseOrdersApi.summary),
  });

export const useCreateOrder = () =>
  useMutation({
    mutationFn: (input: PurchaseOrderInput) => call(purchaseOrdersApi.create, { body: input }),
  });

const ORDER_ACTIONS = {
  receive: purchaseOrdersApi.receive,
  ship: purchaseOrdersApi.ship,
  cancel: purchaseOrdersApi.cancel,
};
export type OrderAction = keyof typeof ORDER_ACTIONS;
export const useOrderAction = () =>
  useMutation({
    mutationFn: ({ id, action }: { id: string; action: OrderAction }) =>
      call(ORDER_ACTIONS[action], { params: { id } }),
  });
