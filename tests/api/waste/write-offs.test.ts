import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvailableLoaves, SaleTransaction } from '../../../src/domain/contracts/sales';
import type { WasteRecord, WasteShelf } from '../../../src/domain/contracts/waste';
import { rowsOf } from '../../../src/server/db/raw-results';
import type { ApiClient } from '../../support/api-client';
import { ledgerMismatches } from '../../support/bread-ledger';
import { testClock } from '../../support/clock';
import { bakeryFixtures, created, lagos } from '../../support/fixtures';
import { createRole, firstAdmin, userWithRole } from '../../support/personas';
import { endsWithRollupsMatchingRecords } from '../../support/rollups';
import { createTestApp, type TestApp } from '../../support/test-app';

// Wednesday 10 June 2026, 09:00 in Lagos; the loaves of 9 June were baked the day before.
const clock = testClock(lagos('2026-06-10T09:00:00').getTime());
let testApp: TestApp;
let admin: ApiClient;
let clerk: ApiClient;
let viewer: ApiClient;
const fixtures = bakeryFixtures(() => admin);

type Refusal = { code: string; message: string; errors: { path: string; message: string }[] };

const moveClockTo = (at: Date) => clock.advance(at.getTime() - clock.now());
const shelf = async () => (await clerk.get<WasteShelf>('/api/waste/shelf')).body;
const shelfOf = async (bread: string) =>
  (await shelf()).breads.find((entry) => entry.recipeName === bread);
const available = async (bread: string) =>
  (await clerk.get<AvailableLoaves[]>('/api/available-loaves')).body.find(
    (entry) => entry.recipeName === bread,
  );
const writeOff = (body: Record<string, unknown>, as = clerk) =>
  as.post<WasteRecord & Refusal>('/api/waste', body);
const withShelfLife = async (bread: string, shelfLifeDays: number | null) => {
  const recipe = await fixtures.bread(bread);
  const reply = await admin.patch(`/api/recipes/${recipe.id}`, { shelfLifeDays });
  if (reply.status !== 200) throw new Error(JSON.stringify(reply.body));
};
/** A batch of a bread (1 kg, 10 g of yeast at ₦3,000/kg: ₦30) completed at that instant. */
const bakeAt = async (bread: string, loavesProduced: number, completedAt: Date) => {
  const planned = await fixtures.batch(bread, 'W');
  const reply = await admin.patch<{ id: string }>(`/api/production-batches/${planned.id}`, {
    status: 'completed',
    loavesProduced,
    completedAt: completedAt.toISOString(),
  });
  if (reply.status !== 200) throw new Error(JSON.stringify(reply.body));
  return reply.body;
};
const sell = (to: { id: string }, recipeName: string, loavesTaken: number) =>
  clerk.post<SaleTransaction & Refusal>('/api/sales-transactions', {
    distributorId: to.id,
    recipeName,
    loavesTaken,
    pricePerLoaf: 500,
  });
beforeAll(async () => {
  testApp = await createTestApp({ now: clock.now });
  admin = await firstAdmin(testApp);
  const sales = await createRole(
    admin,
    'Sales clerk',
    { canRead: true, canWrite: true, canDelete: false },
    ['sales'],
  );
  clerk = await userWithRole(testApp, admin, 'clerk', sales);
  const readers = await createRole(
    admin,
    'Sales reader',
    { canRead: true, canWrite: false, canDelete: false },
    ['sales'],
  );
  viewer = await userWithRole(testApp, admin, 'viewer', readers);
});
afterAll(() => testApp.close());

describe('stale loaves leave sale at the Lagos midnight', () => {
  beforeAll(async () => {
    await withShelfLife('Agege Bread', 1);
    // 23:30 in Lagos on 8 June is 22:30 UTC: baked on the 8th, stale from 9 June 00:00 Lagos.
    await bakeAt('Agege Bread', 10, lagos('2026-06-08T23:30:00'));
    moveClockTo(lagos('2026-06-08T23:59:59.999'));
  });

  it('keeps them on sale until the last millisecond of their day', async () => {
    expect((await available('Agege Bread'))?.totalAvailable).toBe(10);
    expect(await shelfOf('Agege Bread')).toEqual({
      recipeName: 'Agege Bread',
      shelfLifeDays: 1,
      onSale: 10,
      stale: 0,
    });
  });

  it('shows them stale from midnight: not available, not sold, not dispatched', async () => {
    moveClockTo(lagos('2026-06-09T00:00:00'));
    expect(await available('Agege Bread')).toBeUndefined();
    expect(await shelfOf('Agege Bread')).toMatchObject({ onSale: 0, stale: 10 });
    const mama = await fixtures.distributor('Mama Tunde Stores');
    const refused = await sell(mama, 'Agege Bread', 1);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('No loaves of Agege Bread are available');
    const summary = await clerk.get('/api/sales-transactions/summary');
    expect(summary.body).toMatchObject({ totalAvailable: 0, totalStale: 10 });
  });

  it('sells fresh loaves from the newest batch while the stale wait, and sets the stale aside', async () => {
    const fresh = await bakeAt('Agege Bread', 12, lagos('2026-06-09T06:00:00'));
    moveClockTo(lagos('2026-06-09T09:00:00'));
    expect(await available('Agege Bread')).toMatchObject({
      totalAvailable: 12,
      staleLoaves: 10,
      batches: [{ id: fresh.id, available: 12 }],
    });
    const mama = await fixtures.distributor('Iya Basira');
    const sale = await sell(mama, 'Agege Bread', 3);
    expect(sale.status).toBe(201);
    expect(sale.body.productionBatchId).toBe(fresh.id);
    // The sale set the 10 stale loaves aside: the ledger now counts them stale.
    const rows = await rowsOf(
      testApp.database.db,
      sql`select loaves, stale_from::text as stale_from from stale_loaves where recipe_name = 'Agege Bread'`,
    );
    // 9 June 00:00 in Lagos.
    expect(rows).toEqual([{ loaves: 10, stale_from: '2026-06-08 23:00:00+00' }]);
    expect(await shelfOf('Agege Bread')).toMatchObject({ onSale: 9, stale: 10 });
    expect((await available('Agege Bread'))?.batches).toEqual([
      expect.objectContaining({ id: fresh.id, available: 9 }),
    ]);
  });
});

describe('writing loaves off', () => {
  it('writes off stale loaves at the cost of a loaf of the newest batch', async () => {
    // The newest batch: ₦30 of yeast for 12 loaves, ₦2.50 a loaf.
    const reply = await writeOff({
      source: 'stale',
      recipeName: 'Agege Bread',
      loaves: 10,
      reason: 'stale',
      notes: 'Pig farmer took them',
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      recipeName: 'Agege Bread',
      loaves: 10,
      reason: 'stale',
      source: 'stale',
      breadReturnId: null,
      costPerLoaf: 2.5,
      cost: 25,
      notes: 'Pig farmer took them',
    });
    expect(await shelfOf('Agege Bread')).toMatchObject({ onSale: 9, stale: 0 });
  });

  it('writes off fresh loaves from those on sale, never as a sale', async () => {
    const sold = (await admin.get<SaleTransaction[]>('/api/sales-transactions?limit=500')).body;
    const reply = await writeOff({
      source: 'fresh',
      recipeName: 'Agege Bread',
      loaves: 2,
      reason: 'damaged',
    });
    expect(reply.status).toBe(201);
    expect(reply.body.cost).toBe(5);
    expect((await available('Agege Bread'))?.totalAvailable).toBe(7);
    expect((await admin.get<SaleTransaction[]>('/api/sales-transactions?limit=500')).body).toEqual(
      sold,
    );
  });

  it('refuses more loaves than there are, naming the field, and writes nothing', async () => {
    const before = (await clerk.get<WasteRecord[]>('/api/waste')).body;
    const stale = await writeOff({
      source: 'stale',
      recipeName: 'Agege Bread',
      loaves: 1,
      reason: 'stale',
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      code: 'LOAVES_NOT_ON_HAND',
      message: 'No stale loaves to write off',
      errors: [{ path: 'loaves', message: 'No stale loaves to write off' }],
    });
    const fresh = await writeOff({
      source: 'fresh',
      recipeName: 'Agege Bread',
      loaves: 8,
      reason: 'staff',
    });
    expect(fresh.body.message).toBe('Only 7 loaves on sale to write off');
    expect((await clerk.get<WasteRecord[]>('/api/waste')).body).toEqual(before);
  });

  it('gives each field its message on bad input (400), and writes nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ source: 'fresh', loaves: 1, reason: 'stale' }, 'recipeName', 'Choose a bread type'],
      [{ source: 'returned', loaves: 1, reason: 'stale' }, 'breadReturnId', 'Choose the return'],
      [
        { source: 'fresh', recipeName: 'Agege Bread', loaves: 0, reason: 'stale' },
        'loaves',
        'Write off at least 1 loaf',
      ],
      [
        { source: 'fresh', recipeName: 'Agege Bread', loaves: 1.5, reason: 'stale' },
        'loaves',
        'Whole loaves only',
      ],
      [
        { source: 'fresh', recipeName: 'Agege Bread', loaves: 1, reason: 'eaten' },
        'reason',
        'Choose a reason',
      ],
      [
        { source: 'shop', recipeName: 'Agege Bread', loaves: 1, reason: 'stale' },
        'source',
        'Choose which loaves',
      ],
    ];
    for (const [body, path, message] of cases) {
      const reply = await writeOff(body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.errors).toContainEqual({ path, message });
    }
    expect((await shelfOf('Agege Bread'))?.onSale).toBe(7);
  });

  it('lists write-offs newest first with who made them', async () => {
    const list = (await viewer.get<WasteRecord[]>('/api/waste')).body;
    expect(list.map((row) => [row.source, row.loaves, row.cost])).toEqual([
      ['fresh', 2, 5],
      ['stale', 10, 25],
    ]);
    expect(list[0]?.writtenOffBy).toBeTruthy();
  });

  it('takes turns for the last loaves: five clerks writing off 3 of 7 get two write-offs', async () => {
    const replies = await Promise.all(
      Array.from({ length: 5 }, () =>
        writeOff({ source: 'fresh', recipeName: 'Agege Bread', loaves: 3, reason: 'given_away' }),
      ),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 201, 409, 409, 409]);
    expect((await shelfOf('Agege Bread'))?.onSale).toBe(1);
  });
});

describe('returned loaves', () => {
  let returnId: string;

  beforeAll(async () => {
    await bakeAt('Sardine Roll', 20, lagos('2026-06-09T07:00:00'));
    const shop = await fixtures.distributor('Adunni Stores');
    expect((await sell(shop, 'Sardine Roll', 10)).status).toBe(201);
    const reply = await created(
      admin.post<{ id: string }>('/api/bread-returns', {
        distributorId: shop.id,
        recipeName: 'Sardine Roll',
        loavesReturned: 3,
        pricePerLoaf: 500,
        reason: 'damaged',
      }),
    );
    returnId = reply.id;
  });

  it("lists the week's returns with loaves left to write off", async () => {
    expect((await shelf()).returns).toEqual([
      expect.objectContaining({
        id: returnId,
        distributorName: 'Adunni Stores',
        recipeName: 'Sardine Roll',
        reason: 'damaged',
        loavesReturned: 3,
        loavesLeft: 3,
      }),
    ]);
  });

  it("writes off a return's loaves, no more than it brought back, leaving the shelf as it was", async () => {
    const first = await writeOff({
      source: 'returned',
      breadReturnId: returnId,
      loaves: 2,
      reason: 'damaged',
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ recipeName: 'Sardine Roll', breadReturnId: returnId });
    const again = await writeOff({
      source: 'returned',
      breadReturnId: returnId,
      loaves: 2,
      reason: 'damaged',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Only 1 returned loaf to write off');
    expect((await shelf()).returns[0]?.loavesLeft).toBe(1);
    expect((await shelfOf('Sardine Roll'))?.onSale).toBe(10);
  });

  it('takes returns of the last 7 bakery days only, and refuses one that does not exist', async () => {
    const returnedAt = (at: Date) =>
      testApp.database.db.execute(
        sql`update bread_returns set created_at = ${at.toISOString()} where id = ${returnId}`,
      );
    const attempt = () =>
      writeOff({ source: 'returned', breadReturnId: returnId, loaves: 1, reason: 'damaged' });
    // Today is 10 June: the week is 4 to 10 June, from 00:00 in Lagos.
    moveClockTo(lagos('2026-06-10T09:00:00'));
    await returnedAt(lagos('2026-06-03T23:59:59.999'));
    expect((await shelf()).returns).toEqual([]);
    const old = await attempt();
    expect(old.status).toBe(409);
    expect(old.body).toMatchObject({
      code: 'RETURN_TOO_OLD',
      errors: [
        {
          path: 'breadReturnId',
          message: 'Returned loaves are written off within 7 days of their return',
        },
      ],
    });
    await returnedAt(lagos('2026-06-04T00:00:00'));
    expect((await shelf()).returns.map((row) => row.id)).toEqual([returnId]);
    expect((await attempt()).status).toBe(201);
    expect((await shelf()).returns).toEqual([]);
    const none = await writeOff({
      source: 'returned',
      breadReturnId: '00000000-0000-4000-8000-000000000000',
      loaves: 1,
      reason: 'damaged',
    });
    expect(none.status).toBe(404);
  });
});

describe('rights', () => {
  it('lets Sales read see the shelf and write-offs but not write off (403)', async () => {
    expect((await viewer.get('/api/waste/shelf')).status).toBe(200);
    const refused = await writeOff(
      { source: 'fresh', recipeName: 'Sardine Roll', loaves: 1, reason: 'staff' },
      viewer,
    );
    expect(refused.status).toBe(403);
  });

  it('shows nothing to a user without Sales', async () => {
    const role = await createRole(
      admin,
      'Bakers',
      { canRead: true, canWrite: true, canDelete: true },
      ['production'],
    );
    const baker = await userWithRole(testApp, admin, 'baker', role);
    expect((await baker.get('/api/waste/shelf')).status).toBe(403);
    expect((await baker.get('/api/waste')).status).toBe(403);
    expect((await baker.get('/api/reports/waste')).status).toBe(403);
  });
});

describe('the Waste report', () => {
  // Write-offs are stamped by the database (today); the batches were completed in June.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
  const dates = `startDate=2026-06-01&endDate=${today}`;

  it('adds up loaves and cost by bread and reason, against the loaves baked', async () => {
    const reply = await viewer.get(`/api/reports/waste?${dates}`);
    expect(reply.status).toBe(200);
    // Agege Bread: 10 stale (₦25), 2 damaged (₦5), 2 × 3 given away (₦15) of 22 baked;
    // Sardine Roll: 2 + 1 returned and damaged at ₦1.50 of 20 baked.
    expect(reply.body).toEqual({
      totalLoaves: 21,
      totalCost: 49.5,
      loavesBaked: 42,
      percentOfProduction: 50,
      byBread: [
        {
          recipeName: 'Agege Bread',
          loaves: 18,
          cost: 45,
          loavesBaked: 22,
          percentOfProduction: 81.8,
        },
        {
          recipeName: 'Sardine Roll',
          loaves: 3,
          cost: 4.5,
          loavesBaked: 20,
          percentOfProduction: 15,
        },
      ],
      byReason: [
        { reason: 'damaged', loaves: 5, cost: 9.5 },
        { reason: 'given_away', loaves: 6, cost: 15 },
        { reason: 'stale', loaves: 10, cost: 25 },
      ],
    });
  });

  it('exports every write-off as CSV with a total line equal to the rows', async () => {
    const reply = await testApp.app.inject({
      method: 'GET',
      url: `/api/reports/waste.csv?${dates}`,
      headers: { cookie: viewer.sessionCookie as string },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-disposition']).toContain(`waste-2026-06-01-to-${today}.csv`);
    const lines = reply.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Date,Bread Type,Loaves,Reason,From,Cost per Loaf,Notes,Cost');
    expect(lines.slice(1, -1).map((line) => line.split(',').slice(1).join(','))).toEqual([
      'Sardine Roll,1,Damaged,Returned,1.50,,1.50',
      'Sardine Roll,2,Damaged,Returned,1.50,,3.00',
      'Agege Bread,3,Given away,On sale,2.50,,7.50',
      'Agege Bread,3,Given away,On sale,2.50,,7.50',
      'Agege Bread,2,Damaged,On sale,2.50,,5.00',
      'Agege Bread,10,Stale,Stale,2.50,Pig farmer took them,25.00',
    ]);
    expect(lines.at(-1)).toBe(',Total Waste:,21,,,,,49.50');
  });
});

describe('the ledger', () => {
  it("keeps each bread's stale and wasted loaves equal to their rows", async () => {
    expect(await ledgerMismatches(testApp.database.db)).toEqual([]);
  });
});
endsWithRollupsMatchingRecords(() => testApp.database.db);
