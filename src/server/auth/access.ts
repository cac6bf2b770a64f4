import type { ModuleKey } from '../../domain/modules';
import { MODULE_DISPLAY_NAMES } from '../../domain/modules';
import { type AccessSubject, hasRight, type Right } from '../../domain/permissions';

/** Who may call a route. Every API route has exactly one entry in ROUTE_ACCESS. */
export type Access =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  | { kind: 'admin' }
  | { kind: 'module'; module: ModuleKey; right: Right }
  /** Look-ups another module's form needs: any one of these rights will do. */
  | { kind: 'any-of'; rules: AccessRule[] };

interface AccessRule {
  module: ModuleKey;
  right: Right;
  /**
   * A caller let in by this rule alone (a form's right, not the list's read)
   * gets only these fields of each record: what the form needs.
   */
  fields?: readonly string[];
}

/** What the recipe and purchase order forms need to choose an item. */
const ITEM_CHOICE = ['id', 'name', 'category', 'unit', 'archived'] as const;

const PUBLIC: Access = { kind: 'public' };
const SIGNED_IN: Access = { kind: 'signed-in' };
const ADMIN: Access = { kind: 'admin' };

/**
 * The one table of who may call what, keyed by "METHOD /url" as the router
 * knows it. A route missing here refuses to register (and the guard refuses
 * the call), so a new route cannot be left open by accident.
 */
export const ROUTE_ACCESS: Record<string, Access> = {
  'GET /api/app-info': PUBLIC,
  'POST /api/auth/login': PUBLIC,
  'POST /api/auth/register': PUBLIC,
  'POST /api/auth/logout': PUBLIC,
  'GET /api/auth/user': SIGNED_IN,

  // The recipe, purchase order and batch forms choose items from the inventory
  // list; the batch form also warns when stock is short, so it sees the stock,
  // and the order form when a line's price is far from the item's cost.
  'GET /api/inventory': {
    kind: 'any-of',
    rules: [
      { module: 'inventory', right: 'read' },
      { module: 'recipes', right: 'write', fields: ITEM_CHOICE },
      { module: 'purchase_orders', right: 'write', fields: [...ITEM_CHOICE, 'unitCost'] },
      { module: 'production', right: 'write', fields: [...ITEM_CHOICE, 'currentStock'] },
    ],
  },
  'GET /api/inventory/low-stock': { kind: 'module', module: 'inventory', right: 'read' },
  'POST /api/inventory': { kind: 'module', module: 'inventory', right: 'write' },
  'PATCH /api/inventory/:id': { kind: 'module', module: 'inventory', right: 'write' },
  // Delete archives an item with history; unarchiving undoes it, with the same right.
  'DELETE /api/inventory/:id': { kind: 'module', module: 'inventory', right: 'delete' },
  'POST /api/inventory/:id/unarchive': { kind: 'module', module: 'inventory', right: 'delete' },
  'GET /api/inventory/:id/movements': { kind: 'module', module: 'inventory', right: 'read' },

  'GET /api/purchase-orders': { kind: 'module', module: 'purchase_orders', right: 'read' },
  'GET /api/purchase-orders/summary': { kind: 'module', module: 'purchase_orders', right: 'read' },
  'POST /api/purchase-orders': { kind: 'module', module: 'purchase_orders', right: 'write' },
  'PATCH /api/purchase-orders/:id/receive': {
    kind: 'module',
    module: 'purchase_orders',
    right: 'write',
  },
  'PATCH /api/purchase-orders/:id/ship': {
    kind: 'module',
    module: 'purchase_orders',
    right: 'write',
  },
  'PATCH /api/purchase-orders/:id/cancel': {
    kind: 'module',
    module: 'purchase_orders',
    right: 'write',
  },

  // The batch form chooses from the recipes and scales their ingredients.
  'GET /api/recipes': {
    kind: 'any-of',
    rules: [
      { module: 'recipes', right: 'read' },
      {
        module: 'production',
        right: 'write',
        fields: ['id', 'name', 'baseFlourKg', 'ingredients'],
      },
    ],
  },
  'POST /api/recipes': { kind: 'module', module: 'recipes', right: 'write' },
  'PATCH /api/recipes/:id': { kind: 'module', module: 'recipes', right: 'write' },
  'DELETE /api/recipes/:id': { kind: 'module', module: 'recipes', right: 'delete' },
  // Undo of a delete needs the same right as the delete.
  'POST /api/recipes/:id/restore': { kind: 'module', module: 'recipes', right: 'delete' },

  'GET /api/production-batches': { kind: 'module', module: 'production', right: 'read' },
  'GET /api/production-batches/summary': { kind: 'module', module: 'production', right: 'read' },
  'POST /api/production-batches': { kind: 'module', module: 'production', right: 'write' },
  // Starting, completing and cancelling are all changes of a batch: cancelling deletes nothing.
  'PATCH /api/production-batches/:id': { kind: 'module', module: 'production', right: 'write' },
  'GET /api/production-batches/:id/cost': { kind: 'module', module: 'production', right: 'read' },

  'GET /api/production-history': { kind: 'module', module: 'production_history', right: 'read' },
  'GET /api/production-history/summary': {
    kind: 'module',
    module: 'production_history',
    right: 'read',
  },

  // The sale form chooses from the available loaves and the distributors.
  'GET /api/available-loaves': {
    kind: 'any-of',
    rules: [
      { module: 'sales', right: 'read' },
      { module: 'sales', right: 'write' },
    ],
  },
  'GET /api/sales-transactions': { kind: 'module', module: 'sales', right: 'read' },
  'GET /api/sales-transactions/summary': { kind: 'module', module: 'sales', right: 'read' },
  'POST /api/sales-transactions': { kind: 'module', module: 'sales', right: 'write' },

  'GET /api/distributors': { kind: 'module', module: 'distributors', right: 'read' },
  // The sale form's choice of distributor: names and ids, no addresses or accounts.
  'GET /api/distributors/options': {
    kind: 'any-of',
    rules: [
      { module: 'distributors', right: 'read' },
      { module: 'sales', right: 'write' },
    ],
  },
  'GET /api/distributors/:id': { kind: 'module', module: 'distributors', right: 'read' },
  'POST /api/distributors': { kind: 'module', module: 'distributors', right: 'write' },
  'PATCH /api/distributors/:id': { kind: 'module', module: 'distributors', right: 'write' },
  // Archiving is what delete does to a distributor with records; unarchiving undoes it.
  'DELETE /api/distributors/:id': { kind: 'module', module: 'distributors', right: 'delete' },
  'PATCH /api/distributors/:id/unarchive': {
    kind: 'module',
    module: 'distributors',
    right: 'delete',
  },
  'GET /api/distributors/:id/returnable': { kind: 'module', module: 'distributors', right: 'read' },
  'GET /api/distributors/:id/statement': { kind: 'module', module: 'distributors', right: 'read' },
  'GET /api/distributors/:id/statement.csv': {
    kind: 'module',
    module: 'distributors',
    right: 'read',
  },
  'GET /api/distributor-payments': { kind: 'module', module: 'distributors', right: 'read' },
  'POST /api/distributor-payments': { kind: 'module', module: 'distributors', right: 'write' },
  'GET /api/bread-returns': { kind: 'module', module: 'distributors', right: 'read' },
  'POST /api/bread-returns': { kind: 'module', module: 'distributors', right: 'write' },

  'GET /api/accounting/summary': { kind: 'module', module: 'accounting', right: 'read' },
  'GET /api/accounting/income': { kind: 'module', module: 'accounting', right: 'read' },
  'GET /api/accounting/expenditures': { kind: 'module', module: 'accounting', right: 'read' },
  'GET /api/accounting/income/sales.csv': { kind: 'module', module: 'accounting', right: 'read' },
  'GET /api/accounting/income/payments.csv': {
    kind: 'module',
    module: 'accounting',
    right: 'read',
  },
  'GET /api/accounting/expenditures.csv': { kind: 'module', module: 'accounting', right: 'read' },

  // Reports is open to every signed-in user; each tab needs read on its module.
  'GET /api/reports/returns': { kind: 'module', module: 'distributors', right: 'read' },
  'GET /api/reports/returns/history': { kind: 'module', module: 'distributors', right: 'read' },
  'GET /api/reports/returns/history.csv': {
    kind: 'module',
    module: 'distributors',
    right: 'read',
  },
  'GET /api/reports/sales': { kind: 'module', module: 'sales', right: 'read' },
  'GET /api/reports/production': { kind: 'module', module: 'production', right: 'read' },
  'GET /api/reports/inventory': { kind: 'module', module: 'inventory', right: 'read' },
  'GET /api/reports/financial': { kind: 'module', module: 'accounting', right: 'read' },

  // Every signed-in user has a dashboard; it holds only the modules they can read.
  'GET /api/dashboard/summary': SIGNED_IN,
  // Everyone has a bell; the service lists only the kinds whose module the caller may read.
  'GET /api/notifications': SIGNED_IN,
  'POST /api/notifications/read': SIGNED_IN,

  'GET /api/admin/users': ADMIN,
  'POST /api/admin/users': ADMIN,
  'PATCH /api/admin/users/:id': ADMIN,
  'DELETE /api/admin/users/:id': ADMIN,
  'GET /api/admin/settings': ADMIN,
  'PUT /api/admin/settings': ADMIN,
  // The bakery's name, address and phone head every printed document.
  'GET /api/letterhead': SIGNED_IN,
  'GET /api/admin/modules': ADMIN,
  'GET /api/admin/roles': ADMIN,
  'POST /api/admin/roles': ADMIN,
  'PATCH /api/admin/roles/:id': ADMIN,
  'DELETE /api/admin/roles/:id': ADMIN,
  'PUT /api/admin/roles/:id/permissions': ADMIN,
  'GET /api/admin/audit': ADMIN,
  'GET /api/openapi.json': ADMIN,
};

export function routeKey(method: string, url: string): string {
  // Fastify adds a HEAD route beside every GET; both need the same right.
  return `${method === 'HEAD' ? 'GET' : method} ${url}`;
}

/**
 * The fields of each record a look-up shows this caller: undefined for all of
 * them (a rule without `fields` lets the caller in), else those of every rule
 * that does.
 */
export function visibleFields(
  access: Access,
  subject: AccessSubject,
): ReadonlySet<string> | undefined {
  if (access.kind !== 'any-of') return undefined;
  const held = access.rules.filter((rule) => hasRight(subject, rule.module, rule.right));
  if (held.some((rule) => !rule.fields)) return undefined;
  return new Set(held.flatMap((rule) => rule.fields ?? []));
}

/** A write to a module answers in full only to a caller who may read that module. */
export function readsWrittenModule(access: Access, subject: AccessSubject): boolean {
  return access.kind !== 'module' || hasRight(subject, access.module, 'read');
}

export function isAllowed(access: Access, subject: AccessSubject): boolean {
  switch (access.kind) {
    case 'public':
    case 'signed-in':
      return true;
    case 'admin':
      return subject.isAdmin;
    case 'module':
      return hasRight(subject, access.module, access.right);
    case 'any-of':
      return access.rules.some((rule) => hasRight(subject, rule.module, rule.right));
  }
}

const VERB: Record<Right, string> = { read: 'view', write: 'change', delete: 'delete from' };

export function denialMessage(access: Access): string {
  switch (access.kind) {
    case 'admin':
      return 'Only administrators can do this';
    case 'module':
      return `You do not have permission to ${VERB[access.right]} ${MODULE_DISPLAY_NAMES[access.module]}`;
    default:
      return 'You do not have permission to do this';
  }
}

/** The rule in words, as the API description shows it. */
export function describeAccess(access: Access): string {
  switch (access.kind) {
    case 'public':
      return 'anyone';
    case 'signed-in':
      return 'any signed-in user';
    case 'admin':
      return 'administrators';
    case 'module':
      return `${access.right} on ${access.module}`;
    case 'any-of':
      return access.rules
        .map(
          (rule) =>
            `${rule.right} on ${rule.module}${rule.fields ? ` (only ${rule.fields.join(', ')})` : ''}`,
        )
        .join(' or ');
  }
}
