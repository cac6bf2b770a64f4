import { z } from 'zod';
import type { ModuleKey } from './modules';
import { type AccessSubject, canRead, canWrite } from './permissions';

/** An order still to arrive that holds a line of a low-stock item. */
export const openOrderLineSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  quantity: z.number(),
  status: z.enum(['pending', 'shipped']),
});
export type OpenOrderLine = z.infer<typeof openOrderLineSchema>;

/** What Reorder hands Create Order (as navigation state): the proposed quantity and the orders already open. */
export interface ReorderIntent {
  quantity: number;
  openOrders: OpenOrderLine[];
}

/**
 * The parts of `GET /api/dashboard/summary`, each with the module whose read
 * right shows it: a part the user may not read is null, so the dashboard
 * shows only what the user may see.
 */
export const PART_MODULE = {
  inventory: 'inventory',
  production: 'production',
  purchaseOrders: 'purchase_orders',
  sales: 'sales',
  moneyOwed: 'distributors',
} as const satisfies Record<string, ModuleKey>;
export type DashboardPart = keyof typeof PART_MODULE;

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
