import { z } from 'zod';
import { instant } from './contracts/contract';
import { dateRangeFields, datesInOrder, END_BEFORE_START } from './fields';
import { pageSchema } from './paging';

/**
 * The audit trail: one event per write to the API (and per sign-in, sign-out
 * and failed sign-in), who made it, on which record, and how it ended.
 * An action is "<module>.<verb>"; the module part is what the Module filter picks.
 */
export const AUDIT_MODULES = [
  'auth',
  'users',
  'roles',
  'settings',
  'inventory',
  'purchase_orders',
  'recipes',
  'production',
  'sales',
  'distributors',
  'notifications',
  'other',
] as const;
export type AuditModule = (typeof AUDIT_MODULES)[number];

export const AUDIT_MODULE_LABELS: Record<AuditModule, string> = {
  auth: 'Sign-in and accounts',
  users: 'Users',
  roles: 'Roles',
  settings: 'Settings',
  inventory: 'Inventory',
  purchase_orders: 'Purchase Orders',
  recipes: 'Recipes',
  production: 'Production',
  sales: 'Sales',
  distributors: 'Distributors',
  notifications: 'Notifications',
  other: 'Other',
};

/** Every action the server records, with the words the Audit Trail shows for it. */
export const AUDIT_ACTION_LABELS = {
  'auth.login': 'Signed in',
  'auth.login_failed': 'Failed sign-in',
  'auth.logout': 'Signed out',
  'auth.register': 'Registered an account',
  'users.create': 'Added a user',
  'users.update': 'Changed a user',
  'users.delete': 'Deleted or deactivated a user',
  'roles.create': 'Added a role',
  'roles.update': 'Changed a role',
  'roles.delete': 'Deleted a role',
  'roles.permissions': 'Changed role permissions',
  'settings.update': 'Changed the settings',
  'inventory.create': 'Added an item',
  'inventory.update': 'Changed an item',
  'inventory.delete': 'Deleted or archived an item',
  'inventory.unarchive': 'Unarchived an item',
  'purchase_orders.create': 'Created a purchase order',
  'purchase_orders.receive': 'Received a purchase order',
  'purchase_orders.ship': 'Marked an order shipped',
  'purchase_orders.cancel': 'Cancelled a purchase order',
  'recipes.create': 'Added a recipe',
  'recipes.update': 'Changed a recipe',
  'recipes.delete': 'Deleted a recipe',
  'recipes.restore': 'Restored a recipe',
  'production.create': 'Created a batch',
  'production.start': 'Started a batch',
  'production.complete': 'Completed a batch',
  'production.cancel': 'Cancelled a batch',
  'production.update': 'Changed a batch',
  'sales.create': 'Recorded a sale',
  'sales.standing_orders': 'Changed a standing order',
  'sales.order_pause': 'Paused a distributor’s orders',
  'sales.order_unpause': 'Removed an order pause',
  'sales.day_order': 'Changed a day’s order',
  'sales.price': 'Set a bread price',
  'sales.dispatch': 'Dispatched a distributor’s loaves',
  'sales.settle': 'Settled a distributor’s day',
  'sales.write_off': 'Wrote off loaves',
  'distributors.create': 'Added a distributor',
  'distributors.update': 'Changed a distributor',
  'distributors.delete': 'Deleted or archived a distributor',
  'distributors.unarchive': 'Unarchived a distributor',
  'distributors.payment': 'Recorded a payment',
  'distributors.return': 'Recorded a return',
  'distributors.credit': 'Changed credit limit or terms',
  'distributors.reminder': 'Sent a statement or reminder',
  'distributors.link_create': 'Made a statement link',
  'distributors.link_revoke': 'Revoked a statement link',
  'distributors.transfer_confirm': 'Confirmed a transfer',
  'distributors.transfer_reject': 'Rejected a transfer',
  'notifications.read': 'Marked notifications read',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

/** The words for an action; an action of a route added later shows as it is stored. */
export function auditActionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
}

/** The module part of an action: "sales.create" → "sales". */
export function auditModuleOf(action: string): string {
  return action.split('.', 1)[0] ?? action;
}

export const AUDIT_RECORD_LABELS: Record<string, string> = {
  user: 'User',
  role: 'Role',
  settings: 'Settings',
  inventory_item: 'Inventory item',
  purchase_order: 'Purchase order',
  recipe: 'Recipe',
  production_batch: 'Production batch',
  sale: 'Sale',
  distributor: 'Distributor',
  distributor_payment: 'Payment',
  bread_return: 'Return',
  standing_order: 'Standing order',
  order_pause: 'Order pause',
  day_order: 'Day’s order',
  bread_waste: 'Write-off',
  notification: 'Notification',
};

export function auditRecordLabel(recordType: string): string {
  return AUDIT_RECORD_LABELS[recordType] ?? recordType;
}

/** Who filter: a user's id, or "none" for calls made without signing in. */
export const NO_USER = 'none';

/**
 * `GET /api/admin/audit` and the Audit Trail's filter row: who, module or
 * exact action, record id, outcome, Lagos calendar dates, and paging (newest
 * first). Every filter is optional.
 */
export const auditQuerySchema = pageSchema
  .extend({
    userId: z
      .union([z.uuid().toLowerCase(), z.literal(NO_USER)], {
        error: 'Choose a user',
      })
      .optional(),
    module: z.enum(AUDIT_MODULES, { error: 'Choose a module' }).optional(),
    action: z
      .string({ error: 'Action must be text' })
      .regex(/^[a-z_]{1,40}\.[a-z_]{1,40}$/, { error: 'Action looks like "sales.create"' })
      .optional(),
    recordId: z
      .string({ error: 'Record id must be text' })
      .trim()
      .pipe(z.uuid({ error: 'Enter a whole record id (like 3f2b9c1e-…-…)' }).toLowerCase())
      .optional(),
    outcome: z.enum(['succeeded', 'refused'], { error: 'Choose succeeded or refused' }).optional(),
    ...dateRangeFields,
  })
  .refine(datesInOrder, END_BEFORE_START);
export type AuditQuery = z.input<typeof auditQuerySchema>;

/** One row of the audit trail as `GET /api/admin/audit` sends it. */
export const auditEventSchema = z.object({
  id: z.string(),
  /** ISO instant. */
  at: instant,
  userId: z.string().nullable(),
  /** As it was at the time (the user may since have been renamed or deleted). */
  username: z.string().nullable(),
  action: z.string(),
  method: z.string(),
  /** The route as the router knows it, e.g. "/api/inventory/:id". */
  route: z.string(),
  recordType: z.string().nullable(),
  recordId: z.string().nullable(),
  status: z.number(),
  clientAddress: z.string().nullable(),
  /** What was sent (passwords replaced by "[redacted]", long values cut) and, on refusal, why. */
  summary: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;
