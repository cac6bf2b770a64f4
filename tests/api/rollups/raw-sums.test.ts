import { and, asc, eq, gte, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { RETURN_REASONS } from '../../../src/domain/distributor-schemas';
import { businessDateRange } from '../../../src/domain/time';
import { inRange } from '../../../src/server/db/date-range';
import { rowsOf } from '../../../src/server/db/raw-results';
import {
  breadReturns,
  distributorPayments,
  distributors,
  productionBatches,
  purchaseOrders,
  salesTransactions,
} from '../../../src/server/db/schema';
import {
  accountOver,
  cashReceived,
  type DayRange,
  distributorTotals,
  expenditure,
} from '../../../src/server/modules/accounts/service';
import {
  financialReport,
  productionReport,
  reportWindow,
  returnsReport,
  salesReport,
} from '../../../src/server/modules/reports/service';
import { Random } from '../../../src/server/seed/random';
import { db, emptyRecords, LAGOS, noDrift, setUpRollupsDatabase, shop, shops } from './setup';

setUpRollupsDatabase();

describe('the roll-ups answer as the records do', () => {
  it('gives the same accounts, cash, expenditure and trends as raw sums over random records and ranges', async () => {
    await emptyRecords();
    const random = new Random(16);
    await insertRandomRecords(random);
    // Some records change afterwards.
    await db.execute(
      sql`update sales_transactions set created_at = created_at + interval '1 hour' where loaves_taken % 7 = 0`,
    );
    await db.execute(sql`delete from distributor_payments where amount < 5000`);
    await noDrift();

    // All days: one row per distributor (rollup_distributor_accounts).
    const always = { start: new Date(0), end: new Date(Date.UTC(2100, 0, 1)) };
    expect(await distributorTotals(db, {})).toEqual(await rawTotals(always));
    for (const days of rangesToCompare(random)) await expectSameAsRawSums(days, random);
  });

  it('leaves out a distributor whose only records that month lie after the days asked', async () => {
    await emptyRecords();
    // 1–25 March is read as March less 26–31: Iya Bola's sale on the 30th is taken back out.
    await db.insert(salesTransactions).values([
      {
        distributorId: shop(0),
        recipeName: 'Agege',
        loavesTaken: 10,
        pricePerLoaf: 350,
        createdAt: new Date('2026-03-10T09:00:00Z'),
      },
      {
        distributorId: shop(1),
        recipeName: 'Agege',
        loavesTaken: 4,
        pricePerLoaf: 420.5,
        createdAt: new Date('2026-03-30T09:00:00Z'),
      },
    ]);
    await db
      .insert(distributorPayments)
      .values({ distributorId: shop(1), amount: 500, createdAt: new Date('2026-03-31T22:30:00Z') });
    const days = { from: '2026-03-01', to: '2026-03-25' };
    const totals = await distributorTotals(db, days);
    expect(totals.map((row) => [row.distributorName, row.totalSales, row.transactions])).toEqual([
      ['Mama Nkechi', 3500, 1],
    ]);
    expect(await accountOver(db, shop(1), days)).toEqual({ charges: 0, credits: 0, balance: 0 });
    // 26–31 March Lagos: the sale, and the payment made 23:30 on the 31st.
    const late = await distributorTotals(db, { from: '2026-03-26', to: '2026-03-31' });
    expect(late.map((row) => [row.distributorName, row.totalSales, row.payments])).toEqual([
      ['Iya Bola', 1682, 500],
    ]);
  });
});

const FIRST_DAY = Date.UTC(2026, 0, 1);

/** Sales, returns, payments, orders and batches at random instants over about five months. */
async function insertRandomRecords(random: Random) {
  // Many instants fall within an hour of a Lagos midnight.
  const instant = () => {
    // About five months, so ranges hold whole months (rollup_distributor_months) and edges.
    const day = random.int(0, 150);
    const hour = random.chance(0.5) ? random.pick([22, 23, 0]) : random.int(0, 23);
    return new Date(FIRST_DAY + day * 86_400_000 + hour * 3_600_000 + random.int(0, 3_599_999));
  };
  const money = (high: number) => random.int(0, high * 100) / 100;
  await db.insert(salesTransactions).values(
    Array.from({ length: 300 }, () => ({
      distributorId: random.pick(shops),
      recipeName: random.pick(['Agege', 'Sliced']),
      loavesTaken: random.int(1, 80),
      pricePerLoaf: money(900) + 1,
      amountPaid: random.chance(0.5) ? money(20_000) : 0,
      createdAt: instant(),
    })),
  );
  await db.insert(breadReturns).values(
    Array.from({ length: 80 }, () => ({
      distributorId: random.pick(shops),
      recipeName: random.pick(['Agege', 'Sliced']),
      loavesReturned: random.int(1, 10),
      pricePerLoaf: money(900),
      reason: random.pick(RETURN_REASONS),
      createdAt: instant(),
    })),
  );
  await db.insert(distributorPayments).values(
    Array.from({ length: 120 }, () => ({
      distributorId: random.pick(shops),
      amount: money(50_000) + 0.01,
      createdAt: instant(),
    })),
  );
  await db.insert(purchaseOrders).values(
    Array.from({ length: 60 }, (_, n) => ({
      orderNumber: `PO-P${n}`,
      supplier: 'Honeywell',
      items: [],
      status: random.pick(['pending', 'delivered', 'cancelled']),
      totalAmount: money(300_000),
      orderDate: instant(),
    })),
  );
  await db.insert(productionBatches).values(
    Array.from({ length: 90 }, (_, n) => {
      const status = random.pick(['planned', 'in_progress', 'completed', 'cancelled']);
      return {
        batchNumber: `P-${n}`,
        recipeName: random.pick(['Agege', 'Sliced']),
        flourKg: random.int(1000, 50_000) / 1000,
        status,
        startedAt: status === 'planned' ? null : instant(),
        loavesProduced: status === 'completed' ? random.int(0, 400) : null,
      };
    }),
  );
}

/** Fixed ranges (whole months, open ends) and random ones, some open-ended. */
function rangesToCompare(random: Random): DayRange[] {
  const date = (day: number) => new Date(FIRST_DAY + day * 86_400_000).toISOString().slice(0, 10);
  const ranges: DayRange[] = [
    {},
    { from: '2026-01-01', to: '2026-03-31' },
    { from: '2026-02-01', to: '2026-02-28' },
    { from: '2026-01-15', to: '2026-04-10' },
    { from: null, to: '2026-02-28' },
    { from: '2026-03-01', to: null },
  ];
  for (let round = 0; round < 25; round += 1) {
    const a = random.int(-2, 152);
    const b = random.int(a, 154);
    ranges.push({
      from: random.chance(0.2) ? null : date(a),
      to: random.chance(0.2) ? null : date(b),
    });
  }
  return ranges;
}

/** Accounts, cash, expenditure, returns, production and one shop's balance over `days`. */
async function expectSameAsRawSums(days: DayRange, random: Random) {
  const range = {
    start: days.from ? businessDateRange(days.from, LAGOS).start : new Date(0),
    end: days.to ? businessDateRange(days.to, LAGOS).end : new Date(Date.UTC(2100, 0, 1)),
  };
  expect(await distributorTotals(db, days)).toEqual(await rawTotals(range));
  const cash = await cashReceived(db, days);
  const raw = await rawCash(range);
  expect(cash).toEqual(raw);
  expect(await expenditure(db, days)).toEqual(await rawExpenditure(range));
  const window = reportWindow(
    { startDate: days.from ?? undefined, endDate: days.to ?? undefined },
    LAGOS,
  );
  expect(await returnsReport(db, window)).toEqual(await rawReturns(window));
  const production = await productionReport(db, window);
  expect(production).toMatchObject(await rawProduction(window));
  expect((await salesReport(db, window)).trend).toEqual(await rawTrend(window, 'sales'));
  expect((await financialReport(db, window)).trend).toEqual(await rawTrend(window, 'cash'));
  const one = random.pick(shops);
  const account = await accountOver(db, one, days);
  const totals = (await rawTotals(range)).find((row) => row.distributorId === one);
  expect(account.balance / 100).toBeCloseTo(totals?.balance ?? 0, 2);
}

type Range = { start: Date; end: Date };
const within = (column: Parameters<typeof gte>[0], range: Range) =>
  and(gte(column, range.start), lt(column, range.end));

/** The reports' per-distributor totals summed from the records, as before the roll-ups. */
async function rawTotals(range: Range) {
  const rows = await rowsOf<{
    id: string;
    name: string;
    sales: string;
    paid: string;
    returned: string;
    count: number;
  }>(
    db,
    sql`
    select d.id, d.name,
      coalesce(s.value, 0)::text as sales,
      (coalesce(s.paid, 0) + coalesce(p.paid, 0))::text as paid,
      coalesce(r.value, 0)::text as returned,
      coalesce(s.n, 0)::int as count
    from distributors d
    left join (select distributor_id, sum(loaves_taken * price_per_loaf) as value,
        sum(amount_paid) as paid, count(*) as n from sales_transactions
        where created_at >= ${range.start} and created_at < ${range.end} group by 1) s on s.distributor_id = d.id
    left join (select distributor_id, sum(amount) as paid from distributor_payments
        where created_at >= ${range.start} and created_at < ${range.end} group by 1) p on p.distributor_id = d.id
    left join (select distributor_id, sum(loaves_returned * price_per_loaf) as value from bread_returns
        where created_at >= ${range.start} and created_at < ${range.end} group by 1) r on r.distributor_id = d.id
    where s.distributor_id is not null or p.distributor_id is not null or r.distributor_id is not null
    order by coalesce(s.value, 0) desc, d.name`,
  );
  return rows.map((row) => {
    const kobo = (value: string) => Math.round(Number(value) * 100);
    return {
      distributorId: row.id,
      distributorName: row.name,
      totalSales: Number(row.sales),
      payments: Number(row.paid),
      returns: Number(row.returned),
      balance: (kobo(row.sales) - kobo(row.paid) - kobo(row.returned)) / 100,
      transactions: Number(row.count),
    };
  });
}

/**
 * The Sales report's trend (sales value) or the Financial report's (paid at
 * sale and payments) summed per day or month from the records: a period with
 * a sale, or a payment for cash, is there even when its value is 0.
 */
async function rawTrend(window: ReturnType<typeof reportWindow>, of: 'sales' | 'cash') {
  const format = window.byDay ? 'YYYY-MM-DD' : 'YYYY-MM';
  const period = (column: AnyPgColumn) => sql`to_char(${column} at time zone ${LAGOS}, ${format})`;
  const s = salesTransactions;
  const p = distributorPayments;
  const sales = db
    .select({
      period: sql<string>`${period(s.createdAt)}`.as('period'),
      value: (of === 'sales' ? sql`${s.loavesTaken} * ${s.pricePerLoaf}` : sql`${s.amountPaid}`)
        .mapWith(String)
        .as('value'),
    })
    .from(s)
    .where(inRange(s.createdAt, window));
  const payments = db
    .select({
      period: sql<string>`${period(p.createdAt)}`.as('period'),
      value: sql`${p.amount}`.mapWith(String).as('value'),
    })
    .from(p)
    .where(inRange(p.createdAt, window));
  const records = (of === 'sales' ? sales : sales.unionAll(payments)).as('records');
  const rows = await db
    .select({ period: records.period, value: sql<string>`sum(${records.value})::text` })
    .from(records)
    .groupBy(records.period)
    .orderBy(records.period);
  return rows.map((row) => ({ period: row.period, value: Number(row.value) }));
}

/** The production report's totals and flour trend summed from the batches, as before the roll-ups. */
async function rawProduction(window: ReturnType<typeof reportWindow>) {
  const b = productionBatches;
  const [totals] = await db
    .select({
      total: sql<number>`count(*)::int`,
      completed: sql<number>`(count(*) filter (where ${b.status} = 'completed'))::int`,
      inProgress: sql<number>`(count(*) filter (where ${b.status} = 'in_progress'))::int`,
      loaves: sql<string>`coalesce(sum(${b.loavesProduced}) filter (where ${b.status} = 'completed'), 0)::text`,
    })
    .from(b)
    .where(inRange(b.startedAt, window, true));
  const trend = await db
    .select({
      period: sql<string>`to_char(${b.startedAt} at time zone ${LAGOS}, ${window.byDay ? 'YYYY-MM-DD' : 'YYYY-MM'})`,
      value: sql<string>`sum(${b.flourKg})::text`,
    })
    .from(b)
    .where(and(inRange(b.startedAt, window), isNotNull(b.startedAt), ne(b.status, 'cancelled')))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return {
    totalBatches: Number(totals?.total),
    completed: Number(totals?.completed),
    inProgress: Number(totals?.inProgress),
    totalLoaves: Number(totals?.loaves),
    trend: trend.map((row) => ({ period: row.period, value: Number(row.value) })),
  };
}

/** The returns report summed from the returns, as before the roll-ups. */
async function rawReturns(window: ReturnType<typeof reportWindow>) {
  const r = breadReturns;
  const value = sql`${r.loavesReturned} * ${r.pricePerLoaf}`;
  const dated = inRange(r.createdAt, window);
  const reasons = await db
    .select({
      reason: r.reason,
      loaves: sql<string>`sum(${r.loavesReturned})::text`,
      amount: sql<string>`sum(${value})::text`,
    })
    .from(r)
    .where(dated)
    .groupBy(r.reason);
  const byReason = RETURN_REASONS.map((reason) => {
    const row = reasons.find((candidate) => candidate.reason === reason);
    return { reason, loaves: Number(row?.loaves ?? 0), amount: Number(row?.amount ?? 0) };
  });
  const byDistributor = await db
    .select({
      distributorId: r.distributorId,
      distributorName: distributors.name,
      totalLoaves: sql<string>`sum(${r.loavesReturned})::text`,
      totalAmount: sql<string>`sum(${value})::text`,
      returns: sql<number>`count(*)::int`,
    })
    .from(r)
    .leftJoin(distributors, eq(distributors.id, r.distributorId))
    .where(dated)
    .groupBy(r.distributorId, distributors.name)
    .orderBy(sql`sum(${value}) desc`, asc(distributors.name));
  return {
    totalAmount: byReason.reduce((sum, row) => sum + Math.round(row.amount * 100), 0) / 100,
    totalLoaves: byReason.reduce((sum, row) => sum + row.loaves, 0),
    byReason,
    byDistributor: byDistributor.map((row) => ({
      ...row,
      totalLoaves: Number(row.totalLoaves),
      totalAmount: Number(row.totalAmount),
      returns: Number(row.returns),
    })),
  };
}

async function rawCash(range: Range) {
  const [atSale] = await db
    .select({
      total: sql<string>`coalesce(sum(${salesTransactions.amountPaid}), 0)::text`,
      count: sql<number>`count(*)::int`,
    })
    .from(salesTransactions)
    .where(within(salesTransactions.createdAt, range));
  const [later] = await db
    .select({
      total: sql<string>`coalesce(sum(${distributorPayments.amount}), 0)::text`,
      count: sql<number>`count(*)::int`,
    })
    .from(distributorPayments)
    .where(within(distributorPayments.createdAt, range));
  return {
    atSale: { total: Number(atSale?.total), count: Number(atSale?.count) },
    payments: { total: Number(later?.total), count: Number(later?.count) },
  };
}

async function rawExpenditure(range: Range) {
  const [row] = await db
    .select({
      total: sql<string>`coalesce(sum(${purchaseOrders.totalAmount}), 0)::text`,
      count: sql<number>`count(*)::int`,
    })
    .from(purchaseOrders)
    .where(and(ne(purchaseOrders.status, 'cancelled'), within(purchaseOrders.orderDate, range)));
  return { total: Number(row?.total), count: Number(row?.count) };
}
