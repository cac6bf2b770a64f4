import { Stack, Text } from '@mantine/core';
import type { PurchaseOrder } from '../../../domain/contracts/purchase-orders';
import { formatNaira } from '../../../domain/money';
import { formatQuantity } from '../../components/format';

export function OrderLines({ order }: { order: PurchaseOrder }) {
  return (
    <Stack gap={2}>
      {order.items.map((line) => (
        <Text key={line.itemId + line.quantity} fz="sm">
          {line.itemName ?? 'Removed item'}: {formatQuantity(line.quantity, line.unit ?? undefined)}{' '}
          @ {formatNaira(line.unitCost)} = {formatNaira(line.totalCost)}
        </Text>
      ))}
    </Stack>
  );
}
