import { useMutation, useQuery } from '@tanstack/react-query';
import { inventoryApi } from '../../../domain/contracts/inventory';
import type {
  InventoryItemInput,
  InventoryItemUpdateInput,
} from '../../../domain/inventory-schemas';
import { call } from '../../api/http';

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
      call(inventoryApi.list, { query: includeArchived ? { includeArchived: 'true' } : {} }),
  });

export const useMovements = (id: string | null) =>
  useQuery({
    queryKey: inventoryKeys.movements(id ?? ''),
    queryFn: () => call(inventoryApi.movements, { params: { id: id ?? '' } }),
    enabled: id !== null,
  });

export const useCreateItem = () =>
  useMutation({
    mutationFn: (input: InventoryItemInput) => call(inventoryApi.create, { body: input }),
  });
export const useUpdateItem = () =>
  useMutation({
    mutationFn: ({ id, input }: { id: string; input: InventoryItemUpdateInput }) =>
      call(inventoryApi.update, { params: { id }, body: input }),
  });
export const useDeleteItem = () =>
  useMutation({
    mutationFn: (id: string) => call(inventoryApi.remove, { params: { id } }),
  });
export const useUnarchiveItem = () =>
  useMutation({
    mutationFn: (id: string) => call(inventoryApi.unarchive, { params: { id } }),
  });
