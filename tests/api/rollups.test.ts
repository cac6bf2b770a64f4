import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, asc, eq, gte, isNotNull, lt, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETURN_REASONS } from '../../src/domain/distributor-schemas';
import { businessDateRange } from '../../src/domain/time';
import { buildApp } from '../../src/server/app';
import { type Database, type DatabaseHandle, openDatabase } from '../../src/server/db/connection';
import { inRange } from '../../src/server/db/date-range';
import { rowsOf } from '../../src/server/db/raw-results';
import {
  breadReturns,
  distributorPayments,
  distributors,
  productionBatches,
  purchaseOrders,
  rollupBreadProductionDays,
  rollupDistributorBreadDays,
  rollupDistributorPaymentDays,
  rollupOrderDays,
  rollupSettings,
  salesTransactions,
} from '../../src/server/db/schema';
import { matchRollupTimeZone, rollupDifferences } from '../../src/server/modules/accounts/rollups';
import {
  accountOver,
  cashReceived,
  type DayRange,
  distributorTotals,
  expenditure,
} from '../../src/server/modules/accounts/service';
import { distributorStatement } from '../../src/server/modules/distributors/statement';
import {
  productionReport,
  reportWindow,
  returnsReport,
} from '../../src/server/modules/reports/service';
import { Random } from '../../src/server/seed/random';
import { openTestDatabase, testConfig } from '../support/test-app';

const LAGOS = 'Africa/Lagos';

let database: DatabaseHandle;
let db: Database;
let shops: string[];
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  const rows = await db
    .insert(distributors)
    .values(
      ['Mama Nkechi', 'Iya Bola', 'Oga Emeka'].map((name) => ({
        name,
        address: 'Ojota',
        phone: '08031234567',
      })),
    )
    .returning();
  shops = rows.map((row) => row.id);
});
afterAll(() => database.close());

const shop = (n: number) => shops[n] as string;
const noDrift = async () => expect(await rollupDifferences(db)).toEqual([]);

/** 23:30 and 00:30 in Lagos (UTC+1) on 31 Jan 2026: two bakery days an hour apart. */
const LATE = new Date('2026-01-31T22:30:00Z');
const EARLY = new Date('2026-01-31T23:30:00Z');

async function emptyRecords() {
  await db.execute(
    sql`truncate table sales_transactions, bread_returns, distributor_payments, production_batches, purchase_orders`,
  );
}

describe('the roll-ups follow every write', () => {
  it('keeps sales and returns per day, distributor and bread through insert, update, delete and truncate', async () => {
    await emptyRecords();
    const sale = (n: number, at: Date, loavesTaken: number, amountPaid = 0) => ({
      distributorId: shop(n),
      recipeName: 'Agege',
      loavesTaken,
      pricePerLoaf: 500.25,
      amountPaid,
      createdAt: at,
    });
    const sales = await db
      .insert(salesTransactions)
      .values([sale(0, LATE, 10, 1000), sale(0, EARLY, 4), sale(0, EARLY, 6, 0.05)])
      .returning();
    await noDrift();
    const byDay = () =>
      db.select().from(rollupDistributorBreadDays).orderBy(asc(rollupDistributorBreadDays.day));
    expect(await byDay()).toEqual([
      expect.objectContaining({
        day: '2026-01-31',
        salesCount: 1,
        loavesSold: 10,
        salesValue: 5002.5,
        paidAtSale: 1000,
      }),
      expect.objectContaining({
        day: '2026-02-01',
        salesCount: 2,
        loavesSold: 10,
        salesValue: 5002.5,
        paidAtSale: 0.05,
      }),
    ]);

    await db.insert(breadReturns).values({
      distributorId: shop(0),
      recipeName: 'Agege',
      loavesReturned: 3,
      pricePerLoaf: 500.25,
      reason: 'spoiled',
      createdAt: LATE,
    });
    await noDrift();
    // A sale moved to the next day, another re-priced, a return's loaves corrected.
    await db
      .update(salesTransactions)
      .set({ createdAt: EARLY })
      .where(eq(salesTransactions.id, sales[0]?.id ?? ''));
    await db
      .update(salesTransactions)
      .set({ pricePerLoaf: 450 })
      .where(eq(salesTransactions.id, sales[1]?.id ?? ''));
    await db.update(breadReturns).set({ loavesReturned: 2 });
    await noDrift();
    expect((await byDay()).map((row) => [row.day, row.salesCount, row.returnsCount])).toEqual([
      ['2026-01-31', 0, 1],
      ['2026-02-01', 3, 0],
    ]);

    await db.delete(breadReturns);
    await noDrift();
    expect((await byDay()).map((row) => row.day)).toEqual(['2026-02-01']);
    await db.delete(salesTransactions).where(eq(salesTransactions.id, sales[2]?.id ?? ''));
    await noDrift();

    await db.insert(breadReturns).values({
      distributorId: shop(0),
      recipeName: 'Agege',
      loavesReturned: 1,
      pricePerLoaf: 400,
      reason: 'damaged',
      createdAt: EARLY,
    });
    await db.execute(sql`truncate table sales_transactions`);
    await noDrift();
    expect((await byDay()).map((row) => [row.salesCount, row.returnsCount])).toEqual([[0, 1]]);
    await db.execute(sql`truncate table bread_returns`);
    expect(await byDay()).toEqual([]);
    await noDrift();
  });

  it('keeps payments per day and distributor', async () => {
    await emptyRecords();
    const payment = (n: number, at: Date, amount: number) => ({
      distributorId: shop(n),
      amount,
      createdAt: at,
    });
    await db
      .insert(distributorPayments)
      .values([payment(0, LATE, 100.1), payment(0, EARLY, 0.2), payment(1, EARLY, 50)]);
    await noDrift();
    await db
      .update(distributorPayments)
      .set({ distributorId: shop(2) })
      .where(eq(distributorPayments.amount, 50));
    await db
      .update(distributorPayments)
      .set({ amount: 0.3 })
      .where(eq(distributorPayments.amount, 0.2));
    await noDrift();
    await db.delete(distributorPayments).where(eq(distributorPayments.amount, 100.1));
    await noDrift();
    expect(
      (await db.select().from(rollupDistributorPaymentDays)).map((row) => row.payments).sort(),
    ).toEqual([0.3, 50]);
    await db.execute(sql`truncate table distributor_payments`);
    expect(await db.select().from(rollupDistributorPaymentDays)).toEqual([]);
    await noDrift();
  });

  it('keeps batches per day started (never started too), bread and status', async () => {
    await emptyRecords();
    const batch = (n: number, startedAt: Date | null, status: string) => ({
      batchNumber: `R-${n}`,
      recipeName: 'Sliced',
      flourKg: 12.345,
      status,
      startedAt,
    });
    await db
      .insert(productionBatches)
      .values([
        batch(1, LATE, 'in_progress'),
        batch(2, null, 'planned'),
        batch(3, null, 'planned'),
      ]);
    await noDrift();
    await db
      .update(productionBatches)
      .set({ status: 'completed', loavesProduced: 120, completedAt: EARLY })
      .where(eq(productionBatches.batchNumber, 'R-1'));
    await db
      .update(productionBatches)
      .set({ status: 'in_progress', startedAt: EARLY })
      .where(eq(productionBatches.batchNumber, 'R-2'));
    await noDrift();
    const rows = await db
      .select()
      .from(rollupBreadProductionDays)
      .orderBy(asc(rollupBreadProductionDays.status));
    expect(rows.map((row) => [row.day, row.status, row.batches, row.flourKg, row.loaves])).toEqual([
      ['2026-01-31', 'completed', 1, 12.345, 120],
      ['2026-02-01', 'in_progress', 1, 12.345, 0],
      [null, 'planned', 1, 12.345, 0],
    ]);
    await db.delete(productionBatches).where(eq(productionBatches.batchNumber, 'R-3'));
    await noDrift();
    await db.execute(sql`truncate table production_batches cascade`);
    expect(await db.select().from(rollupBreadProductionDays)).toEqual([]);
  });

  it('keeps the expenditure of orders per order day, leaving cancelled ones out', async () => {
    await emptyRecords();
    const order = (n: number, orderDate: Date, totalAmount: number) => ({
      orderNumber: `PO-R${n}`,
      supplier: 'Dangote',
      items: [],
      totalAmount,
      orderDate,
    });
    await db
      .insert(purchaseOrders)
      .values([order(1, LATE, 1000), order(2, EARLY, 250.5), order(3, EARLY, 99.99)]);
    await noDrift();
    await db
      .update(purchaseOrders)
      .set({ status: 'cancelled' })
      .where(eq(purchaseOrders.orderNumber, 'PO-R3'));
    await db
      .update(purchaseOrders)
      .set({ status: 'delivered', deliveredDate: EARLY })
      .where(eq(purchaseOrders.orderNumber, 'PO-R1'));
    await noDrift();
    expect(
      (await db.select().from(rollupOrderDays).orderBy(asc(rollupOrderDays.day))).map((row) => [
        row.day,
        row.ordersCount,
        row.expenditure,
      ]),
    ).toEqual([
      ['2026-01-31', 1, 1000],
      ['2026-02-01', 1, 250.5],
    ]);
    await db
      .update(purchaseOrders)
      .set({ status: 'pending' })
      .where(eq(purchaseOrders.orderNumber, 'PO-R3'));
    await db.delete(purchaseOrders).where(eq(purchaseOrders.orderNumber, 'PO-R1'));
    await noDrift();
    await db.execute(sql`truncate table purchase_orders`);
    expect(await db.select().from(rollupOrderDays)).toEqual([]);
  });
});

describe('the roll-ups time zone', () => {
  it('rebuilds every roll-up when the time zone changes, and only then', async () => {
    await emptyRecords();
    await db.insert(salesTransactions).values({
      distributorId: shop(0),
      recipeName: 'Agege',
      loavesTaken: 1,
      pricePerLoaf: 500,
      createdAt: EARLY,
    });
    const days = async () =>
      (await db.select().from(rollupDistributorBreadDays)).map((row) => row.day);
    expect(await days()).toEqual(['2026-02-01']);
    expect(await matchRollupTimeZone(db, 'UTC')).toEqual({ was: LAGOS, rebuilt: true });
    expect(await days()).toEqual(['2026-01-31']);
    await noDrift();
    // Writes after the change are kept in the new zone too.
    await db
      .insert(distributorPayments)
      .values({ distributorId: shop(1), amount: 5, createdAt: EARLY });
    expect((await db.select().from(rollupDistributorPaymentDays))[0]?.day).toBe('2026-01-31');
    expect(await matchRollupTimeZone(db, 'UTC')).toEqual({ was: 'UTC', rebuilt: false });
    expect(await matchRollupTimeZone(db, LAGOS)).toEqual({ was: 'UTC', rebuilt: true });
    expect(await days()).toEqual(['2026-02-01']);
    expect(await db.select().from(rollupSettings)).toEqual([{ id: true, timeZone: LAGOS }]);
    await noDrift();
  });
});

describe('start-up', () => {
  it('rebuilds the roll-ups when BAKERY_TZ is not the zone they were built in', async () => {
    await db.insert(salesTransactions).values({
      distributorId: shop(2),
      recipeName: 'Sliced',
      loavesTaken: 2,
      pricePerLoaf: 650,
      createdAt: EARLY,
    });
    const app = await buildApp({ config: testConfig({ timeZone: 'UTC' }), db });
    await app.close();
    expect(await db.select().from(rollupSettings)).toEqual([{ id: true, timeZone: 'UTC' }]);
    const [row] = await db
      .select()
      .from(rollupDistributorBreadDays)
      .where(eq(rollupDistributorBreadDays.distributorId, shop(2)));
    expect(row?.day).toBe('2026-01-31');
    await noDrift();
    await matchRollupTimeZone(db, LAGOS);
  });
});

describe('a statement on the roll-ups', () => {
  it('opens with the balance before its first day and carries the balance across pages and days', async () => {
    const [shopRow] = await db
      .insert(distributors)
      .values({ name: 'Statement Shop', address: 'Ikeja', phone: '08030000001' })
      .returning();
    const id = shopRow?.id ?? '';
    const random = new Random(7);
    // 2026-01-10 to 01-14 in Lagos, many records in the hour either side of midnight.
    const at = (n: number) =>
      new Date(Date.UTC(2026, 0, 10) + (n % 5) * 86_400_000 - 3_600_000 + random.int(0, 7_199_999));
    await db.insert(salesTransactions).values(
      Array.from({ length: 450 }, (_, n) => ({
        distributorId: id,
        recipeName: 'Agege',
        loavesTaken: random.int(1, 30),
        pricePerLoaf: random.int(30_000, 90_000) / 100,
        amountPaid: random.chance(0.3) ? random.int(0, 500_000) / 100 : 0,
        createdAt: at(n),
      })),
    );
    await db.insert(distributorPayments).values(
      Array.from({ length: 400 }, (_, n) => ({
        distributorId: id,
        amount: random.int(1, 900_000) / 100,
        createdAt: at(n),
      })),
    );
    const startDate = '2026-01-11';
    const query = { startDate, endDate: '2026-01-13' };
    const now = new Date(Date.UTC(2026, 1, 1));
    const first = await distributorStatement(db, id, query, LAGOS, now);
    const [before] = await rowsOf<{ balance: string }>(
      db,
      sql`select (coalesce((select sum(loaves_taken * price_per_loaf - amount_paid) from sales_transactions
            where distributor_id = ${id} and created_at < ${businessDateRange(startDate, LAGOS).start}), 0)
          - coalesce((select sum(amount) from distributor_payments
            where distributor_id = ${id} and created_at < ${businessDateRange(startDate, LAGOS).start}), 0))::text as balance`,
    );
    expect(first.openingBalance).toBe(Number(before?.balance));
    expect(first.nextCursor).toBeDefined();
    const second = await distributorStatement(
      db,
      id,
      { ...query, after: first.nextCursor },
      LAGOS,
      now,
    );
    const last = first.lines.at(-1);
    const next = second.lines[0];
    expect(next && last && Math.round((next.balance - next.charge + next.credit) * 100)).toBe(
      last && Math.round(last.balance * 100),
    );
    expect(second.lines.at(-1)?.balance).toBe(second.closingBalance);
    expect(second.nextCursor).toBeUndefined();
  });
});

describe('the roll-ups answer as the records do', () => {
  it('gives the same accounts, cash and expenditure as raw sums over random records and ranges', async () => {
    await emptyRecords();
    const random = new Random(16);
    const base = Date.UTC(2026, 0, 1);
    // Many instants fall within an hour of a Lagos midnight.
    const instant = () => {
      const day = random.int(0, 60);
      const hour = random.chance(0.5) ? random.pick([22, 23, 0]) : random.int(0, 23);
      return new Date(base + day * 86_400_000 + hour * 3_600_000 + random.int(0, 3_599_999));
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
    // Some records change afterwards.
    await db.execute(
      sql`update sales_transactions set created_at = created_at + interval '1 hour' where loaves_taken % 7 = 0`,
    );
    await db.execute(sql`delete from distributor_payments where amount < 5000`);
    await noDrift();

    // All days: one row per distributor (rollup_distributor_accounts).
    const always = { start: new Date(0), end: new Date(Date.UTC(2100, 0, 1)) };
    expect(await distributorTotals(db, {})).toEqual(await rawTotals(always));
    const date = (day: number) => new Date(base + day * 86_400_000).toISOString().slice(0, 10);
    for (let round = 0; round < 25; round += 1) {
      const a = random.int(-2, 62);
      const b = random.int(a, 64);
      const days: DayRange = {
        from: random.chance(0.2) ? null : date(a),
        to: random.chance(0.2) ? null : date(b),
      };
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
      const one = random.pick(shops);
      const account = await accountOver(db, one, days);
      const totals = (await rawTotals(range)).find((row) => row.distributorId === one);
      expect(account.balance / 100).toBeCloseTo(totals?.balance ?? 0, 2);
    }
  });
});

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

describe('npm run verify', () => {
  it('lists a planted difference and exits 1, and reports none once it is put right', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bakery-verify-'));
    try {
      const embedded = await openDatabase({ kind: 'embedded', dataDir });
      const [mine] = await embedded.db
        .insert(distributors)
        .values({ name: 'Drift Test', address: 'Yaba', phone: '08030000000' })
        .returning();
      await embedded.db.insert(distributorPayments).values({
        distributorId: mine?.id ?? '',
        amount: 700,
        createdAt: LATE,
      });
      expect(await rollupDifferences(embedded.db)).toEqual([]);
      // Drift planted behind the triggers' back: a changed total and a row with no records.
      await embedded.db.update(rollupDistributorPaymentDays).set({ payments: 699.99 });
      await embedded.db
        .insert(rollupOrderDays)
        .values({ day: '2026-03-01', ordersCount: 1, expenditure: 10 });
      const planted = await rollupDifferences(embedded.db);
      expect(planted).toEqual([
        {
          rollup: 'rollup_distributor_payment_days',
          key: { distributor_id: mine?.id, day: '2026-01-31' },
          stored: expect.objectContaining({ payments: 699.99, payments_count: 1 }),
          expected: expect.objectContaining({ payments: 700, payments_count: 1 }),
        },
        {
          rollup: 'rollup_order_days',
          key: { day: '2026-03-01' },
          stored: { day: '2026-03-01', orders_count: 1, expenditure: 10 },
          expected: null,
        },
      ]);
      await embedded.close();

      const run = () =>
        spawnSync(process.execPath, ['--import', 'tsx', 'scripts/verify.ts'], {
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', BAKERY_TZ: LAGOS },
          encoding: 'utf8',
        });
      const drifted = run();
      expect(drifted.status).toBe(1);
      expect(drifted.stdout).toContain('rollup_distributor_payment_days');
      expect(drifted.stdout).toContain('rollup_order_days {"day":"2026-03-01"}');
      expect(drifted.stdout).toContain('2 roll-up row(s) differ from the records.');

      const reopened = await openDatabase({ kind: 'embedded', dataDir });
      await reopened.db.execute(sql`select rollup_rebuild()`);
      await reopened.close();
      const clean = run();
      expect(clean.stdout).toContain('Every roll-up equals the totals of its records.');
      expect(clean.status).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
