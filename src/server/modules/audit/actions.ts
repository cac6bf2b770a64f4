import type { RouteAudit } from '../../../domain/contracts/contract';

type RouteAction = RouteAudit;

/**
 * Audit actions of the write routes not yet declared by a contract, keyed
 * "METHOD /url". Each entry goes when its route gets a contract.
 */
export const ROUTE_ACTIONS: Record<string, RouteAction> = {
  'POST /api/auth/login': {
    action: 'auth.login',
    recordType: 'user',
    refine: ({ status }) => (status < 400 ? 'auth.login' : 'auth.login_failed'),
  },
  'POST /api/auth/logout': { action: 'auth.logout', recordType: 'user' },
  'POST /api/auth/register': { action: 'auth.register', recordType: 'user' },

  'POST /api/admin/users': { action: 'users.create', recordType: 'user' },
  'PATCH /api/admin/users/:id': { action: 'users.update', recordType: 'user' },
  'DELETE /api/admin/users/:id': { action: 'users.delete', recordType: 'user' },
  'POST /api/admin/roles': { action: 'roles.create', recordType: 'role' },
  'PATCH /api/admin/roles/:id': { action: 'roles.update', recordType: 'role' },
  'DELETE /api/admin/roles/:id': { action: 'roles.delete', recordType: 'role' },
  'PUT /api/admin/roles/:id/permissions': { action: 'roles.permissions', recordType: 'role' },
  'PUT /api/admin/settings': { action: 'settings.update', recordType: 'settings' },

  'POST /api/sales-transactions': { action: 'sales.create', recordType: 'sale' },

  'POST /api/notifications/read': { action: 'notifications.read', recordType: 'notification' },

  'POST /api/distributors': { action: 'distributors.create', recordType: 'distributor' },
  'PATCH /api/distributors/:id': { action: 'distributors.update', recordType: 'distributor' },
  'DELETE /api/distributors/:id': { action: 'distributors.delete', recordType: 'distributor' },
  'PATCH /api/distributors/:id/unarchive': {
    action: 'distributors.unarchive',
    recordType: 'distributor',
  },
  'POST /api/distributor-payments': {
    action: 'distributors.payment',
    recordType: 'distributor_payment',
  },
  'POST /api/bread-returns': { action: 'distributors.return', recordType: 'bread_return' },
};

const VERBS: Record<string, string> = {
  POST: 'create',
  PUT: 'update',
  PATCH: 'update',
  DELETE: 'delete',
};

/**
 * The action and record type of a write to `route` (as its contract's audit
 * declares), given what was sent and how it ended.
 */
export function actionOf(
  method: string,
  route: string,
  audit: RouteAudit | undefined,
  input: { body: unknown; status: number },
): { action: string; recordType: string | null } {
  const known = audit ?? ROUTE_ACTIONS[`${method} ${route}`];
  if (!known) return { action: `other.${VERBS[method] ?? 'write'}`, recordType: null };
  return { action: known.refine?.(input) ?? known.action, recordType: known.recordType };
}
