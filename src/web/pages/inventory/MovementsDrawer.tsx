import { Badge, Drawer, Group, Stack, Text } from '@mantine/core';
import type { InventoryItem } from '../../../domain/contracts/inventory';
import { STOCK_MOVEMENT_REASONS } from '../../../domain/inventory-schemas';
import { DEFAULT_TIME_ZONE } from '../../../domain/time';
import { useAppInfo } from '../../auth/queries';
import { formatDateTime, formatQuantity } from '../../components/format';
import { LoadingLine } from '../../components/LoadingLine';
import { useMovements } from './queries';

/** Every change of one item's stock: when, how much, why, what caused it and who. */
export function MovementsDrawer({
  item,
  onClose,
}: {
  item: InventoryItem | null;
  onClose: () => void;
}) {
  const movements = useMovements(item?.id ?? null);
  const timeZone = useAppInfo().data?.timeZone ?? DEFAULT_TIME_ZONE;
  return (
    <Drawer
      opened={item !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={item ? `Stock history: ${item.name}` : ''}
    >
      {movements.isPending ? (
        <LoadingLine label="Loading history..." />
      ) : movements.isError ? (
        <Text c="red">Failed to load the stock history</Text>
      ) : movements.data.length === 0 ? (
        <Text c="dimmed">No stock changes recorded yet.</Text>
      ) : (
        <Stack gap="sm" data-testid="movement-list">
          {movements.data.map((movement) => (
            <Group
              key={movement.id}
              justify="space-between"
              wrap="nowrap"
              align="flex-start"
              data-testid="movement"
            >
              <div>
                <Text fw={600} fz="sm">
                  {STOCK_MOVEMENT_REASONS[movement.reason]}
                  {movement.reference ? ` · ${movement.reference}` : ''}
                </Text>
                <Text c="dimmed" fz="xs">
                  {formatDateTime(movement.createdAt, timeZone)}
                  {movement.userName ? ` · ${movement.userName}` : ''}
                </Text>
              </div>
              <Badge
                variant="light"
                tt="none"
                color={movement.quantityChange >= 0 ? 'green' : 'red'}
                size="lg"
              >
                {movement.quantityChange >= 0 ? '+' : ''}
                {formatQuantity(movement.quantityChange, item?.unit)}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </Drawer>
  );
}
