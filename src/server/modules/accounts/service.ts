/**
 * The distributors' accounts, computed in one place from the roll-ups
 * (src/server/db/schema.ts, kept by triggers): the Distributors cards, the
 * dashboard's money owed, the statements' opening and running balances, the
 * Sales and Financial reports and accounting's income all read them here.
 *
 * owed = Σ loaves × price; paid = Σ paid at sale + Σ payments;
 * returns = Σ loaves returned × price; balance = owed − paid − returns.
 * All summed in NUMERIC, over whole bakery days.
 */
import { and, asc, desc, eq, gte, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Kobo } from '../../../domain/money';
import { toKobo } from '../../../domain/money';
import type { DistributorTotals } from '../../../domain/reports';
import type { Database, Transaction } from '../../db/connection';
import {
  distributors,
  rollupDistributorBreadDays,
  rollupDistributorPaymentDays,
  rollupOrderDays,
} from '../../db/schema';

/** Bakery days (YYYY-MM-DD): from and to inclusive, before exclusive; a missing bound is open. */
export interface DayRange {
  from?: string | null;
  to?: string | null;
  before?: string;
}

const ALL_DAYS: DayRange = {};

export function inDays(column: AnyPgColumn, days: DayRange): SQL | undefined {
  return and(
    days.from ? gte(column, days.from) : undefined,
    days.to ? lte(column, days.to) : undefined,
    days.before ? lt(column, days.before) : undefined,
  );
}

type Db = Database | Transaction;

/** Per distributor over the days: sales value, paid at sale, number of sales, returns value. */
function salesAndReturns(db: Db, days: DayRange, distributorId?: string) {
  const r = rollupDistributorBreadDays;
  return db
    .select({
      distributorId: r.distributorId,
      owed: sql<string>`sum(${r.salesValue})`.as('owed'),
      paidAtSale: sql<string>`sum(${r.paidAtSale})`.as('paid_at_sale'),
      sales: sql<string>`sum(${r.salesCount})`.as('sales_count'),
      returned: sql<string>`sum(${r.returnsValue})`.as('returned'),
    })
    .from(r)
    .where(and(inDays(r.day, days), distributorId ? eq(r.distributorId, distributorId) : undefined))
    .groupBy(r.distributorId)
    .as('sales');
}

/** Per distributor over the days: what it paid after its sales. */
function paymentsMade(db: Db, days: DayRange, distributorId?: string) {
  const p = rollupDistributorPaymentDays;
  return db
    .select({
      distributorId: p.distributorId,
      paid: sql<string>`sum(${p.payments})`.as('paid'),
    })
    .from(p)
    .where(and(inDays(p.day, days), distributorId ? eq(p.distributorId, distributorId) : undefined))
    .groupBy(p.distributorId)
    .as('payments');
}

/** The account's parts as SQL over the two subqueries, for the queries below. */
function accountParts(db: Db, days: DayRange, distributorId?: string) {
  const sales = salesAndReturns(db, days, distributorId);
  const payments = paymentsMade(db, days, distributorId);
  const owed = sql`coalesce(${sales.owed}, 0)`;
  const paid = sql`(coalesce(${sales.paidAtSale}, 0) + coalesce(${payments.paid}, 0))`;
  const returned = sql`coalesce(${sales.returned}, 0)`;
  return { sales, payments, owed, paid, returned, balance: sql`(${owed} - ${paid} - ${returned})` };
}

/**
 * Every distributor (those `where` picks) with its account over all days, by
 * name: the Distributors cards, and (as a subquery) the dashboard's total owed.
 */
export function accountSums(db: Db, where?: SQL) {
  const { sales, payments, owed, paid, returned, balance } = accountParts(db, ALL_DAYS);
  return db
    .select({
      distributor: distributors,
      totalOwed: sql<string>`${owed}::text`,
      totalPaid: sql<string>`${paid}::text`,
      totalReturns: sql<string>`${returned}::text`,
      // Named, so the dashboard can total it from this query as a subquery.
      balance: sql<string>`${balance}::text`.as('balance'),
    })
    .from(distributors)
    .leftJoin(sales, eq(sales.distributorId, distributors.id))
    .leftJoin(payments, eq(payments.distributorId, distributors.id))
    .where(where)
    .orderBy(asc(distributors.name), asc(distributors.id));
}

const num = (value: string | number | null | undefined) => Number(value ?? 0);

/**
 * Per distributor with any sale, payment or return in the days: sales value,
 * cash received (paid at sale plus payments), returns value, the balance and
 * the number of sales; the largest sales first.
 */
export async function distributorTotals(db: Db, days: DayRange): Promise<DistributorTotals[]> {
  const { sales, payments, owed, paid, returned, balance } = accountParts(db, days);
  const rows = await db
    .select({
      distributorId: distributors.id,
      distributorName: distributors.name,
      totalSales: sql<string>`${owed}::text`,
      payments: sql<string>`${paid}::text`,
      returns: sql<string>`${returned}::text`,
      balance: sql<string>`${balance}::text`,
      transactions: sql<number>`coalesce(${sales.sales}, 0)::int`,
    })
    .from(distributors)
    .leftJoin(sales, eq(sales.distributorId, distributors.id))
    .leftJoin(payments, eq(payments.distributorId, distributors.id))
    .where(or(sql`${sales.distributorId} is not null`, sql`${payments.distributorId} is not null`))
    .orderBy(desc(owed), asc(distributors.name));
  return rows.map((row) => ({
    distributorId: row.distributorId,
    distributorName: row.distributorName,
    totalSales: num(row.totalSales),
    payments: num(row.payments),
    returns: num(row.returns),
    balance: num(row.balance),
    transactions: num(row.transactions),
  }));
}

/** One distributor's charges (sales), credits (paid at sale, payments, returns) and balance over the days, in kobo. */
export async function accountOver(db: Db, distributorId: string, days: DayRange) {
  const { sales, payments, owed, paid, returned } = accountParts(db, days, distributorId);
  const [row] = await db
    .select({
      charges: sql<string>`${owed}::text`,
      credits: sql<string>`(${paid} + ${returned})::text`,
    })
    .from(distributors)
    .leftJoin(sales, eq(sales.distributorId, distributors.id))
    .leftJoin(payments, eq(payments.distributorId, distributors.id))
    .where(eq(distributors.id, distributorId));
  const charges = toKobo(row?.charges ?? 0);
  const credits = toKobo(row?.credits ?? 0);
  return { charges, credits, balance: (charges - credits) as Kobo };
}

export interface Tally {
  total: number;
  count: number;
}

/** Cash received over the days: paid at sale (with the number of sales) and payments (with theirs). */
export async function cashReceived(db: Db, days: DayRange) {
  const r = rollupDistributorBreadDays;
  const p = rollupDistributorPaymentDays;
  const [atSale] = await db
    .select({
      total: sql<string>`coalesce(sum(${r.paidAtSale}), 0)::text`,
      count: sql<string>`coalesce(sum(${r.salesCount}), 0)::text`,
    })
    .from(r)
    .where(inDays(r.day, days));
  const [later] = await db
    .select({
      total: sql<string>`coalesce(sum(${p.payments}), 0)::text`,
      count: sql<string>`coalesce(sum(${p.paymentsCount}), 0)::text`,
    })
    .from(p)
    .where(inDays(p.day, days));
  const tally = (row?: { total: string; count: string }): Tally => ({
    total: num(row?.total),
    count: num(row?.count),
  });
  return { atSale: tally(atSale), payments: tally(later) };
}

/** Purchase orders counted as expenditure (all but cancelled, by order day) over the days. */
export async function expenditure(db: Db, days: DayRange): Promise<Tally> {
  const [row] = await db
    .select({
      total: sql<string>`coalesce(sum(${rollupOrderDays.expenditure}), 0)::text`,
      count: sql<string>`coalesce(sum(${rollupOrderDays.ordersCount}), 0)::text`,
    })
    .from(rollupOrderDays)
    .where(inDays(rollupOrderDays.day, days));
  return { total: num(row?.total), count: num(row?.count) };
}

/** Sales (and the number of them) over all days: the sales summary's count. */
export async function salesCount(db: Db): Promise<number> {
  const r = rollupDistributorBreadDays;
  const [row] = await db
    .select({ count: sql<string>`coalesce(sum(${r.salesCount}), 0)::text` })
    .from(r);
  return num(row?.count);
}

type TrendOf = 'salesValue' | 'paidAtSale' | 'payments';

/**
 * A money column of the roll-ups summed per day or month over the days: a
 * period with any sale (or payment) is there, as when the records are summed.
 */
export function trendOf(db: Db, what: TrendOf, days: DayRange, byDay: boolean) {
  const format = byDay ? 'YYYY-MM-DD' : 'YYYY-MM';
  // The period expression carries a parameter, so it is grouped by position.
  if (what === 'payments') {
    const p = rollupDistributorPaymentDays;
    return db
      .select({
        period: sql<string>`to_char(${p.day}, ${format})`,
        value: sql<string>`sum(${p.payments})::text`,
      })
      .from(p)
      .where(inDays(p.day, days))
      .groupBy(sql`1`);
  }
  const r = rollupDistributorBreadDays;
  return db
    .select({
      period: sql<string>`to_char(${r.day}, ${format})`,
      value: sql<string>`sum(${r[what]})::text`,
    })
    .from(r)
    .where(and(inDays(r.day, days), sql`${r.salesCount} > 0`))
    .groupBy(sql`1`);
}
