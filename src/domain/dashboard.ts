import type { InventoryItem } from './contracts/inventory';
import type { ModuleKey } from './modules';
import { type AccessSubject, canRead, canWrite } from './permissions';
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

/** An order still to arrive that holds a line of a low-stock item. */
export interface OpenOrderLine {
  orderId: string;
  orderNumber: string;
  quantity: number;
  status: 'pending' | 'shipped';
}

export interface LowStockAlert extends InventoryItem {
  openOrders: OpenOrderLine[];
}

/** What Reorder hands Create Order (as navigation state): the proposed quantity and the orders already open. */
export interface ReorderIntent {
  quantity: number;
  openOrders: OpenOrderLine[];
}

/**
 * `GET /api/dashboard/summary`. Each part is null when the user may not read
 * it (see dashboardParts), so the dashboard shows only what the user may see.
 */
export interface DashboardSummary {
  inventory: { totalValue: number; lowStockCount: number; lowStockItems: LowStockAlert[] } | null;
  production: {
    todaysFlourKg: number;
    todaysBatchCount: number;
    recentBatches: RecentBatch[];
  } | null;
  purchaseOrders: { pendingCount: number; pendingOrders: PendingOrder[] } | null;
  sales: {
    todaysSaleCount: number;
    todaysLoavesSold: number;
    todaysSalesValue: number;
    loavesAvailable: { recipeName: string; loaves: number }[];
  } | null;
  /** What distributors owe in all (positive balances; one's credit does not offset another's debt). */
  moneyOwed: { total: number; distributorCount: number } | null;
}

export type DashboardPart = keyof DashboardSummary;

/** The module whose read right shows each part. */
export const PART_MODULE: Record<DashboardPart, ModuleKey> = {
  inventory: 'inventory',
  production: 'production',
  purchaseOrders: 'purchase_orders',
  sales: 'sales',
  moneyOwed: 'distributors',
};

/** The parts of the dashboard this user may read, in the order they are shown. */
export function dashboardParts(user: AccessSubject): DashboardPart[] {
  return (Object.keys(PART_MODULE) as DashboardPart[]).filter((part) =>
    canRead(user, PART_MODULE[part]),
  );
}

export interface QuickAction {
  label: 'New Production' | 'Record Sale' | 'Purchase Order' | 'New Recipe' | 'View Reports';
  /** `?new` opens the page's create dialog at once. */
  href: string;
}

const NEW_PRODUCTION: QuickAction = { label: 'New Production', href: '/production?new' };
const RECORD_SALE: QuickAction = { label: 'Record Sale', href: '/sales?new' };
const PURCHASE_ORDER: QuickAction = { label: 'Purchase Order', href: '/purchases?new' };
const NEW_RECIPE: QuickAction = { label: 'New Recipe', href: '/recipes?new' };
const VIEW_REPORTS: QuickAction = { label: 'View Reports', href: '/reports' };

const WRITE_ACTIONS: [QuickAction, ModuleKey][] = [
  [NEW_PRODUCTION, 'production'],
  [RECORD_SALE, 'sales'],
  [PURCHASE_ORDER, 'purchase_orders'],
  [NEW_RECIPE, 'recipes'],
];

/** Each Reports tab needs read on one of these. */
const REPORT_MODULES: ModuleKey[] = [
  'sales',
  'production',
  'inventory',
  'accounting',
  'distributors',
];

/**
 * The quick actions a user may carry through: admins get the first four;
 * anyone else each create action whose write right they hold (Record Sale
 * included, the sales clerk's daily action) and View Reports when a report
 * tab would show them something.
 */
export function quickActions(user: AccessSubject): QuickAction[] {
  if (user.isAdmin) return [NEW_PRODUCTION, PURCHASE_ORDER, NEW_RECIPE, VIEW_REPORTS];
  const actions = WRITE_ACTIONS.filter(([, module]) => canWrite(user, module)).map(
    ([action]) => action,
  );
  if (REPORT_MODULES.some((module) => canRead(user, module))) actions.push(VIEW_REPORTS);
  return actions;
}
