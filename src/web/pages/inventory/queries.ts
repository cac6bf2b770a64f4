import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  InventoryItem,
  InventoryItemInput,
  InventoryItemUpdateInput,
  StockMovement,
} from '../../../domain/inventory-schemas';
import { apiGet, apiRequest } from '../../api/http';
import { dashboardKeys } from '../dashboard/queries';

export const inventoryKeys = {
  all: ['/api/inventory'] as const,
  list: ['/api/inventory', 'list'] as const,
  lowStock: ['/api/inventory', 'low-stock'] as const,
  movements: (id: string) => ['/api/inventory', id, 'movements'] as const,
};

export const useInventory = () =>
  useQuery({
    queryKey: inventoryKeys.list,
    queryFn: () => apiGet<InventoryItem[]>('/api/inventory'),
  });

export const useMovements = (id: string | null) =>
  useQuery({
    queryKey: inventoryKeys.movements(id ?? ''),
    queryFn: () => apiGet<StockMovement[]>(`/api/inventory/${id}/movements`),
    enabled: id !== null,
  });

/** Any change to an item can change the list, the low-stock list and its history. */
function useInventoryMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.summary }),
      ]),
  });
}

export const useCreateItem = () =>
  useInventoryMutation((input: InventoryItemInput) =>
    apiRequest<InventoryItem>('POST', '/api/inventory', input),
  );
export const useUpdateItem = () =>
  useInventoryMutation(({ id, input }: { id: string; input: InventoryItemUpdateInput }) =>
    apiRequest<InventoryItem>('PATCH', `/api/inventory/${id}`, input),
  );
export const useDeleteItem = () =>
  useInventoryMutation((id: string) =>
    apiRequest<{ message: string }>('DELETE', `/api/inventory/${id}`),
  );
