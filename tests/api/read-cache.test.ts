import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/connection';
import { type ApiClient, signedInClient } from '../support/api-client';
import { createTestApp, scratchPostgres, type TestApp, testConfig } from '../support/test-app';

const item = (name: string) => ({
  name,
  category: 'ingredients',
  unit: 'kg',
  currentStock: 10,
  minStock: 0,
  unitCost: 100,
});

describe('cached reads after a write', () => {
  let testApp: TestApp;
  let admin: ApiClient;
  afterAll(() => testApp?.close());

  it('a report read right after a write shows the write', async () => {
    testApp = await createTestApp();
    admin = await signedInClient(testApp, 'admin');
    await admin.post('/api/inventory', item('Flour'));
    const before = await admin.get<{ totalItems: number }>('/api/reports/inventory');
    expect(before.body.totalItems).toBe(1);
    await admin.post('/api/inventory', item('Sugar'));
    const after = await admin.get<{ totalItems: number }>('/api/reports/inventory');
    expect(after.body.totalItems).toBe(2);
  });

  it('a write refused by validation still leaves no stale answer behind', async () => {
    const refused = await admin.post('/api/inventory', { name: '' });
    expect(refused.status).toBe(400);
    const report = await admin.get<{ totalItems: number }>('/api/reports/inventory');
    expect(report.body.totalItems).toBe(2);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('two app processes on one PostgreSQL', () => {
  it('a write through one app empties the other app’s cache', async () => {
    const scratch = await scratchPostgres(serverUrl as string);
    const first = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 3 });
    const second = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 3 });
    const apps: TestApp[] = [];
    try {
      for (const handle of [first, second]) {
        const app = await buildApp({
          config: testConfig(),
          db: handle.db,
          changes: handle.changes,
        });
        await app.ready();
        apps.push({ app, database: handle, close: () => app.close() });
      }
      const [one, two] = apps as [TestApp, TestApp];
      const writer = await signedInClient(one, 'admin');
      await writer.post('/api/inventory', item('Flour'));
      // The same session, used on the other app: sessions live in the database.
      const read = () =>
        two.app.inject({
          method: 'GET',
          url: '/api/reports/inventory',
          headers: { cookie: writer.sessionCookie ?? '' },
        });
      expect((await read()).json().totalItems).toBe(1);
      // The notice crosses over PostgreSQL's LISTEN/NOTIFY: allow it a moment.
      const seenAfter = async (items: number) => {
        let seen = 0;
        for (let attempt = 0; attempt < 50 && seen !== items; attempt += 1) {
          seen = (await read()).json().totalItems;
          if (seen !== items) await new Promise((resolve) => setTimeout(resolve, 50));
        }
        return seen;
      };
      await writer.post('/api/inventory', item('Sugar'));
      expect(await seenAfter(2)).toBe(2);

      // The listening connections are cut (a restart of PostgreSQL, a network
      // blip): each app forgets its cache and listens again.
      await first.db.execute(sql`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query = 'listen bakery_changes'`);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect((await read()).json().totalItems).toBe(2);
      await writer.post('/api/inventory', item('Yeast'));
      expect(await seenAfter(3)).toBe(3);

      // A user signed in through the second app, deactivated through the first:
      // refused on the second as soon as the notice arrives.
      const leaver = await signedInClient(two, 'leaver');
      const leaverId = (await leaver.get<{ id: string }>('/api/auth/user')).body.id;
      await writer.post('/api/inventory', item('Salt'));
      expect(await seenAfter(4)).toBe(4);
      expect((await leaver.get('/api/auth/user')).status).toBe(200);
      await writer.patch(`/api/admin/users/${leaverId}`, { isActive: false });
      let status = 200;
      for (let attempt = 0; attempt < 50 && status === 200; attempt += 1) {
        status = (await leaver.get('/api/auth/user')).status;
        if (status === 200) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(status).toBe(401);
    } finally {
      for (const app of apps) await app.close();
      await first.close();
      await second.close();
      await scratch.drop();
    }
  });
});
