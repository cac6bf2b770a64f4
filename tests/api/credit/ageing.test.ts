import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../src/domain/bakery-months';
import type { AgeingReport } from '../../../src/domain/contracts/credit';
import type { DashboardSummary } from '../../../src/domain/contracts/dashboard';
import type { DistributorWithAccount, Statement } from '../../../src/domain/contracts/distributors';
import type { ApiClient } from '../../support/api-client';
import { bakeryFixtures, lagos, lagosDate } from '../../support/fixtures';
import { createRole, firstAdmin, userWithRole } from '../../support/personas';
import { endsWithRollupsMatchingRecords } from '../../support/rollups';
import { createTestApp, type TestApp } from '../../support/test-app';

let testApp: TestApp;
let admin: ApiClient;
let viewer: ApiClient;
const fixtures = bakeryFixtures(() => admin);
const today = lagosDate(new Date());
const daysAgo = (n: number) => addDays(today, -n);

/** A sale of `value` naira (loaves of ₦100) to the distributor, dated at a Lagos wall-clock instant. */
async function saleAt(distributorId: string, value: number, wallClock: string, paid = 0) {
  const reply = await admin.post<{ id: string }>('/api/sales-transactions', {
    distributorId,
    recipeName: 'Agege Bread',
    loavesTaken: value / 100,
    pricePerLoaf: 100,
    amountPaid: paid,
  });
  if (reply.status !== 201) throw new Error(JSON.stringify(reply.body));
  await testApp.database.db.execute(
    sql`update sales_transactions set created_at = ${lagos(wallClock).toISOString()} where id = ${reply.body.id}`,
  );
}
const pay = (distributorId: string, amount: number) =>
  admin.post('/api/distributor-payments', { distributorId, amount, paymentMethod: 'cash' });
const setTerms = (id: string, paymentTermsDays: number | null, creditLimit: number | null = null) =>
  admin.patch(`/api/distributors/${id}/credit`, { creditLimit, paymentTermsDays });
const report = async (query = '') =>
  (await viewer.get<AgeingReport>(`/api/reports/ageing${query}`)).body;
const rowOf = (r: AgeingReport, id: string) => r.rows.find((row) => row.distributorId === id);

let spread: DistributorWithAccount;
let edges: DistributorWithAccount;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await firstAdmin(testApp);
  const readers = await createRole(
    admin,
    'Account reader',
    { canRead: true, canWrite: false, canDelete: false },
    ['distributors'],
  );
  viewer = await userWithRole(testApp, admin, 'reader', readers);
  await fixtures.bake('Agege Bread', 2000);

  // Terms 7 days. Sales 100, 70, 40, 20 and 3 days ago; ₦1,500 paid and a ₦500 return
  // settle the oldest first: the 100-day sale and ₦1,000 of the 70-day one.
  spread = await fixtures.distributor('Spread Stores');
  await setTerms(spread.id, 7);
  await saleAt(spread.id, 1000, `${daysAgo(100)}T10:00:00`);
  await saleAt(spread.id, 2000, `${daysAgo(70)}T10:00:00`);
  await saleAt(spread.id, 3000, `${daysAgo(40)}T10:00:00`);
  await saleAt(spread.id, 4000, `${daysAgo(20)}T10:00:00`);
  await saleAt(spread.id, 5500, `${daysAgo(3)}T10:00:00`, 500);
  await pay(spread.id, 1500);
  const back = await admin.post('/api/bread-returns', {
    distributorId: spread.id,
    recipeName: 'Agege Bread',
    loavesReturned: 5,
    pricePerLoaf: 100,
    reason: 'spoiled',
  });
  expect(back.status).toBe(201);

  // No terms: due the day of the sale. Lagos days decide the bucket, not UTC ones.
  edges = await fixtures.distributor('Edge Kiosk');
  await saleAt(edges.id, 100, `${daysAgo(31)}T23:59:59`); // 31 days overdue
  await saleAt(edges.id, 200, `${daysAgo(30)}T00:00:01`); // 30 days overdue (UTC: the day before)
  await saleAt(edges.id, 400, `${daysAgo(90)}T12:00:00`); // 90: still 61–90
  await saleAt(edges.id, 800, `${daysAgo(91)}T12:00:00`); // 91: over 90
  await saleAt(edges.id, 1600, `${today}T00:00:01`); // today: current
});
afterAll(() => testApp.close());

describe('receivables ageing', () => {
  it('settles the oldest sales first and ages what is left by its due day', async () => {
    const row = rowOf(await report(), spread.id);
    expect(row).toMatchObject({
      name: 'Spread Stores',
      balance: 13_000,
      current: 5000,
      days1to30: 4000,
      days31to60: 3000,
      days61to90: 1000,
      over90: 0,
      overdue: 8000,
      oldestDueDay: addDays(daysAgo(70), 7),
      daysOverdue: 63,
    });
  });

  it('puts each sale in its bucket by Lagos days at the boundaries', async () => {
    expect(rowOf(await report(), edges.id)).toMatchObject({
      balance: 3100,
      current: 1600,
      days1to30: 200,
      days31to60: 100,
      days61to90: 400,
      over90: 800,
      overdue: 1500,
      oldestDueDay: daysAgo(91),
      daysOverdue: 91,
    });
  });

  it('ages at an earlier day with the balance of that day', async () => {
    // Ten days ago: the 3-day sale, the payment and the return had not happened,
    // and the 20-day sale was 3 days past its due day.
    const then = rowOf(await report(`?asOf=${daysAgo(10)}`), spread.id);
    expect(then).toMatchObject({
      balance: 10_000,
      current: 0,
      days1to30: 7000,
      days31to60: 2000,
      days61to90: 1000,
      over90: 0,
    });
  });

  it('shows the same buckets on the card, the statement and the dashboard', async () => {
    const card = (await viewer.get<DistributorWithAccount>(`/api/distributors/${spread.id}`)).body;
    expect(card.ageing).toMatchObject({ current: 5000, overdue: 8000, days61to90: 1000 });
    const statement = (
      await viewer.get<Statement>(
        `/api/distributors/${spread.id}/statement?startDate=${daysAgo(120)}`,
      )
    ).body;
    expect(statement.closingBalance).toBe(13_000);
    expect(statement.ageing).toEqual(card.ageing);
    expect(statement.ageingAsOf).toBe(today);
    const dashboard = (await viewer.get<DashboardSummary>('/api/dashboard/summary')).body;
    expect(dashboard.moneyOwed).toMatchObject({
      totalOverdue: 9500,
      distributorsOverdue: 2,
      mostOverdue: [
        { distributorId: spread.id, name: 'Spread Stores', overdue: 8000, daysOverdue: 63 },
        { distributorId: edges.id, name: 'Edge Kiosk', overdue: 1500, daysOverdue: 91 },
      ],
    });
  });

  it('leaves out distributors owing nothing, and totals to the kobo', async () => {
    const credit = await fixtures.distributor('Paid Ahead');
    await pay(credit.id, 250.55);
    const r = await report();
    expect(rowOf(r, credit.id)).toBeUndefined();
    expect(r.totals).toMatchObject({ balance: 16_100, overdue: 9500, current: 6600 });
  });

  it('exports every row and a total line equal to their sums', async () => {
    const csv = await viewer.get<string>('/api/reports/ageing.csv');
    expect(csv.status).toBe(200);
    const lines = String(csv.body)
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Distributor,Credit Limit,Terms (days),Current,1–30 days,31–60 days,61–90 days,Over 90 days,Overdue,Balance,Oldest Due,Days Overdue',
    );
    expect(lines[1]).toBe(
      `Spread Stores,,7,5000.00,4000.00,3000.00,1000.00,0.00,8000.00,13000.00,${addDays(daysAgo(70), 7)},63`,
    );
    expect(lines.at(-1)).toBe(
      `Total,,,6600.00,4200.00,3100.00,1400.00,800.00,9500.00,16100.00,${daysAgo(91)},91`,
    );
    expect(lines).toHaveLength(4);
  });

  it('refuses a bad day and a user without Distributors read', async () => {
    const bad = await viewer.get<{ errors: unknown[] }>('/api/reports/ageing?asOf=2026-02-30');
    expect(bad.status).toBe(400);
    const bakers = await createRole(
      admin,
      'Baker',
      { canRead: true, canWrite: true, canDelete: true },
      ['production'],
    );
    const baker = await userWithRole(testApp, admin, 'baker', bakers);
    expect((await baker.get('/api/reports/ageing')).status).toBe(403);
    expect((await baker.get('/api/reports/ageing.csv')).status).toBe(403);
  });

  it('ages a balance again when a sale and a payment leave it as it was', async () => {
    // Ageings are kept by what decides them; a sale paid off by a payment the
    // same day keeps the balance but moves it from an old sale to today's.
    const shop = await fixtures.distributor('Steady Balance Shop');
    await saleAt(shop.id, 1000, `${daysAgo(40)}T10:00:00`);
    const ageingOnCard = async () =>
      (await viewer.get<DistributorWithAccount>(`/api/distributors/${shop.id}`)).body.ageing;
    const rowOnReport = async () => rowOf(await report(), shop.id);
    expect(await ageingOnCard()).toMatchObject({ days31to60: 1000, current: 0 });
    expect(await rowOnReport()).toMatchObject({ balance: 1000, days31to60: 1000 });
    const list = await viewer.get<DistributorWithAccount[]>('/api/distributors');
    expect(list.body.find((d) => d.id === shop.id)?.ageing.days31to60).toBe(1000);

    await saleAt(shop.id, 1000, `${today}T00:00:02`);
    expect((await pay(shop.id, 1000)).status).toBe(201);
    expect(await ageingOnCard()).toMatchObject({ current: 1000, overdue: 0, days31to60: 0 });
    expect(await rowOnReport()).toMatchObject({ balance: 1000, current: 1000, overdue: 0 });
    const again = await viewer.get<DistributorWithAccount[]>('/api/distributors');
    expect(again.body.find((d) => d.id === shop.id)?.ageing).toMatchObject({
      current: 1000,
      overdue: 0,
    });
  });
});

endsWithRollupsMatchingRecords(() => testApp.database.db);
