import { type Access, ADMIN, PUBLIC, SIGNED_IN } from '../../domain/access';

/**
 * Access of the routes not yet declared by a contract (src/domain/contracts),
 * keyed by "METHOD /url". Each entry goes when its route gets a contract.
 */
export const ROUTE_ACCESS: Record<string, Access> = {
  'GET /api/app-info': PUBLIC,
  'POST /api/auth/login': PUBLIC,
  'POST /api/auth/register': PUBLIC,
  'POST /api/auth/logout': PUBLIC,
  'GET /api/auth/user': SIGNED_IN,

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
