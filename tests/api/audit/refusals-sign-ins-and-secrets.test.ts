import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../src/server/db/raw-results';
import { MAX_SUMMARY_CHARS } from '../../../src/server/modules/audit/summary';
import { ApiClient, validUser } from '../../support/api-client';
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
        route.access.kind !== 'signed-in',
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
      expect(event.action).toBe(route.audit?.action);
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
