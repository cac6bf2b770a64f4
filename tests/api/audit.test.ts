/**
 * The audit trail: every write route read from the router leaves an event with
 * the right user, action, record and status, refused writes too; sign-ins and
 * failed sign-ins are recorded without what was typed; no password or hash is
 * ever kept; admins read it with filters, nobody else can.
 */
import { randomUUID } from 'node:crypto';
import { desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../src/domain/audit';
import { businessDate } from '../../src/domain/time';
import { ROUTE_ACCESS } from '../../src/server/auth/access';
import { rowsOf } from '../../src/server/db/raw-results';
import { auditEvents } from '../../src/server/db/schema';
import { ROUTE_ACTIONS } from '../../src/server/modules/audit/actions';
import { MAX_SUMMARY_CHARS } from '../../src/server/modules/audit/summary';
import { ApiClient, type Reply, validUser } from '../support/api-client';
import { createRole, firstAdmin, userWithRole } from '../support/personas';
import { createTestApp, type TestApp } from '../support/test-app';

let testApp: TestApp;
let admin: ApiClient;
let adminId: string;
beforeAll(async () => {
  // The sign-in throttle has its own tests; failed sign-ins here must not trip it.
  testApp = await createTestApp({
    throttle: { perUsername: 1000, perAddress: 1000, windowMs: 60_000 },
  });
  admin = await firstAdmin(testApp);
  adminId = (await admin.get<{ id: string }>('/api/auth/user')).body.id;
});
afterAll(() => testApp.close());

type Row = typeof auditEvents.$inferSelect;
type Method = 'POST' | 'PATCH' | 'PUT' | 'DELETE';

const allRows = () =>
  testApp.database.db
    .select()
    .from(auditEvents)
    .orderBy(desc(auditEvents.at), desc(auditEvents.id));

async function rowCount(): Promise<number> {
  const [row] = await testApp.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditEvents);
  return Number(row?.n);
}

/**
 * Calls `route` with its `:id` filled in and expects exactly one new audit
 * event, which it returns with the reply.
 */
async function callAndRecord<T = Record<string, unknown>>(
  client: ApiClient,
  method: Method,
  route: string,
  options: { id?: string; body?: unknown } = {},
): Promise<{ reply: Reply<T>; event: Row }> {
  const before = await rowCount();
  const url = route.replace(':id', options.id ?? '');
  const reply = await client.call<T>(method, url, options.body);
  expect(await rowCount(), `${method} ${url}`).toBe(before + 1);
  const [event] = await allRows().limit(1);
  if (!event) throw new Error('no event');
  return { reply, event };
}

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
      body: { minStock: 20 },
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
      body: { description: 'Soft and sweet' },
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
    expect(writes.filter((key) => !ROUTE_ACTIONS[key])).toEqual([]);
  });
});

describe('refused writes are recorded with their status', () => {
  let staff: ApiClient;
  let staffId: string;
  beforeAll(async () => {
    const roleId = await createRole(admin, 'Readers Only', {
      canRead: true,
      canWrite: false,
      canDelete: false,
    });
    staff = await userWithRole(testApp, admin, 'reader', roleId);
    staffId = (await staff.get<{ id: string }>('/api/auth/user')).body.id;
  });

  it('records a write the user may not make, on every write route, as 403 with the record', async () => {
    // Signed-in writes (marking one's own notifications read) are open to every user.
    const writes = testApp.app.apiRoutes.filter(
      (route) =>
        route.method !== 'GET' &&
        !route.url.startsWith('/api/auth/') &&
        ROUTE_ACCESS[`${route.method} ${route.url}`]?.kind !== 'signed-in',
    );
    for (const route of writes) {
      const id = randomUUID();
      const { reply, event } = await callAndRecord(staff, route.method as Method, route.url, {
        id,
        body: {},
      });
      expect({ route, status: reply.status }).toEqual({ route, status: 403 });
      expect(event, `${route.method} ${route.url}`).toMatchObject({
        userId: staffId,
        username: 'baker_reader',
        method: route.method,
        route: route.url,
        status: 403,
        recordId: route.url.includes(':id') ? id : null,
        summary: { error: expect.any(String) },
      });
      expect(event.action).toBe(ROUTE_ACTIONS[`${route.method} ${route.url}`]?.action);
    }
  });

  it('records a signed-out write as 401 with no user, and a bad one as 400 with why', async () => {
    const stranger = new ApiClient(testApp);
    const { reply, event } = await callAndRecord(stranger, 'POST', '/api/inventory', {
      body: { name: 'Sneaky' },
    });
    expect(reply.status).toBe(401);
    // Refused before the body was read: nothing of it is kept.
    expect(event).toMatchObject({
      userId: null,
      username: null,
      status: 401,
      summary: { error: 'Please sign in to continue' },
    });

    const bad = await callAndRecord(admin, 'POST', '/api/inventory', {
      body: { name: 'Yeast', category: 'nonsense', unit: 'kg' },
    });
    expect(bad.reply.status).toBe(400);
    expect(bad.event).toMatchObject({
      userId: adminId,
      action: 'inventory.create',
      status: 400,
      recordId: null,
      summary: { input: { name: 'Yeast', category: 'nonsense' }, error: expect.any(String) },
    });

    const missing = randomUUID();
    const gone = await callAndRecord(admin, 'PATCH', '/api/inventory/:id', {
      id: missing,
      body: { minStock: 1 },
    });
    expect(gone.event).toMatchObject({ status: 404, recordId: missing });
  });

  it('records a cross-site write with the user whose cookie it carried', async () => {
    const before = await rowCount();
    const reply = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/inventory/${randomUUID()}`,
      headers: { origin: 'https://evil.example', cookie: admin.sessionCookie ?? '' },
    });
    expect(reply.statusCode).toBe(403);
    expect(await rowCount()).toBe(before + 1);
    const [event] = await allRows().limit(1);
    expect(event).toMatchObject({
      userId: adminId,
      action: 'inventory.delete',
      status: 403,
      summary: { error: 'Cross-site request refused' },
    });
  });

  it('keeps the client address as TRUST_PROXY says (not what a client wrote)', async () => {
    await testApp.app.inject({
      method: 'POST',
      url: '/api/inventory',
      remoteAddress: '10.1.2.3',
      headers: { 'x-forwarded-for': '6.6.6.6', cookie: admin.sessionCookie ?? '' },
      payload: {},
    });
    const [event] = await allRows().limit(1);
    expect(event?.clientAddress).toBe('10.1.2.3');
  });

  it('keeps a small summary whatever is sent: cut, capped and storable', async () => {
    const huge = {
      name: `${'x'.repeat(5000)}\u0000\uD800`,
      notes: Array.from({ length: 5000 }, (_, i) => i),
      nested: { a: { b: { c: { d: { e: 'deep' } } } } },
      ...Object.fromEntries(
        Array.from({ length: 80 }, (_, i) => [
          `field_${i}_${'k'.repeat(70)}`,
          '\u001b'.repeat(300),
        ]),
      ),
    };
    const { reply, event } = await callAndRecord(admin, 'POST', '/api/inventory', { body: huge });
    expect(reply.status).toBe(400);
    const text = JSON.stringify(event.summary);
    expect(text.length).toBeLessThanOrEqual(MAX_SUMMARY_CHARS);

    const small = await callAndRecord(admin, 'POST', '/api/inventory', {
      body: { name: `a\u0000b${'y'.repeat(300)}`, list: Array.from({ length: 15 }, (_, i) => i) },
    });
    const input = (small.event.summary as { input: { name: string; list: unknown[] } }).input;
    // Cut to 200 characters, then the NUL removed.
    expect(input.name).toBe(`ab${'y'.repeat(197)}…`);
    expect(input.list).toHaveLength(11);
    expect(input.list[10]).toBe('… 5 more');
  });
  it('records hostile bodies as they can be stored (jsonb refuses NUL and half surrogates)', async () => {
    const hostile = [
      '\u0000',
      'a\u0000b',
      '\uD800',
      'x\uDFFFy',
      '\uDBFF\uDBFF',
      '😀'.repeat(150),
      "'; drop table audit_events; --",
      '\u001B[31mred',
      1e308,
      -0,
      Number.MAX_SAFE_INTEGER + 2,
      null,
      [null, [[[[['deep']]]]]],
      { $gt: '' },
    ];
    for (const value of hostile) {
      const body = { name: value, [`key${String(value).slice(0, 5)}`]: value, nested: { value } };
      const { reply, event } = await callAndRecord(admin, 'POST', '/api/inventory', { body });
      expect(reply.status).toBe(400);
      expect(event.status).toBe(400);
      expect(JSON.stringify(event.summary)).not.toMatch(/\\u0000|\\ud[89ab]/i);
    }
  });
});

describe('sign-in events', () => {
  it('records a failed sign-in against the account typed, without the password', async () => {
    const client = new ApiClient(testApp);
    const { reply, event } = await callAndRecord(client, 'POST', '/api/auth/login', {
      body: { username: 'BAKER_ADMIN', password: 'wrong-password-typed' },
    });
    expect(reply.status).toBe(401);
    expect(event).toMatchObject({
      action: 'auth.login_failed',
      userId: adminId,
      username: 'baker_admin',
      recordType: 'user',
      recordId: adminId,
      status: 401,
      summary: { error: 'Invalid username or password' },
    });
    expect(JSON.stringify(event)).not.toContain('wrong-password-typed');
  });

  it('keeps nothing of a name that is no account (it may be a password typed in the wrong field)', async () => {
    const client = new ApiClient(testApp);
    const { event } = await callAndRecord(client, 'POST', '/api/auth/login', {
      body: { username: 'MySecretPass99', password: 'x' },
    });
    expect(event).toMatchObject({
      action: 'auth.login_failed',
      userId: null,
      username: null,
      recordId: null,
      status: 401,
    });
    expect(JSON.stringify(event)).not.toContain('MySecretPass99');
  });

  it('keeps nothing typed of a refused registration', async () => {
    const client = new ApiClient(testApp);
    const { reply, event } = await callAndRecord(client, 'POST', '/api/auth/register', {
      body: validUser('admin', { password: 'taken-name-pass-1' }),
    });
    expect(reply.status).toBe(409);
    expect(event).toMatchObject({
      action: 'auth.register',
      userId: null,
      status: 409,
      summary: { error: 'Username already exists' },
    });
    expect(JSON.stringify(event)).not.toContain('taken-name-pass-1');
  });
});

describe('no password or hash in any audit row', () => {
  it('after register, sign-in, user creation and password changes', async () => {
    const passwords = ['register-pass-77', 'created-pass-88', 'changed-pass-99', 'own-change-11'];
    const client = new ApiClient(testApp);
    expect(
      (await client.post('/api/auth/register', validUser('hashless', { password: passwords[0] })))
        .status,
    ).toBe(201);
    expect(
      (await client.post('/api/auth/login', { username: 'baker_hashless', password: passwords[0] }))
        .status,
    ).toBe(200);
    const created = await admin.post<{ id: string }>('/api/admin/users', {
      username: 'hashless_two',
      email: 'hashless_two@bakery.ng',
      password: passwords[1],
      firstName: 'No',
      lastName: 'Hash',
    });
    expect(created.status).toBe(201);
    expect(
      (await admin.patch(`/api/admin/users/${created.body.id}`, { password: passwords[2] })).status,
    ).toBe(200);
    const users = await admin.get<{ id: string; username: string }[]>('/api/admin/users');
    const hashless = users.body.find((u) => u.username === 'baker_hashless');
    expect(
      (await admin.patch(`/api/admin/users/${hashless?.id}`, { password: passwords[3] })).status,
    ).toBe(200);

    const dump = JSON.stringify(await allRows());
    for (const password of [...passwords, 'correct-horse-1', 'staff-secret-1', 'staff-secret-2']) {
      expect(dump).not.toContain(password);
    }
    expect(dump).not.toMatch(/\$argon2|password_?hash/i);
    // It is said that a password was set, not what it was.
    const change = (await allRows()).find(
      (r) => r.action === 'users.update' && r.recordId === created.body.id,
    );
    expect(change?.summary).toEqual({ input: { password: '[redacted]' } });
  });
});

describe('GET /api/admin/audit', () => {
  const list = (query = '') => admin.get<AuditEvent[]>(`/api/admin/audit${query}`);

  it('is for admins only', async () => {
    const roleId = await createRole(admin, 'Everything But Admin', {
      canRead: true,
      canWrite: true,
      canDelete: true,
    });
    const manager = await userWithRole(testApp, admin, 'manager', roleId);
    const refused = await manager.get('/api/admin/audit');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Only administrators can do this' });
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

describe('when the audit row cannot be written', () => {
  it('the write is refused and nothing of it is kept: a write never commits without its event', async () => {
    const { db } = testApp.database;
    await db.execute(
      sql`alter table audit_events add constraint audit_refuses_all check (false) not valid`,
    );
    try {
      const before = await rowCount();
      const reply = await admin.post<{ id: string }>('/api/inventory', {
        name: 'Written without its event',
        category: 'supplies',
        unit: 'units',
      });
      expect(reply.status).toBe(500);
      const names = (await admin.get<{ name: string }[]>('/api/inventory')).body.map((i) => i.name);
      expect(names).not.toContain('Written without its event');
      expect(await rowCount()).toBe(before);
    } finally {
      await db.execute(sql`alter table audit_events drop constraint audit_refuses_all`);
    }
  });

  it('a write that commits has its event in the same transaction (same commit time)', async () => {
    const reply = await admin.post<{ id: string }>('/api/inventory', {
      name: 'Kept with its event',
      category: 'supplies',
      unit: 'units',
    });
    expect(reply.status).toBe(201);
    const { db } = testApp.database;
    // now() is the transaction's start: one transaction gives the item and its event one time.
    const rows = await rowsOf<{ same: boolean }>(
      db,
      sql`select i.created_at = e.at as same
          from inventory_items i join audit_events e on e.record_id = i.id
          where i.id = ${reply.body.id} and e.action = 'inventory.create'`,
    );
    expect(rows).toEqual([{ same: true }]);
  });
});
