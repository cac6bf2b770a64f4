import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PurchaseOrder, PurchaseOrderInput } from '../../../domain/purchase-order-schemas';
import { apiGet, apiRequest } from '../../api/http';
import { dashboardKeys } from '../dashboard/queries';
import { inventoryKeys } from '../inventory/queries';

const PAGE_SIZE = 50;

export const orderKeys = {
  all: ['/api/purchase-orders'] as const,
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

/** Orders change stock when received, so both lists are refreshed. */
function useOrderMutation<TInput>(mutationFn: (input: TInput) => Promise<PurchaseOrder>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.summary }),
      ]),
  });
}

export const useCreateOrder = () =>
  useOrderMutation((input: PurchaseOrderInput) =>
    apiRequest<PurchaseOrder>('POST', '/api/purchase-orders', input),
  );

export type OrderAction = 'receive' | 'ship' | 'cancel';
export const useOrderAction = () =>
  useOrderMutation(({ id, action }: { id: string; action: OrderAction }) =>
    apiRequest<PurchaseOrder>('PATCH', `/api/purchase-orders/${id}/${action}`),
  );
