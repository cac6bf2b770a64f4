import { Badge } from '@mantine/core';
import {
  PURCHASE_ORDER_STATUS_LABELS,
  type PurchaseOrderStatus,
} from '../../../domain/purchase-order-schemas';

const COLOURS: Record<PurchaseOrderStatus, string> = {
  pending: 'yellow',
  shipped: 'blue',
  delivered: 'green',
  cancelled: 'gray',
};

export function OrderStatusBadge({ status }: { status: PurchaseOrderStatus }) {
  return (
    <Badge variant="light" tt="none" color={COLOURS[status]} style={{ flexShrink: 0 }}>
      {PURCHASE_ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}
