import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  InventoryItem,
  InventoryItemInput,
  InventoryItemUpdateInput,
  StockMovement,
} from '../../../domain/inventory-schemas';
import { apiGet, apiRequest } from '../../api/http';

export const inventoryKeys = {
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

export const useCreateItem = () =>
  useMutation({
    mutationFn: (input: InventoryItemInput) =>
      apiRequest<InventoryItem>('POST', '/api/inventory', input),
  });
export const useUpdateItem = () =>
  useMutation({
    mutationFn: ({ id, input }: { id: string; input: InventoryItemUpdateInput }) =>
      apiRequest<InventoryItem>('PATCH', `/api/inventory/${id}`, input),
  });
export const useDeleteItem = () =>
  useMutation({
    mutationFn: (id: string) => apiRequest<{ message: string }>('DELETE', `/api/inventory/${id}`),
  });
