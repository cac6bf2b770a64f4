import { Badge, Box, Button, Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArchiveOff,
  IconHistory,
  IconPackage,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import type { InventoryItem } from '../../../domain/contracts/inventory';
import { INVENTORY_CATEGORY_LABELS } from '../../../domain/inventory-schemas';
import { formatNaira } from '../../../domain/money';
import { isAtOrBelowMinimum, type StockStatus, stockStatus } from '../../../domain/stock';
import { errorText } from '../../api/http';
import { notifyError, notifySuccess } from '../../api/notify';
import { useRights } from '../../auth/use-rights';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatQuantity } from '../../components/format';
import { IconAction } from '../../components/IconAction';
import { LoadingLine } from '../../components/LoadingLine';
import { ArchivedListActions } from '../../components/PageActions';
import { PageHeader } from '../../components/PageHeader';
import { StatCard } from '../../components/StatCard';
import { ItemDialog } from './ItemDialog';
import { MovementsDrawer } from './MovementsDrawer';
import { useDeleteItem, useInventory, useUnarchiveItem } from './queries';

const STATUS_COLOURS: Record<StockStatus, string> = {
  'Out of Stock': 'red',
  'Low Stock': 'yellow',
  'In Stock': 'green',
};

/**
 * The badge is never narrower than its words: a min-width of fit-content still let a
 * narrow table column or phone card cut "Low Stock" to "Low St…".
 */
function StatusBadge({ item }: { item: InventoryItem }) {
  if (item.archived) {
    return (
      <Badge variant="light" tt="none" color="gray" miw="max-content">
        Archived
      </Badge>
    );
  }
  const status = stockStatus(item.currentStock, item.minStock);
  return (
    <Badge variant="light" tt="none" color={STATUS_COLOURS[status]} miw="max-content">
      {status}
    </Badge>
  );
}

export default function InventoryPage() {
  const [showArchived, setShowArchived] = useState(false);
  const items = useInventory(showArchived);
  const rights = useRights('inventory');
  const deleteItem = useDeleteItem();
  const unarchive = useUnarchiveItem();
  const [editing, setEditing] = useState<{ opened: boolean; item: InventoryItem | null }>({
    opened: false,
    item: null,
  });
  const [deleting, setDeleting] = useState<InventoryItem | null>(null);
  const [history, setHistory] = useState<InventoryItem | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    deleteItem.mutate(deleting.id, {
      // An item with stock history is archived instead; the server says which.
      onSuccess: (result) =>
        notifySuccess(
          result.action === 'archived' ? 'Item Archived' : 'Item Deleted',
          result.message,
        ),
      // A refusal names the recipes and orders that still use the item.
      onError: (error) => notifyError('Error', errorText(error, 'Failed to delete inventory item')),
      onSettled: () => setDeleting(null),
    });
  };

  const unarchiveItem = (item: InventoryItem) =>
    unarchive.mutate(item.id, {
      onSuccess: (result) => notifySuccess('Item Unarchived', result.message),
      onError: (error) => notifyError('Error', errorText(error, 'Failed to unarchive item')),
    });

  const actions = (item: InventoryItem) => (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <IconAction
        tooltip="Stock history"
        label={`Stock history of ${item.name}`}
        icon={IconHistory}
        colour="gray"
        onClick={() => setHistory(item)}
      />
      {item.archived && rights.canDelete && (
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconArchiveOff size={14} aria-hidden />}
          aria-label={`Unarchive ${item.name}`}
          loading={unarchive.isPending && unarchive.variables === item.id}
          onClick={() => unarchiveItem(item)}
        >
          Unarchive
        </Button>
      )}
      {!item.archived && rights.canWrite && (
        <IconAction
          tooltip="Edit item"
          label={`Edit ${item.name}`}
          icon={IconPencil}
          onClick={() => setEditing({ opened: true, item })}
        />
      )}
      {!item.archived && rights.canDelete && (
        <IconAction
          tooltip="Delete item"
          label={`Delete ${item.name}`}
          icon={IconTrash}
          colour="red"
          onClick={() => setDeleting(item)}
        />
      )}
    </Group>
  );

  const list = items.data ?? [];
  // The counts are of the items in use, whether or not archived ones are shown.
  const inUse = list.filter((item) => !item.archived);
  const lowCount = inUse.filter((item) =>
    isAtOrBelowMinimum(item.currentStock, item.minStock),
  ).length;

  return (
    <>
      <PageHeader
        title="Inventory"
        subtitle="Manage ingredients, packaging and supplies"
        actions={
          <ArchivedListActions
            showArchived={showArchived}
            onShowArchived={setShowArchived}
            add={
              rights.canWrite && {
                label: 'Add Item',
                onClick: () => setEditing({ opened: true, item: null }),
              }
            }
          />
        }
      />
      <SimpleGrid cols={{ base: 2, sm: 2 }} spacing="md" mb="lg" maw={560}>
        <StatCard label="Total Items" value={inUse.length} icon={IconPackage} colour="orange" />
        <StatCard label="Low Stock" value={lowCount} icon={IconAlertTriangle} colour="yellow" />
      </SimpleGrid>
      <Card withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        {items.isPending ? (
          <LoadingLine label="Loading inventory..." />
        ) : items.isError ? (
          <Text c="red" p="md">
            Failed to load inventory
          </Text>
        ) : list.length === 0 ? (
          <Text c="dimmed" ta="center" p="xl">
            No inventory items found. Add some items to get started.
          </Text>
        ) : (
          <>
            <Stack gap="sm" hiddenFrom="sm">
              {list.map((item) => (
                <Card key={item.id} withBorder radius="md" p="sm" data-testid="item-card">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <div style={{ minWidth: 0 }}>
                      <Text fw={700}>{item.name}</Text>
                      <Text fz="sm" c="dimmed">
                        {INVENTORY_CATEGORY_LABELS[item.category]}
                        {item.supplier ? ` · ${item.supplier}` : ''}
                      </Text>
                    </div>
                    <StatusBadge item={item} />
                  </Group>
                  <Group justify="space-between" mt="xs" wrap="nowrap">
                    <Text fz="sm">
                      {formatQuantity(item.currentStock, item.unit)} (min{' '}
                      {formatQuantity(item.minStock)}) · {formatNaira(item.unitCost)}/{item.unit}
                    </Text>
                    {actions(item)}
                  </Group>
                </Card>
              ))}
            </Stack>
            <Box visibleFrom="sm">
              <Table.ScrollContainer minWidth={760}>
                <Table verticalSpacing="sm" highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Item</Table.Th>
                      <Table.Th>Category</Table.Th>
                      <Table.Th>Current Stock</Table.Th>
                      <Table.Th>Min. Stock</Table.Th>
                      <Table.Th>Unit Cost</Table.Th>
                      <Table.Th>Status</Table.Th>
                      <Table.Th ta="right">Actions</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {list.map((item) => (
                      <Table.Tr key={item.id}>
                        <Table.Td>
                          <Text fw={600}>{item.name}</Text>
                          {item.supplier && (
                            <Text fz="xs" c="dimmed">
                              {item.supplier}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>{INVENTORY_CATEGORY_LABELS[item.category]}</Table.Td>
                        <Table.Td>{formatQuantity(item.currentStock, item.unit)}</Table.Td>
                        <Table.Td>{formatQuantity(item.minStock, item.unit)}</Table.Td>
                        <Table.Td>{formatNaira(item.unitCost)}</Table.Td>
                        <Table.Td>
                          <StatusBadge item={item} />
                        </Table.Td>
                        <Table.Td>{actions(item)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Box>
          </>
        )}
      </Card>
      <ItemDialog
        opened={editing.opened}
        item={editing.item}
        onClose={() => setEditing({ opened: false, item: null })}
      />
      <MovementsDrawer item={history} onClose={() => setHistory(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete item"
        message={`Are you sure you want to delete "${deleting?.name ?? ''}"? This action cannot be undone.`}
        confirmLabel="Delete"
        busy={deleteItem.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
