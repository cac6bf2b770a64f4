/**
 * The distributors' accounts, computed in one place from the roll-ups
 * (src/server/db/schema/rollups.ts, kept by triggers): the Distributors cards, the
 * dashboard's money owed, the statements' opening and running balances, the
 * Sales and Financial reports and accounting's income all read them here.
 *
 * owed = Σ loaves × price; paid = Σ paid at sale + Σ payments;
 * returns = Σ loaves returned × price; balance = owed − paid − returns.
 * All summed in NUMERIC, over whole bakery days.
 */
import { and, asc, desc, eq, gte, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, type PgTable, unionAll } from 'drizzle-orm/pg-core';
import { addDays, type DaySpan, splitByMonths, splitForSums } from '../../../domain/bakery-months';
import type { DistributorTotals } from '../../../domain/contracts/reports';
import { subtractKobo, toKobo } from '../../../domain/money';
import type { Database, Transaction } from '../../db/connection';
import {
  distributors,
  rollupDays,
  rollupDistributorAccounts,
  rollupDistributorBreadDays,
  rollupDistributorMonths,
  rollupDistributorPaymentDays,
  rollupMonths,
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

const isAllDays = (days: DayRange) => !days.from && !days.to && !days.before;

/** The days as an inclusive span: `before` is the day after its last. */
function spanOf(days: DayRange): DaySpan {
  const beforeEnd = days.before ? addDays(days.before, -1) : null;
  // The earlier of the two ends (YYYY-MM-DD sorts as dates do).
  const [to = null] = [days.to, beforeEnd].filter((end): end is string => Boolean(end)).sort();
  return { from: days.from ?? null, to };
}

/** Days as a condition on a daily roll-up's day: any of the spans, or `false` for none. */
const inAnyOf = (column: AnyPgColumn, spans: DaySpan[]) =>
  spans.length > 0 ? or(...spans.map((span) => inDays(column, span))) : sql`false`;

/** Months as a condition on a month roll-up's month, or `false` for none. */
const inMonthsOf = (column: AnyPgColumn, months: DaySpan | null) =>
  months ? inDays(column, months) : sql`false`;

/**
 * The days as whole months and the days at their edges, as conditions on a
 * month roll-up's month and a daily roll-up's day: summed together they
 * cover the days exactly, and a year reads about twelve month rows.
 */
function monthsAndEdges(days: DayRange) {
  const { months, edges } = splitByMonths(spanOf(days));
  // A part with nothing to read is `false`: the planner skips it without a scan.
  return {
    inMonths: (column: AnyPgColumn) => inMonthsOf(column, months),
    inEdges: (column: AnyPgColumn) => inAnyOf(column, edges),
  };
}

/**
 * Per distributor with any record in the days: sales value, paid at sale,
 * payments, returns value and number of sales, as one subquery. All days
 * are one row per distributor (rollup_distributor_accounts); a range sums its
 * months (rollup_distributor_months) and the per-day roll-ups of the days at
 * its edges, less those of the days outside it in a month summed whole
 * (splitForSums: this year so far is its months less the rest of this month).
 */
function totalsOver(db: Db, days: DayRange, distributorId?: string) {
  const text = (value: SQL | AnyPgColumn) => sql<string>`${value}`;
  if (isAllDays(days)) {
    const a = rollupDistributorAccounts;
    return db
      .select({
        distributorId: text(a.distributorId).as('distributor_id'),
        owed: text(a.salesValue).as('owed'),
        paidAtSale: text(a.paidAtSale).as('paid_at_sale'),
        paid: text(a.payments).as('paid'),
        returned: text(a.returnsValue).as('returned'),
        sales: text(a.salesCount).as('sales_count'),
      })
      .from(a)
      .where(distributorId ? eq(a.distributorId, distributorId) : undefined)
      .as('totals');
  }
  const r = rollupDistributorBreadDays;
  const p = rollupDistributorPaymentDays;
  const m = rollupDistributorMonths;
  const zero = () => sql<string>`0`;
  const ofDistributor = (column: AnyPgColumn) =>
    distributorId ? eq(column, distributorId) : undefined;
  const { months, edges, outside } = splitForSums(spanOf(days));
  // Added for the edge days, subtracted (sign −1) for the days outside.
  const dayRows = (sign: 1 | -1, spans: DaySpan[]) => {
    const signed = (value: AnyPgColumn | SQL) =>
      sign === 1 ? text(value) : sql<string>`-(${value})`;
    return [
      db
        .select({
          distributorId: text(r.distributorId).as('distributor_id'),
          owed: signed(r.salesValue).as('owed'),
          paidAtSale: signed(r.paidAtSale).as('paid_at_sale'),
          paid: zero().as('paid'),
          returned: signed(r.returnsValue).as('returned'),
          sales: signed(r.salesCount).as('sales_count'),
          records: signed(sql`${r.salesCount} + ${r.returnsCount}`).as('records'),
        })
        .from(r)
        .where(and(inAnyOf(r.day, spans), ofDistributor(r.distributorId))),
      db
        .select({
          distributorId: text(p.distributorId).as('distributor_id'),
          owed: zero().as('owed'),
          paidAtSale: zero().as('paid_at_sale'),
          paid: signed(p.payments).as('paid'),
          returned: zero().as('returned'),
          sales: zero().as('sales_count'),
          records: signed(p.paymentsCount).as('records'),
        })
        .from(p)
        .where(and(inAnyOf(p.day, spans), ofDistributor(p.distributorId))),
    ] as const;
  };
  const rows = unionAll(
    db
      .select({
        distributorId: text(m.distributorId).as('distributor_id'),
        owed: text(m.salesValue).as('owed'),
        paidAtSale: text(m.paidAtSale).as('paid_at_sale'),
        paid: text(m.payments).as('paid'),
        returned: text(m.returnsValue).as('returned'),
        sales: text(m.salesCount).as('sales_count'),
        records: sql<string>`${m.salesCount} + ${m.paymentsCount} + ${m.returnsCount}`.as(
          'records',
        ),
      })
      .from(m)
      .where(and(inMonthsOf(m.month, months), ofDistributor(m.distributorId))),
    ...dayRows(1, edges),
    ...dayRows(-1, outside),
  ).as('day_rows');
  return (
    db
      .select({
        distributorId: sql<string>`${rows.distributorId}`.as('distributor_id'),
        owed: sql<string>`sum(${rows.owed})`.as('owed'),
        paidAtSale: sql<string>`sum(${rows.paidAtSale})`.as('paid_at_sale'),
        paid: sql<string>`sum(${rows.paid})`.as('paid'),
        returned: sql<string>`sum(${rows.returned})`.as('returned'),
        sales: sql<string>`sum(${rows.sales})`.as('sales_count'),
      })
      .from(rows)
      .groupBy(rows.distributorId)
      // A distributor whose month's records all lie outside the days has none in them.
      .having(sql`sum(${rows.records}) > 0`)
      .as('totals')
  );
}

/** The account's parts as SQL over the totals subquery, for the queries below. */
function accountParts(db: Db, days: DayRange, distributorId?: string) {
  const totals = totalsOver(db, days, distributorId);
  const owed = sql`coalesce(${totals.owed}, 0)`;
  const paid = sql`(coalesce(${totals.paidAtSale}, 0) + coalesce(${totals.paid}, 0))`;
  const returned = sql`coalesce(${totals.returned}, 0)`;
  const joined = sql`${totals.distributorId} = ${distributors.id}`;
  return { totals, joined, owed, paid, returned, balance: sql`(${owed} - ${paid} - ${returned})` };
}

/**
 * Every distributor (those `where` picks) with its account over all days, by
 * name: the Distributors cards, and (as a subquery) the dashboard's total owed.
 */
export function accountSums(db: Db, where?: SQL) {
  const { totals, joined, owed, paid, returned, balance } = accountParts(db, ALL_DAYS);
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
    .leftJoin(totals, joined)
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
  const { totals, joined, owed, paid, returned, balance } = accountParts(db, days);
  const rows = await db
    .select({
      distributorId: distributors.id,
      distributorName: distributors.name,
      totalSales: sql<string>`${owed}::text`,
      payments: sql<string>`${paid}::text`,
      returns: sql<string>`${returned}::text`,
      balance: sql<string>`${balance}::text`,
      transactions: sql<number>`coalesce(${totals.sales}, 0)::int`,
    })
    .from(distributors)
    // Only distributors with a record in the days have a row of totals.
    .innerJoin(totals, joined)
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
  const { totals, joined, owed, paid, returned } = accountParts(db, days, distributorId);
  const [row] = await db
    .select({
      charges: sql<string>`${owed}::text`,
      credits: sql<string>`(${paid} + ${returned})::text`,
    })
    .from(distributors)
    .leftJoin(totals, joined)
    .where(eq(distributors.id, distributorId));
  const charges = toKobo(row?.charges ?? 0);
  const credits = toKobo(row?.credits ?? 0);
  return { charges, credits, balance: subtractKobo(charges, credits) };
}

export interface Tally {
  total: number;
  count: number;
}

/** Cash received over the days: paid at sale (with the number of sales) and payments (with theirs). */
export async function cashReceived(db: Db, days: DayRange) {
  const d = rollupDays;
  const [row] = await db
    .select({
      atSale: sql<string>`coalesce(sum(${d.paidAtSale}), 0)::text`,
      sales: sql<string>`coalesce(sum(${d.salesCount}), 0)::text`,
      payments: sql<string>`coalesce(sum(${d.payments}), 0)::text`,
      paymentsCount: sql<string>`coalesce(sum(${d.paymentsCount}), 0)::text`,
    })
    .from(d)
    .where(inDays(d.day, days));
  return {
    atSale: { total: num(row?.atSale), count: num(row?.sales) },
    payments: { total: num(row?.payments), count: num(row?.paymentsCount) },
  };
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

/** The number of sales ever recorded: the sales summary's count, one row per distributor. */
export async function salesCount(db: Db): Promise<number> {
  const a = rollupDistributorAccounts;
  const [row] = await db
    .select({ count: sql<string>`coalesce(sum(${a.salesCount}), 0)::text` })
    .from(a);
  return num(row?.count);
}

type TrendOf = 'salesValue' | 'paidAtSale' | 'payments';

/** A daily roll-up or its month roll-up, as a trend reads it: the period's column, the value summed, which rows count. */
interface TrendPart {
  table: PgTable;
  period: AnyPgColumn;
  value: SQL;
  where?: SQL | undefined;
}

/**
 * A value summed per day or per month over the days. By month, whole months
 * are read from the month roll-up and only the days at the range's edges from
 * the daily one, so all time reads a row a month, not a row a day.
 */
export function trendFromRollups(
  db: Db,
  days: DayRange,
  byDay: boolean,
  parts: { daily: TrendPart; monthly: TrendPart },
) {
  const { daily, monthly } = parts;
  if (byDay) {
    return (
      db
        .select({
          period: sql<string>`to_char(${daily.period}, 'YYYY-MM-DD')`,
          value: sql<string>`sum(${daily.value})::text`,
        })
        .from(daily.table)
        .where(and(inDays(daily.period, days), daily.where))
        // The first column: the period expression carries parameters, so it cannot be repeated.
        .groupBy(sql`1`)
    );
  }
  const { inMonths, inEdges } = monthsAndEdges(days);
  const rowsOf = (part: TrendPart, inPart: (column: AnyPgColumn) => SQL | undefined) =>
    db
      .select({
        period: sql<string>`to_char(${part.period}, 'YYYY-MM')`.as('period'),
        value: sql<string>`${part.value}`.as('value'),
      })
      .from(part.table)
      .where(and(inPart(part.period), part.where));
  const rows = unionAll(rowsOf(monthly, inMonths), rowsOf(daily, inEdges)).as('trend_rows');
  return db
    .select({ period: sql<string>`${rows.period}`, value: sql<string>`sum(${rows.value})::text` })
    .from(rows)
    .groupBy(rows.period);
}

/**
 * Money columns of the roll-ups summed together per day or month over the
 * days: a period with any sale (or payment, for payments) is there, as when
 * the records are summed.
 */
export function trendOf(
  db: Db,
  what: readonly [TrendOf, ...TrendOf[]],
  days: DayRange,
  byDay: boolean,
) {
  const part = (r: typeof rollupDays | typeof rollupMonths, period: AnyPgColumn): TrendPart => ({
    table: r,
    period,
    value: sql.join(
      what.map((column) => sql`${r[column]}`),
      sql` + `,
    ),
    // A row that holds a record of the money summed.
    where: or(
      ...what.map((column) => sql`${column === 'payments' ? r.paymentsCount : r.salesCount} > 0`),
    ),
  });
  return trendFromRollups(db, days, byDay, {
    daily: part(rollupDays, rollupDays.day),
    monthly: part(rollupMonths, rollupMonths.month),
  });
}
