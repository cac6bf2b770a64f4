import { Badge, Drawer, Group, Stack, Text } from '@mantine/core';
import type { InventoryItem, StockMovement } from '../../../domain/contracts/inventory';
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
      <StockHistory movements={movements} unit={item?.unit} timeZone={timeZone} />
    </Drawer>
  );
}

function StockHistory({
  movements,
  unit,
  timeZone,
}: {
  movements: ReturnType<typeof useMovements>;
  unit: string | undefined;
  timeZone: string;
}) {
  if (movements.isPending) return <LoadingLine label="Loading history..." />;
  if (movements.isError) return <Text c="red">Failed to load the stock history</Text>;
  if (movements.data.length === 0) return <Text c="dimmed">No stock changes recorded yet.</Text>;
  return (
    <Stack gap="sm" data-testid="movement-list">
      {movements.data.map((movement) => (
        <MovementRow key={movement.id} movement={movement} unit={unit} timeZone={timeZone} />
      ))}
    </Stack>
  );
}

function MovementRow({
  movement,
  unit,
  timeZone,
}: {
  movement: StockMovement;
  unit: string | undefined;
  timeZone: string;
}) {
  const added = movement.quantityChange >= 0;
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" data-testid="movement">
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
      <Badge variant="light" tt="none" color={added ? 'green' : 'red'} size="lg">
        {added ? '+' : ''}
        {formatQuantity(movement.quantityChange, unit)}
      </Badge>
    </Group>
  );
}
