import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type { PurchaseOrder, PurchaseOrderInput } from '../../../domain/purchase-order-schemas';
import { apiGet, apiRequest } from '../../api/http';

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
      apiGet<PurchaseOrder[]>(`/api/purchase-orders?limit=${PAGE_SIZE}&offset=${pageParam}`),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.length < PAGE_SIZE ? undefined : pages.length * PAGE_SIZE,
  });

export const useOrderSummary = () =>
  useQuery({
    queryKey: orderKeys.summary,
    queryFn: () => apiGet<{ total: number; pending: number }>('/api/purchase-orders/summary'),
  });

export const useCreateOrder = () =>
  useMutation({
    mutationFn: (input: PurchaseOrderInput) =>
      apiRequest<PurchaseOrder>('POST', '/api/purchase-orders', input),
  });

export type OrderAction = 'receive' | 'ship' | 'cancel';
export const useOrderAction = () =>
  useMutation({
    mutationFn: ({ id, action }: { id: string; action: OrderAction }) =>
      apiRequest<PurchaseOrder>('PATCH', `/api/purchase-orders/${id}/${action}`),
  });
