import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../../src/domain/audit';
import { businessDate } from '../../../src/domain/time';
import { ApiClient } from '../../support/api-client';
import { createRole, userWithRole } from '../../support/personas';
import {
  admin,
  adminId,
  allRows,
  callAndRecord,
  type Method,
  rowCount,
  setUpAuditApp,
  testApp,
} from './setup';

setUpAuditApp();

describe('every write is recorded', () => {
  /** The write routes this walk has made succeed, as "METHOD /url". */
  const succeeded = new Set<string>();

  /** A successful write: the event names the admin, the action, the record and the status. */
  async function write<T extends { id?: string } = { id?: string }>(
    method: Method,
    route: string,
    action: string,
    options: { id?: string; body?: unknown; status?: number; recordType?: string } = {},
  ): Promise<T> {
    const { reply, event } = await callAndRecord<T>(admin, method, route, options);
    const status = options.status ?? (method === 'POST' && !options.id ? 201 : 200);
    expect(reply.status, `${method} ${route}: ${JSON.stringify(reply.body)}`).toBe(status);
    // The settings are no record: their events name none.
    const recordId = options.id ?? reply.body.id ?? null;
    expect(event).toMatchObject({
      userId: adminId,
      username: 'baker_admin',
      action,
      method,
      route,
      recordId,
      status,
      clientAddress: '127.0.0.1',
    });
    if (options.recordType) expect(event.recordType).toBe(options.recordType);
    succeeded.add(`${method} ${route}`);
    return reply.body;
  }

  it('records sign-up and sign-in of the first admin', async () => {
    const rows = await allRows();
    const register = rows.find((r) => r.action === 'auth.register');
    expect(register).toMatchObject({
      userId: adminId,
      username: 'baker_admin',
      recordType: 'user',
      recordId: adminId,
      status: 201,
      route: '/api/auth/register',
    });
    // The registration keeps what was typed, but never the password.
    expect(register?.summary).toMatchObject({
      input: { username: 'baker_admin', email: 'bakeradmin@bakery.ng', password: '[redacted]' },
    });
    expect(rows.find((r) => r.action === 'auth.login')).toMatchObject({
      userId: adminId,
      recordId: adminId,
      status: 200,
      summary: null,
    });
    succeeded.add('POST /api/auth/register');
    succeeded.add('POST /api/auth/login');
  });

  it('records every kind of write with the admin, the action, the record and the status', async () => {
    const flour = await write('POST', '/api/inventory', 'inventory.create', {
      recordType: 'inventory_item',
      body: {
        name: 'Flour',
        category: 'ingredients',
        unit: 'kg',
        currentStock: 100,
        minStock: 10,
        unitCost: 800,
      },
    });
    const flourId = flour.id as string;
    await write('PATCH', '/api/inventory/:id', 'inventory.update', {
      id: flourId,
      body: { minStock: 20, supplier: 'Golden Penny Mills' },
    });
    const salt = await write('POST', '/api/inventory', 'inventory.create', {
      body: { name: 'Salt', category: 'ingredients', unit: 'kg', unitCost: 100 },
    });
    await write('DELETE', '/api/inventory/:id', 'inventory.delete', { id: salt.id });
    const [deleted] = await allRows().limit(1);
    expect(deleted?.summary).toMatchObject({ result: 'deleted' });
    await write('DELETE', '/api/inventory/:id', 'inventory.delete', { id: flourId });
    const [archivedItem] = await allRows().limit(1);
    expect(archivedItem?.summary).toMatchObject({ result: 'archived' });
    await write('POST', '/api/inventory/:id/unarchive', 'inventory.unarchive', { id: flourId });

    const order = {
      supplier: 'Golden Penny',
      items: [{ itemId: flourId, quantity: 5, totalCost: 5000 }],
    };
    const shipped = await write('POST', '/api/purchase-orders', 'purchase_orders.create', {
      body: order,
      recordType: 'purchase_order',
    });
    await write('PATCH', '/api/purchase-orders/:id/ship', 'purchase_orders.ship', {
      id: shipped.id,
    });
    await write('PATCH', '/api/purchase-orders/:id/receive', 'purchase_orders.receive', {
      id: shipped.id,
    });
    const dropped = await write('POST', '/api/purchase-orders', 'purchase_orders.create', {
      body: order,
    });
    await write('PATCH', '/api/purchase-orders/:id/cancel', 'purchase_orders.cancel', {
      id: dropped.id,
    });

    const recipe = await write('POST', '/api/recipes', 'recipes.create', {
      recordType: 'recipe',
      body: { name: 'Agege Bread', ingredients: [{ itemId: flourId, quantity: 1, unit: 'kg' }] },
    });
    await write('PATCH', '/api/recipes/:id', 'recipes.update', {
      id: recipe.id,
      body: { description: 'Soft and sweet', loavesPerKg: 2.5 },
    });
    await write('DELETE', '/api/recipes/:id', 'recipes.delete', { id: recipe.id });
    await write('POST', '/api/recipes/:id/restore', 'recipes.restore', { id: recipe.id });

    const batch = await write('POST', '/api/production-batches', 'production.create', {
      recordType: 'production_batch',
      body: { recipeId: recipe.id, flourKg: 2 },
    });
    await write('PATCH', '/api/production-batches/:id', 'production.start', {
      id: batch.id,
      body: { status: 'in_progress' },
    });
    await write('PATCH', '/api/production-batches/:id', 'production.complete', {
      id: batch.id,
      body: { status: 'completed', loavesProduced: 40 },
    });
    const spare = await write('POST', '/api/production-batches', 'production.create', {
      body: { recipeId: recipe.id, flourKg: 1 },
    });
    await write('PATCH', '/api/production-batches/:id', 'production.cancel', {
      id: spare.id,
      body: { status: 'cancelled' },
    });

    const shop = await write('POST', '/api/distributors', 'distributors.create', {
      recordType: 'distributor',
      body: { name: 'Mama Put', address: '12 Allen Avenue, Ikeja', phone: '0803 000 0000' },
    });
    await write('PATCH', '/api/distributors/:id', 'distributors.update', {
      id: shop.id,
      body: { phone: '0803 111 1111' },
    });
    await write('POST', '/api/sales-transactions', 'sales.create', {
      recordType: 'sale',
      body: {
        distributorId: shop.id,
        recipeName: 'Agege Bread',
        loavesTaken: 10,
        pricePerLoaf: 500,
        amountPaid: 1000,
      },
    });
    await write('POST', '/api/distributor-payments', 'distributors.payment', {
      recordType: 'distributor_payment',
      body: { distributorId: shop.id, amount: 500 },
    });
    await write('POST', '/api/bread-returns', 'distributors.return', {
      recordType: 'bread_return',
      body: {
        distributorId: shop.id,
        recipeName: 'Agege Bread',
        loavesReturned: 1,
        pricePerLoaf: 500,
        reason: 'spoiled',
      },
    });
    // The wholesale day's writes, dated far ahead so that no cut-off has passed.
    await write('POST', '/api/bread-prices', 'sales.price', {
      body: { recipeName: 'Agege Bread', pricePerLoaf: 450, effectiveFrom: '2099-06-01' },
    });
    const agegeWeek = { recipeName: 'Agege Bread', days: [40, 40, 40, 40, 40, 60, 0] };
    await write('PUT', '/api/orders/standing/:id', 'sales.standing_orders', {
      id: shop.id,
      body: { breads: [agegeWeek] },
    });
    const pause = await write('POST', '/api/orders/pauses', 'sales.order_pause', {
      recordType: 'order_pause',
      body: { distributorId: shop.id, fromDay: '2099-06-01', toDay: '2099-06-07' },
    });
    await write('DELETE', '/api/orders/pauses/:id', 'sales.order_unpause', { id: pause.id });
    await write('PUT', '/api/orders/book/:id', 'sales.day_order', {
      id: shop.id,
      body: { day: '2099-06-02', breads: [{ recipeName: 'Agege Bread', loaves: 75 }] },
    });
    // The bake plan of that far day: the order of the flour it lacks (a thousand loaves
    // more than ordered need 430 kg), then its batches.
    await write('POST', '/api/bake-plan/purchase-orders', 'purchase_orders.create', {
      recordType: 'purchase_order',
      body: { day: '2099-06-02', adjustments: { 'Agege Bread': 1000 } },
    });
    await write('POST', '/api/bake-plan/batches', 'production.create', {
      recordType: 'production_batch',
      body: { day: '2099-06-02' },
    });
    // Today's dispatch: a price and an order for today (closed at yesterday's cut-off, which
    // the admin may still change), then one of the loaves baked above loaded.
    const dispatchDay = businessDate(new Date(), 'Africa/Lagos');
    await admin.post('/api/bread-prices', {
      recipeName: 'Agege Bread',
      pricePerLoaf: 450,
      effectiveFrom: dispatchDay,
    });
    await admin.call('PUT', `/api/orders/book/${shop.id}`, {
      day: dispatchDay,
      breads: [{ recipeName: 'Agege Bread', loaves: 2 }],
    });
    await write('POST', '/api/dispatch/:id', 'sales.dispatch', {
      id: shop.id,
      status: 201,
      recordType: 'distributor',
      body: { day: dispatchDay, lines: [{ recipeName: 'Agege Bread', loaves: 1 }] },
    });
    await write('POST', '/api/settlements/:id', 'sales.settle', {
      id: shop.id,
      status: 201,
      recordType: 'distributor',
      body: {
        day: dispatchDay,
        returns: [{ recipeName: 'Agege Bread', loaves: 1, reason: 'spoiled' }],
        collected: 0,
      },
    });
    // Transfers held for confirmation (issue 19): one confirmed, one rejected, on the transfer.
    await write('PUT', '/api/admin/settings', 'settings.update', {
      body: { allowSelfRegistration: false, confirmTransfers: true },
    });
    const transfer = () =>
      write('POST', '/api/distributor-payments', 'distributors.payment', {
        body: { distributorId: shop.id, amount: 100, paymentMethod: 'bank_transfer' },
      });
    await write('POST', '/api/pending-transfers/:id/confirm', 'distributors.transfer_confirm', {
      id: (await transfer()).id,
      recordType: 'pending_transfer',
    });
    await write('POST', '/api/pending-transfers/:id/reject', 'distributors.transfer_reject', {
      id: (await transfer()).id,
      recordType: 'pending_transfer',
      body: { reason: 'No alert' },
    });
    await write('PUT', '/api/admin/settings', 'settings.update', {
      body: { allowSelfRegistration: false, confirmTransfers: false },
    });
    await write('PATCH', '/api/distributors/:id/credit', 'distributors.credit', {
      id: shop.id,
      recordType: 'distributor',
      body: { creditLimit: 50_000, paymentTermsDays: 14 },
    });
    await write('POST', '/api/distributors/:id/reminders', 'distributors.reminder', {
      id: shop.id,
      status: 201,
      recordType: 'distributor',
      body: { kind: 'reminder', channel: 'sms' },
    });
    // A statement link: made on the distributor (the body, never the token, kept), revoked on itself.
    const link = await write<{ id: string }>(
      'POST',
      '/api/distributors/:id/statement-links',
      'distributors.link_create',
      { id: shop.id, status: 201, recordType: 'distributor', body: { expiresInDays: 7 } },
    );
    await write('POST', '/api/statement-links/:id/revoke', 'distributors.link_revoke', {
      id: link.id,
      recordType: 'statement_link',
    });
    await write('POST', '/api/waste', 'sales.write_off', {
      status: 201,
      recordType: 'bread_waste',
      body: { source: 'fresh', recipeName: 'Agege Bread', loaves: 1, reason: 'damaged' },
    });
    await write('DELETE', '/api/distributors/:id', 'distributors.delete', { id: shop.id });
    const [archived] = await allRows().limit(1);
    expect(archived?.summary).toMatchObject({ result: 'archived' });
    await write('PATCH', '/api/distributors/:id/unarchive', 'distributors.unarchive', {
      id: shop.id,
    });

    const role = await write('POST', '/api/admin/roles', 'roles.create', {
      recordType: 'role',
      body: { name: 'Audit Role' },
    });
    await write('PATCH', '/api/admin/roles/:id', 'roles.update', {
      id: role.id,
      body: { description: 'Checks the trail' },
    });
    await write('PUT', '/api/admin/roles/:id/permissions', 'roles.permissions', {
      id: role.id,
      body: { permissions: [{ module: 'sales', canRead: true, canWrite: true, canDelete: false }] },
    });
    const staff = await write('POST', '/api/admin/users', 'users.create', {
      recordType: 'user',
      body: {
        username: 'audit_staff',
        email: 'audit_staff@bakery.ng',
        password: 'staff-secret-1',
        firstName: 'Audit',
        lastName: 'Staff',
        roleId: role.id,
      },
    });
    await write('PATCH', '/api/admin/users/:id', 'users.update', {
      id: staff.id,
      body: { lastName: 'Staffer', password: 'staff-secret-2' },
    });
    await write('DELETE', '/api/admin/users/:id', 'users.delete', { id: staff.id });
    await write('DELETE', '/api/admin/roles/:id', 'roles.delete', { id: role.id });
    await write('PUT', '/api/admin/settings', 'settings.update', {
      recordType: 'settings',
      body: { allowSelfRegistration: true },
    });
    // Marks, not a record: 200, naming none.
    await write('POST', '/api/notifications/read', 'notifications.read', {
      recordType: 'notification',
      body: { all: true },
      status: 200,
    });

    // Signing out is recorded as the user who signed out.
    const leaving = new ApiClient(testApp);
    await leaving.post('/api/auth/login', { username: 'baker_admin', password: 'correct-horse-1' });
    const { reply, event } = await callAndRecord(leaving, 'POST', '/api/auth/logout');
    expect(reply.status).toBe(200);
    expect(event).toMatchObject({
      action: 'auth.logout',
      userId: adminId,
      recordId: adminId,
      status: 200,
    });
    succeeded.add('POST /api/auth/logout');
  });

  it('has walked every write route of the router, each named in the action table', () => {
    const writes = testApp.app.apiRoutes
      .filter((route) => route.method !== 'GET')
      .map((route) => `${route.method} ${route.url}`);
    expect(writes.length).toBeGreaterThanOrEqual(30);
    // A new write route fails here until the walk above makes it succeed...
    expect(writes.filter((key) => !succeeded.has(key))).toEqual([]);
    // ...and until it has a name of its own (otherwise it is recorded as "other.<verb>").
    const unnamed = testApp.app.apiRoutes.filter((route) => route.method !== 'GET' && !route.audit);
    expect(unnamed.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });
});

describe('GET /api/admin/audit', () => {
  const list = (query = '') => admin.get<AuditEvent[]>(`/api/admin/audit${query}`);

  // More events than a page of 50: refused writes join the ones above (the refusal
  // tests, which used to add them, have a file and a database of their own).
  beforeAll(async () => {
    const stranger = new ApiClient(testApp);
    for (let i = 0; i < 10; i += 1) {
      expect((await stranger.post('/api/inventory', { name: `Stranger ${i}` })).status).toBe(401);
    }
  });

  it('is for admins only', async () => {
    const roleId = await createRole(admin, 'Everything But Admin', {
      canRead: true,
      canWrite: true,
      canDelete: true,
    });
    const manager = await userWithRole(testApp, admin, 'manager', roleId);
    const refused = await manager.get('/api/admin/audit');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Only administrators can do this', code: 'FORBIDDEN' });
    expect((await new ApiClient(testApp).get('/api/admin/audit')).status).toBe(401);
  });

  it('lists events newest first, a page at a time', async () => {
    const all = await list('?limit=500');
    expect(all.status).toBe(200);
    expect(all.body.length).toBeGreaterThan(50);
    const times = all.body.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    const second = await list('?limit=5&offset=5');
    expect(second.body.map((e) => e.id)).toEqual(all.body.slice(5, 10).map((e) => e.id));
    expect((await list('?limit=501')).status).toBe(400);
  });

  it('filters by user, module, action, record, outcome and Lagos dates', async () => {
    const mine = await list(`?userId=${adminId}&limit=500`);
    expect(mine.body.length).toBeGreaterThan(20);
    expect(mine.body.every((e) => e.userId === adminId)).toBe(true);

    const anonymous = await list('?userId=none&limit=500');
    expect(anonymous.body.length).toBeGreaterThan(0);
    expect(anonymous.body.every((e) => e.userId === null)).toBe(true);

    const sales = await list('?module=sales&limit=500');
    expect(sales.body.length).toBeGreaterThan(0);
    expect(sales.body.every((e) => e.action.startsWith('sales.'))).toBe(true);

    const receipts = await list('?action=purchase_orders.receive&outcome=succeeded');
    expect(receipts.body.map((e) => e.action)).toEqual(['purchase_orders.receive']);
    const orderId = receipts.body[0]?.recordId as string;

    const record = await list(`?recordId=${orderId.toUpperCase()}`);
    expect(record.body.map((e) => e.action).sort()).toEqual([
      'purchase_orders.create',
      'purchase_orders.receive',
      'purchase_orders.ship',
    ]);

    const refused = await list('?outcome=refused&limit=500');
    expect(refused.body.every((e) => e.status >= 400)).toBe(true);
    const succeeded = await list('?outcome=succeeded&limit=500');
    expect(succeeded.body.every((e) => e.status < 400)).toBe(true);

    const today = businessDate(new Date(), 'Africa/Lagos');
    const todays = await list(`?startDate=${today}&endDate=${today}&limit=500`);
    expect(todays.body.length).toBe((await list('?limit=500')).body.length);
    expect((await list('?endDate=2000-01-01')).body).toEqual([]);
    expect((await list('?startDate=2999-01-01')).body).toEqual([]);
  });

  it('refuses filters that are not ones', async () => {
    const bad = await list('?recordId=12345');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errors: [{ path: 'recordId' }] });
    expect((await list('?module=bakery')).status).toBe(400);
    expect((await list('?userId=someone')).status).toBe(400);
    const backwards = await list('?startDate=2026-02-01&endDate=2026-01-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body).toMatchObject({
      errors: [{ path: 'endDate', message: 'End date cannot be before the start date' }],
    });
  });

  it('is not itself recorded (a read changes nothing)', async () => {
    const before = await rowCount();
    await list();
    expect(await rowCount()).toBe(before);
  });
});
