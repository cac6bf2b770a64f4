import type { InventoryItem } from './inventory-schemas';
import type { BatchStatus } from './production-schemas';
import type { PurchaseOrderStatus } from './purchase-order-schemas';

export interface RecentBatch {
  id: string;
  recipeName: string;
  batchNumber: string;
  flourKg: number;
  status: BatchStatus;
  createdAt: string;
}

export interface PendingOrder {
  id: string;
  supplier: string;
  orderNumber: string;
  totalAmount: number;
  status: PurchaseOrderStatus;
}

/**
 * `GET /api/dashboard/summary`. Each part is null when the user cannot read its
 * module, so the dashboard shows only what the user may see.
 */
export interface DashboardSummary {
  inventory: { totalValue: number; lowStockCount: number; lowStockItems: InventoryItem[] } | null;
  production: { todaysFlourKg: number; recentBatches: RecentBatch[] } | null;
  purchaseOrders: { pendingCount: number; pendingOrders: PendingOrder[] } | null;
}
