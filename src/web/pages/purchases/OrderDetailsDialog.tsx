import { Button, Divider, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { PurchaseOrder } from '../../../domain/contracts/purchase-orders';
import { formatNaira } from '../../../domain/money';
import { DEFAULT_TIME_ZONE } from '../../../domain/time';
import { useAppInfo } from '../../auth/queries';
import { formatDateTime } from '../../components/format';
import { OrderLines } from './OrderLines';
import { OrderStatusBadge } from './OrderStatusBadge';
import type { OrderAction } from './queries';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="sm">{children}</Text>
    </div>
  );
}

/** The whole order, with the actions its status allows. */
export function OrderDetailsDialog(props: {
  order: PurchaseOrder | null;
  canWrite: boolean;
  busy: boolean;
  onAction: (order: PurchaseOrder, action: OrderAction) => void;
  onClose: () => void;
}) {
  const { order } = props;
  const timeZone = useAppInfo().data?.timeZone ?? DEFAULT_TIME_ZONE;
  const open = order?.status === 'pending' || order?.status === 'shipped';
  return (
    <Modal
      opened={order !== null}
      onClose={props.onClose}
      title={order ? `Order ${order.orderNumber}` : ''}
      centered
      size="lg"
    >
      {order && (
        <Stack gap="md">
          <SimpleGrid cols={2} spacing="sm">
            <Field label="Supplier">{order.supplier}</Field>
            <Field label="Status">
              <OrderStatusBadge status={order.status} />
            </Field>
            <Field label="Order Date">{formatDateTime(order.orderDate, timeZone)}</Field>
            <Field label="Expected Delivery">{order.expectedDelivery ?? '—'}</Field>
            {order.deliveredDate && (
              <Field label="Delivered">{formatDateTime(order.deliveredDate, timeZone)}</Field>
            )}
            <Field label="Total">{formatNaira(order.totalAmount)}</Field>
          </SimpleGrid>
          <Divider label="Items" labelPosition="left" />
          <OrderLines order={order} />
          {order.notes && <Field label="Notes">{order.notes}</Field>}
          {props.canWrite && open && (
            <Group justify="flex-end" gap="sm">
              <Button
                variant="subtle"
                color="red"
                disabled={props.busy}
                onClick={() => props.onAction(order, 'cancel')}
              >
                Cancel Order
              </Button>
              {order.status === 'pending' && (
                <Button
                  variant="light"
                  disabled={props.busy}
                  onClick={() => props.onAction(order, 'ship')}
                >
                  Mark as Shipped
                </Button>
              )}
              <Button
                color="green"
                loading={props.busy}
                onClick={() => props.onAction(order, 'receive')}
              >
                Mark as Received
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
