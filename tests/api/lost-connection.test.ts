import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/connection';
import type { ApiClient } from '../support/api-client';
import { bakeryFixtures } from '../support/fixtures';
import { firstAdmin } from '../support/personas';
import { createTestApp, scratchPostgres, type TestApp } from '../support/test-app';

/**
 * PostgreSQL restarted, a failover, an idle connection cut by a firewall: the
 * server loses the connections it holds. The app must answer the write that
 * was using one with an error and go on serving on new connections, never
 * stop (an 'error' event no one listens to ends a Node process).
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)('connections lost under the app (PostgreSQL)', () => {
  let scratch: Awaited<ReturnType<typeof scratchPostgres>>;
  let testApp: TestApp;
  let admin: ApiClient;
  let outside: pg.Client;
  const fixtures = bakeryFixtures(() => admin);

  beforeAll(async () => {
    scratch = await scratchPostgres(serverUrl as string);
    testApp = await createTestApp(
      {},
      await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 5 }),
    );
    admin = await firstAdmin(testApp);
    await fixtures.bake('Agege Bread', 100);
    outside = new pg.Client({ connectionString: scratch.url });
    await outside.connect();
  });
  afterAll(async () => {
    await outside?.end();
    await testApp?.close();
    await scratch?.drop();
  });

  /** Ends every connection to the bakery's database but `outside`'s, as a restart does. */
  const cutEveryConnection = async (where = 'true') => {
    const { rows } = await outside.query(
      `select count(pg_terminate_backend(pid))::int as cut from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and ${where}`,
    );
    return (rows[0] as { cut: number }).cut;
  };
  const sale = (distributorId: string) =>
    admin.post('/api/sales-transactions', {
      distributorId,
      recipeName: 'Agege Bread',
      loavesTaken: 2,
      pricePerLoaf: 500,
    });

  it('go on serving after the idle connections are cut', async () => {
    const shop = await fixtures.distributor('Idle Cut Shop');
    expect((await sale(shop.id)).status).toBe(201);
    expect(await cutEveryConnection()).toBeGreaterThan(0);
    // Let the app's sockets see the end before the next call.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await sale(shop.id)).status).toBe(201);
    const card = await admin.get<{ balance: number }>(`/api/distributors/${shop.id}`);
    expect(card.status).toBe(200);
    expect(card.body.balance).toBe(2000);
  });

  it('refuse the write whose connection is cut half-way, store none of it, and go on', async () => {
    const shop = await fixtures.distributor('Mid Write Shop');
    await admin.patch(`/api/distributors/${shop.id}/credit`, {
      creditLimit: 100_000,
      paymentTermsDays: 7,
    });
    // Hold the distributor's credit lock, so the sale waits inside its transaction.
    await outside.query('begin');
    await outside.query('select pg_advisory_xact_lock(hashtext($1))', [`bakery:credit:${shop.id}`]);
    const waiting = sale(shop.id);
    let cut = 0;
    for (let attempt = 0; attempt < 100 && cut === 0; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      cut = await cutEveryConnection(`wait_event_type = 'Lock'`);
    }
    expect(cut).toBe(1);
    const refused = await waiting;
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
    await outside.query('rollback');

    const card = await admin.get<{ balance: number }>(`/api/distributors/${shop.id}`);
    expect(card.body.balance).toBe(0);
    expect((await sale(shop.id)).status).toBe(201);
  });
});
