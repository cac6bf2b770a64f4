import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  InventoryItem,
  InventoryItemInput,
  InventoryItemUpdateInput,
  ItemDeleteResult,
  StockMovement,
} from '../../../domain/inventory-schemas';
import { apiGet, apiRequest } from '../../api/http';

export const inventoryKeys = {
  list: (includeArchived = false) => ['/api/inventory', 'list', includeArchived] as const,
  lowStock: ['/api/inventory', 'low-stock'] as const,
  movements: (id: string) => ['/api/inventory', id, 'movements'] as const,
};

/** Items in use (what every picker offers), or with archived ones for the Inventory page's switch. */
export const useInventory = (includeArchived = false) =>
  useQuery({
    queryKey: inventoryKeys.list(includeArchived),
    queryFn: () =>
      apiGet<InventoryItem[]>(
        includeArchived ? '/api/inventory?includeArchived=true' : '/api/inventory',
      ),
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
    mutationFn: (id: string) => apiRequest<ItemDeleteResult>('DELETE', `/api/inventory/${id}`),
  });
export const useUnarchiveItem = () =>
  useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ message: string }>('POST', `/api/inventory/${id}/unarchive`),
  });
