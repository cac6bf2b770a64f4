import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconClock, IconShoppingCart } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import type { PurchaseOrder } from '../../../domain/contracts/purchase-orders';
import type { ReorderIntent } from '../../../domain/dashboard';
import { formatNaira } from '../../../domain/money';
import { DEFAULT_TIME_ZONE } from '../../../domain/time';
import { errorText } from '../../api/http';
import { notifyError, notifySuccess } from '../../api/notify';
import { useAppInfo } from '../../auth/queries';
import { useRights } from '../../auth/use-rights';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatDateTime } from '../../components/format';
import { PagedListPage } from '../../components/PagedListPage';
import { useCreateIntent } from '../../components/use-create-intent';
import { CreateOrderDialog } from './CreateOrderDialog';
import { OrderDetailsDialog } from './OrderDetailsDialog';
import { OrderLines } from './OrderLines';
import { OrderStatusBadge } from './OrderStatusBadge';
import { type OrderAction, useOrderAction, useOrderSummary, useOrders } from './queries';

const ACTION_TEXT: Record<OrderAction, { title: string; message: string; failure: string }> = {
  receive: {
    title: 'Order Received',
    message: 'Purchase order marked as received and inventory updated',
    failure: 'Failed to receive purchase order',
  },
  ship: {
    title: 'Order Shipped',
    message: 'Purchase order marked as shipped',
    failure: 'Failed to update purchase order',
  },
  cancel: {
    title: 'Order Cancelled',
    message: 'Purchase order cancelled',
    failure: 'Failed to cancel purchase order',
  },
};

function OrderCard(props: {
  order: PurchaseOrder;
  timeZone: string;
  canWrite: boolean;
  busy: boolean;
  onDetails: () => void;
  onReceive: () => void;
}) {
  const { order } = props;
  return (
    <Card withBorder radius="lg" p="md" data-testid="order-card">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Text fw={700} fz="lg">
            {order.supplier}
          </Text>
          <Text fz="sm" c="dimmed">
            {order.orderNumber}
          </Text>
        </div>
        <OrderStatusBadge status={order.status} />
      </Group>
      <Group justify="space-between" mt="sm" wrap="wrap" gap="xs">
        <Text fw={700} fz="xl">
          {formatNaira(order.totalAmount)}
        </Text>
        <Text fz="sm" c="dimmed">
          Ordered {formatDateTime(order.orderDate, props.timeZone)}
          {order.expectedDelivery ? ` · Expected ${order.expectedDelivery}` : ''}
        </Text>
      </Group>
      <Stack mt="sm" gap={4}>
        <OrderLines order={order} />
        {order.notes && (
          <Text fz="sm" c="dimmed" fs="italic">
            {order.notes}
          </Text>
        )}
      </Stack>
      <Group justify="flex-end" mt="md" gap="sm">
        <Button variant="default" size="xs" onClick={props.onDetails}>
          View Details
        </Button>
        {props.canWrite && order.status === 'shipped' && (
          <Button color="green" size="xs" loading={props.busy} onClick={props.onReceive}>
            Mark as Received
          </Button>
        )}
      </Group>
    </Card>
  );
}

export default function PurchaseOrdersPage() {
  const orders = useOrders();
  const summary = useOrderSummary();
  const rights = useRights('purchase_orders');
  const action = useOrderAction();
  const timeZone = useAppInfo().data?.timeZone ?? DEFAULT_TIME_ZONE;
  const [, navigate] = useLocation();
  // The dashboard's Reorder button arrives with ?reorder={itemId}.
  const reorderItemId = new URLSearchParams(useSearch()).get('reorder');
  const reorder = useHistoryState<ReorderIntent | null>();
  const intent = useCreateIntent('/purchases', 'purchase_orders');
  const [creating, setCreating] = useState(reorderItemId !== null || intent.requested);
  const [details, setDetails] = useState<PurchaseOrder | null>(null);
  const [cancelling, setCancelling] = useState<PurchaseOrder | null>(null);

  const run = (order: PurchaseOrder, kind: OrderAction) => {
    if (kind === 'cancel') {
      setCancelling(order);
      return;
    }
    perform(order, kind);
  };
  const perform = (order: PurchaseOrder, kind: OrderAction) =>
    action.mutate(
      { id: order.id, action: kind },
      {
        onSuccess: (updated) => {
          notifySuccess(ACTION_TEXT[kind].title, ACTION_TEXT[kind].message);
          setDetails((open) => (open ? updated : open));
        },
        onError: (error) => notifyError('Error', errorText(error, ACTION_TEXT[kind].failure)),
        onSettled: () => setCancelling(null),
      },
    );

  const closeCreate = () => {
    setCreating(false);
    if (reorderItemId) navigate('/purchases', { replace: true });
    intent.done();
  };

  return (
    <>
      <PagedListPage
        title="Purchase Orders"
        subtitle="Manage supplier orders and deliveries"
        add={rights.canWrite && { label: 'Create Order', onClick: () => setCreating(true) }}
        stats={[
          {
            label: 'Total Orders',
            value: summary.data?.total,
            icon: IconShoppingCart,
            colour: 'orange',
          },
          { label: 'Pending', value: summary.data?.pending, icon: IconClock, colour: 'yellow' },
        ]}
        query={orders}
        text={{
          loading: 'Loading orders...',
          failed: 'Failed to load purchase orders',
          empty: 'No purchase orders found. Create your first order to get started.',
          more: 'Show more orders',
        }}
        card={(order) => (
          <OrderCard
            order={order}
            timeZone={timeZone}
            canWrite={rights.canWrite}
            busy={action.isPending}
            onDetails={() => setDetails(order)}
            onReceive={() => run(order, 'receive')}
          />
        )}
      />
      <CreateOrderDialog
        opened={creating}
        reorderItemId={reorderItemId}
        reorder={reorder}
        onClose={closeCreate}
      />
      <OrderDetailsDialog
        order={details}
        canWrite={rights.canWrite}
        busy={action.isPending}
        onAction={run}
        onClose={() => setDetails(null)}
      />
      <ConfirmDialog
        opened={cancelling !== null}
        title="Cancel order"
        message={`Cancel ${cancelling?.orderNumber ?? 'this order'}? It can no longer be received.`}
        confirmLabel="Cancel Order"
        busy={action.isPending}
        onConfirm={() => cancelling && perform(cancelling, 'cancel')}
        onClose={() => setCancelling(null)}
      />
    </>
  );
}
