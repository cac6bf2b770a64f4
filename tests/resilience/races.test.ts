/**
 * Races: many requests for the same records at the same moment, in one app
 * called through app.inject on PGlite; with TEST_DATABASE_URL instead, in one
 * app on PostgreSQL and across two real server processes sharing one
 * PostgreSQL database, with the requests split between them.
 *
 * tests/api/sales.test.ts and purchase-orders.test.ts hold the small races
 * (a few requests, one app); these push the counts up and add processes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Started } from '../../scripts/bench/processes';
import { scaledRequirement } from '../../src/domain/production';
import { buildApp } from '../../src/server/app';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/connection';
import { endsWithRollupsMatchingRecords } from '../support/rollups';
import { openTestDatabase, type TestApp, testConfig } from '../support/test-app';
import {
  type Bakery,
  bake,
  brokenInvariants,
  type Caller,
  expectStatus,
  HttpClient,
  injectClient,
  openBakery,
  orderStock,
  scratchPostgres,
  signIn,
  startServer,
} from './support';

type Item = { id: string; name: string; currentStock: number };

/** Round-robin over the callers, so every app process takes its share. */
const spread = <T>(
  callers: Caller[],
  count: number,
  send: (caller: Caller, i: number) => Promise<T>,
) =>
  Promise.all(
    Array.from({ length: count }, (_, i) => send(callers[i % callers.length] as Caller, i)),
  );

const stockOf = async (caller: Caller) => {
  const items = await expectStatus(caller.call<Item[]>('GET', '/api/inventory'), 200);
  return new Map(items.map((item) => [item.id, item.currentStock]));
};

const counts = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((all, status) => {
    all[status] = (all[status] ?? 0) + 1;
    return all;
  }, {});

const report = (line: string) => console.log(`[resilience] races ${line}`);

/** The races, against whichever callers (one app, or several processes) they are given. */
function raceSuite(
  label: string,
  setup: () => Promise<{ callers: Caller[]; db: () => DatabaseHandle['db'] }>,
) {
  let callers: Caller[];
  let db: () => DatabaseHandle['db'];
  let bakery: Bakery;
  let first: Caller;
  let recipes = 0;

  beforeAll(async () => {
    ({ callers, db } = await setup());
    first = callers[0] as Caller;
    bakery = await openBakery(first, 10);
  });

  /** A bread of its own, so each race starts from a known number of loaves. */
  async function freshBread(loaves: number) {
    recipes += 1;
    const recipe = await expectStatus(
      first.call<{ id: string; name: string }>('POST', '/api/recipes', {
        name: `Race Bread ${recipes}`,
        ingredients: [{ itemId: bakery.items[0]?.id, quantity: 5, unit: 'g' }],
      }),
      201,
    );
    await bake(first, recipe.id, loaves);
    return recipe;
  }

  it('sells the last 20 loaves exactly once to 40 sales of one loaf at the same moment', async () => {
    const bread = await freshBread(20);
    const replies = await spread(callers, 40, (caller) =>
      caller.call<{ loavesTaken: number; message: string }>('POST', '/api/sales-transactions', {
        distributorId: bakery.distributor.id,
        recipeName: bread.name,
        loavesTaken: 1,
        pricePerLoaf: 500,
      }),
    );
    expect(counts(replies.map((r) => r.status))).toEqual({ 201: 20, 409: 20 });
    for (const refused of replies.filter((r) => r.status === 409)) {
      expect(refused.body.message).toBe(`No loaves of ${bread.name} are available`);
    }
    const available = await expectStatus(
      first.call<{ recipeName: string }[]>('GET', '/api/available-loaves'),
      200,
    );
    expect(available.find((entry) => entry.recipeName === bread.name)).toBeUndefined();
    const sales = await expectStatus(
      first.call<{ recipeName: string; loavesTaken: number }[]>(
        'GET',
        '/api/sales-transactions?limit=500',
      ),
      200,
    );
    expect(
      sales.filter((s) => s.recipeName === bread.name).reduce((t, s) => t + s.loavesTaken, 0),
    ).toBe(20);
    report(
      `${label}: 40 sales for 20 loaves -> ${JSON.stringify(counts(replies.map((r) => r.status)))}`,
    );
  });

  it('never oversells when sales of several loaves race: 30 sales of 3 for 50 loaves', async () => {
    const bread = await freshBread(50);
    const replies = await spread(callers, 30, (caller) =>
      caller.call('POST', '/api/sales-transactions', {
        distributorId: bakery.distributor.id,
        recipeName: bread.name,
        loavesTaken: 3,
        pricePerLoaf: 500,
      }),
    );
    // 16 × 3 = 48; the last 2 loaves are too few for a sale of 3.
    expect(counts(replies.map((r) => r.status))).toEqual({ 201: 16, 409: 14 });
    report(
      `${label}: 30 sales of 3 for 50 loaves -> ${JSON.stringify(counts(replies.map((r) => r.status)))}`,
    );
  });

  it('takes back exactly what was bought when 30 returns of one loaf race for 10 loaves', async () => {
    const bread = await freshBread(10);
    await expectStatus(
      first.call('POST', '/api/sales-transactions', {
        distributorId: bakery.distributor.id,
        recipeName: bread.name,
        loavesTaken: 10,
        pricePerLoaf: 500,
      }),
      201,
    );
    const replies = await spread(callers, 30, (caller) =>
      caller.call<{ message: string }>('POST', '/api/bread-returns', {
        distributorId: bakery.distributor.id,
        recipeName: bread.name,
        loavesReturned: 1,
        pricePerLoaf: 500,
        reason: 'spoiled',
      }),
    );
    expect(counts(replies.map((r) => r.status))).toEqual({ 201: 10, 409: 20 });
    for (const refused of replies.filter((r) => r.status === 409)) {
      expect(refused.body.message).toMatch(`has no loaves of ${bread.name} to return`);
    }
    report(
      `${label}: 30 returns for 10 loaves -> ${JSON.stringify(counts(replies.map((r) => r.status)))}`,
    );
  });

  it('receives one order once when it is received 12 times at the same moment', async () => {
    const itemIds = bakery.items.map((item) => item.id);
    const order = await orderStock(first, itemIds, 40);
    const before = await stockOf(first);
    const replies = await spread(callers, 12, (caller) =>
      caller.call<{ message: string }>('PATCH', `/api/purchase-orders/${order.id}/receive`),
    );
    expect(counts(replies.map((r) => r.status))).toEqual({ 200: 1, 409: 11 });
    for (const refused of replies.filter((r) => r.status === 409)) {
      expect(refused.body.message).toBe('This order has already been received');
    }
    const after = await stockOf(first);
    // Stock keeps 3 decimals: compared in thousandths, as adding floats could round.
    const thousandths = (stock: Map<string, number>, id: string) =>
      Math.round((stock.get(id) ?? 0) * 1000);
    for (const id of itemIds) expect(thousandths(after, id)).toBe(thousandths(before, id) + 40_000);
    report(
      `${label}: 12 receipts of one order -> ${JSON.stringify(counts(replies.map((r) => r.status)))}`,
    );
  });

  it('counts every one of 40 payments made at the same moment', async () => {
    const distributor = await expectStatus(
      first.call<{ id: string }>('POST', '/api/distributors', {
        name: `Payer ${label}`,
        address: '3 Broad Street, Lagos',
        phone: '0803 111 1111',
      }),
      201,
    );
    const amounts = Array.from({ length: 40 }, (_, i) => 100 + i * 12.5);
    const replies = await spread(callers, amounts.length, (caller, i) =>
      caller.call('POST', '/api/distributor-payments', {
        distributorId: distributor.id,
        amount: amounts[i],
        paymentMethod: 'cash',
      }),
    );
    expect(counts(replies.map((r) => r.status))).toEqual({ 201: 40 });
    // Read through each process: its cached figures must have been emptied too.
    for (const caller of callers) {
      const account = await expectStatus(
        caller.call<{ balance: number; totalPaid: number }>(
          'GET',
          `/api/distributors/${distributor.id}`,
        ),
        200,
      );
      const paid = amounts.reduce((t, a) => t + a, 0);
      expect(account.totalPaid).toBe(paid);
      expect(account.balance).toBe(-paid);
    }
    report(`${label}: 40 payments at once -> all 201, balance is their sum`);
  });

  it('takes receipts and batches sharing the same items at the same moment without refusing any', async () => {
    // Lines in both orders of the items: a receipt used to lock them in line
    // order and a batch in id order, and PostgreSQL broke the deadlock by
    // refusing one of them.
    const itemIds = bakery.items.map((item) => item.id);
    const orders: { id: string }[] = [];
    for (let i = 0; i < 8; i++) {
      orders.push(await orderStock(first, i % 2 ? [...itemIds].reverse() : itemIds, 10 + i));
    }
    const recipe = await expectStatus(
      first.call<{ id: string }>('POST', '/api/recipes', {
        name: `Race Mix ${label}`,
        ingredients: [
          { itemId: itemIds[1], quantity: 20, unit: 'g' },
          { itemId: itemIds[0], quantity: 0.01, unit: 'kg' },
        ],
      }),
      201,
    );
    const before = await stockOf(first);
    const flours = [1, 2.5, 3, 4.25, 5, 6, 7.5, 8];
    const replies = await spread(callers, 16, (caller, i) =>
      i % 2
        ? caller.call('POST', '/api/production-batches', {
            recipeId: recipe.id,
            flourKg: flours[i >> 1],
          })
        : caller.call('PATCH', `/api/purchase-orders/${orders[i >> 1]?.id}/receive`),
    );
    expect(
      replies.filter((r) => r.status >= 300).map((r) => r.body),
      'refused under contention',
    ).toEqual([]);
    const after = await stockOf(first);
    const received = orders.reduce((t, _, i) => t + 10 + i, 0);
    const used = (itemId: string, quantity: number, unit: string) =>
      flours.reduce(
        (t, flour) => t + scaledRequirement({ itemId, quantity, unit }, 1, flour, 'kg'),
        0,
      );
    const [a, b] = itemIds as [string, string];
    expect(after.get(a)).toBeCloseTo((before.get(a) ?? 0) + received - used(a, 0.01, 'kg'), 6);
    expect(after.get(b)).toBeCloseTo((before.get(b) ?? 0) + received - used(b, 20, 'g'), 6);
    report(`${label}: 8 receipts + 8 batches on the same two items at once -> all succeeded`);
  });

  it('numbers batches and orders that name no number, when many are made at the same moment', async () => {
    const itemIds = bakery.items.map((item) => item.id);
    const batches = await spread(callers, 12, (caller) =>
      caller.call<{ batchNumber: string }>('POST', '/api/production-batches', {
        recipeId: bakery.recipe.id,
        flourKg: 1,
      }),
    );
    expect(batches.filter((r) => r.status !== 201).map((r) => r.body)).toEqual([]);
    expect(new Set(batches.map((r) => r.body.batchNumber)).size).toBe(12);
    const orders = await spread(callers, 12, (caller) =>
      caller.call<{ orderNumber: string }>('POST', '/api/purchase-orders', {
        supplier: 'Golden Penny Mills',
        items: [{ itemId: itemIds[0], quantity: 1, totalCost: 1000 }],
      }),
    );
    expect(orders.filter((r) => r.status !== 201).map((r) => r.body)).toEqual([]);
    expect(new Set(orders.map((r) => r.body.orderNumber)).size).toBe(12);
    report(`${label}: 12 batches and 12 orders without numbers at once -> all numbered`);
  });

  it('leaves the stored data whole after all of it', async () => {
    expect(await brokenInvariants(db())).toEqual([]);
  });

  endsWithRollupsMatchingRecords(() => db());
}

/** One app in this process, called through app.inject, on its own fresh database. */
async function oneApp(database: () => Promise<DatabaseHandle>) {
  const handle = await database();
  const app = await buildApp({ config: testConfig(), db: handle.db, changes: handle.changes });
  await app.ready();
  const testApp: TestApp = {
    app,
    database: handle,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
  const admin = injectClient(testApp);
  await signIn(admin, 'race_admin');
  return { testApp, admin };
}

describe.skipIf(process.env.TEST_DATABASE_URL)('races in one app on PGlite', () => {
  let testApp: TestApp | undefined;
  afterAll(() => testApp?.close());
  raceSuite('one app on PGlite', async () => {
    const opened = await oneApp(() => openDatabase({ kind: 'memory' }));
    testApp = opened.testApp;
    return { callers: [opened.admin], db: () => opened.testApp.database.db };
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('races in one app on PostgreSQL', () => {
  let testApp: TestApp | undefined;
  afterAll(() => testApp?.close());
  raceSuite('one app on PostgreSQL', async () => {
    // A fresh database on the TEST_DATABASE_URL server, dropped after.
    const opened = await oneApp(openTestDatabase);
    testApp = opened.testApp;
    return { callers: [opened.admin], db: () => opened.testApp.database.db };
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  const servers: Started[] = [];
  let database: Awaited<ReturnType<typeof scratchPostgres>>;
  let handle: DatabaseHandle;
  let one: HttpClient;
  let two: HttpClient;

  afterAll(async () => {
    for (const server of servers) await server.stop();
    await handle?.close();
    await database?.drop();
  });

  raceSuite('two processes on PostgreSQL', async () => {
    database = await scratchPostgres(process.env.TEST_DATABASE_URL as string);
    // The first process creates the schema; the second starts on it.
    servers.push(await startServer({ DATABASE_URL: database.url }));
    servers.push(await startServer({ DATABASE_URL: database.url }));
    handle = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 });
    one = new HttpClient((servers[0] as Started).baseUrl);
    await signIn(one, 'two_process_admin');
    // The session lives in the database: the other process knows it.
    two = new HttpClient((servers[1] as Started).baseUrl, one.cookie);
    return { callers: [one, two], db: () => handle.db };
  });

  it('shares sessions: signed in on one process, known to the other, signed out on both', async () => {
    const mine = await expectStatus(one.call<{ username: string }>('GET', '/api/auth/user'), 200);
    const theirs = await expectStatus(two.call<{ username: string }>('GET', '/api/auth/user'), 200);
    expect(theirs.username).toBe(mine.username);
    // Signing in again rotates the id on one process; the other refuses the old one.
    const old = one.cookie;
    await signIn(one, 'two_process_admin', false);
    expect(one.cookie).not.toBe(old);
    expect((await new HttpClient(two.baseUrl, old).call('GET', '/api/auth/user')).status).toBe(401);
    expect(
      (await new HttpClient(two.baseUrl, one.cookie).call('GET', '/api/auth/user')).status,
    ).toBe(200);
    // Signing out on the second process ends the session on the first.
    const cookie = one.cookie;
    expect(
      (await new HttpClient(two.baseUrl, cookie).call('POST', '/api/auth/logout')).status,
    ).toBe(200);
    expect((await new HttpClient(one.baseUrl, cookie).call('GET', '/api/auth/user')).status).toBe(
      401,
    );
  });
});
