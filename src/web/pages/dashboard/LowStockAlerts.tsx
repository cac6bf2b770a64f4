import { Button, Group, Stack, Text } from '@mantine/core';
import { useLocation } from 'wouter';
import type { LowStockAlert } from '../../../domain/contracts/dashboard';
import type { ReorderIntent } from '../../../domain/dashboard';
import { reorderQuantity } from '../../../domain/stock';
import { notifySuccess } from '../../api/notify';
import { formatQuantity, openOrderText } from '../../components/format';

/** The dashboard's first low-stock items; Reorder opens Create Order with the item and a proposed quantity. */
export function LowStockAlerts(props: { items: LowStockAlert[]; canOrder: boolean }) {
  const [, navigate] = useLocation();
  if (props.items.length === 0) return <Text c="dimmed">All items in stock</Text>;

  const reorder = (item: LowStockAlert) => {
    const onOrder = item.openOrders.reduce((sum, order) => sum + order.quantity, 0);
    const state: ReorderIntent = {
      quantity: reorderQuantity(item.currentStock, item.minStock, onOrder),
      openOrders: item.openOrders,
    };
    notifySuccess('Reorder Initiated', 'Purchase order process started for this item');
    navigate(`/purchases?reorder=${item.id}`, { state });
  };

  return (
    <Stack gap="sm">
      {props.items.map((item) => (
        <Group key={item.id} justify="space-between" wrap="nowrap" data-testid="low-stock-alert">
          <div style={{ minWidth: 0 }}>
            <Text fw={600}>{item.name}</Text>
            <Text fz="sm" c="dimmed">
              {formatQuantity(item.currentStock, item.unit)} left · minimum{' '}
              {formatQuantity(item.minStock, item.unit)}
            </Text>
            {item.openOrders.map((order) => (
              <Text key={order.orderId} fz="sm" fw={500} data-testid="open-order">
                On order: {openOrderText(order, item.unit)}
              </Text>
            ))}
          </div>
          {props.canOrder && (
            <Button
              size="xs"
              variant="light"
              color="red"
              // The item's text wraps instead; the button keeps its whole label on a phone.
              style={{ flexShrink: 0 }}
              onClick={() => reorder(item)}
            >
              Reorder
            </Button>
          )}
        </Group>
      ))}
    </Stack>
  );
}
