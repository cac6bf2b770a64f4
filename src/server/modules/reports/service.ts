import { and, asc, desc, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type {
  DistributorTotals,
  FinancialReport,
  InventoryReport,
  ProductionReport,
  ReturnHistoryRow,
  ReturnsReport,
  SalesReport,
  TrendPoint,
} from '../../../domain/contracts/reports';
import {
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  type ReturnReason,
} from '../../../domain/distributor-schemas';
import { fromKobo, subtractNaira, sumNaira, toKobo } from '../../../domain/money';
import type { KeysetPage } from '../../../domain/paging';
import type { BatchStatus } from '../../../domain/production-schemas';
import type { ReportQuery } from '../../../domain/reports';
import { loavesValue } from '../../../domain/sales-schemas';
import { businessDate, businessDateRange } from '../../../domain/time';
import { EXPORT_PAGE, everyPage, withTotal } from '../../csv-export';
import type { Database } from '../../db/connection';
import { type InstantRange, inRange } from '../../db/date-range';
import { cursorOf, olderThan, pageOf } from '../../db/keyset';
import {
  breadReturns,
  distributors,
  inventoryItems,
  productionBatches,
  rollupBatchStatuses,
  rollupBreadProductionDays,
  rollupBreadProductionMonths,
  rollupDistributorReturnReasons,
  rollupReturnDays,
} from '../../db/schema';
import {
  type DayRange,
  distributorTotals,
  inDays,
  trendFromRollups,
  trendOf,
} from '../accounts/service';
import { isLowStock } from '../inventory/service';

/** The production table shows the 20 most recent batches (docs/screens/reports.md). */
const PRODUCTION_ROWS = 20;

interface Window extends InstantRange {
  /** The same range as bakery days, for the roll-ups. */
  days: DayRange;
  timeZone: string;
  /** Trend points by day for ranges up to two months, by month otherwise. */
  byDay: boolean;
}

export function reportWindow(query: ReportQuery, timeZone: string): Window {
  const start = query.startDate ? businessDateRange(query.startDate, timeZone).start : null;
  const end = query.endDate ? businessDateRange(query.endDate, timeZone).end : null;
  const byDay =
    start !== null && end !== null && end.getTime() - start.getTime() <= 62 * 86_400_000;
  const days = { from: query.startDate ?? null, to: query.endDate ?? null };
  return { start, end, days, timeZone, byDay };
}

const num = (value: string | number | null | undefined) => Number(value ?? 0);

/** A trend's rows as points, oldest first, each value exact to the kobo. */
function trendPoints(rows: { period: string; value: string }[]): TrendPoint[] {
  return rows
    .map((row) => ({ period: row.period, value: fromKobo(toKobo(num(row.value))) }))
    .sort((a, b) => a.period.localeCompare(b.period));
}

export async function returnsReport(db: Database, window: Window): Promise<ReturnsReport> {
  // All time reads one row per distributor and reason; a range, its days.
  const allTime = !window.days.from && !window.days.to;
  const r = allTime ? rollupDistributorReturnReasons : rollupReturnDays;
  const dated = allTime ? undefined : inDays(rollupReturnDays.day, window.days);
  // Both tables in one pass over the rows (a year is ~18,000 day rows): a
  // row per reason (its distributor null) and one per distributor (its reason
  // null), both keys being NOT NULL in the roll-up; names joined after.
  const sums = db
    .select({
      reason: sql<string | null>`${r.reason}`.as('reason'),
      distributorId: sql<string | null>`${r.distributorId}`.as('distributor_id'),
      loaves: sql<string>`sum(${r.loavesReturned})::text`.as('loaves'),
      amount: sql<string>`sum(${r.returnsValue})`.as('amount'),
      returns: sql<number>`sum(${r.returnsCount})::int`.as('returns'),
    })
    .from(r)
    .where(dated)
    .groupBy(sql`grouping sets ((${r.reason}), (${r.distributorId}))`)
    .as('sums');
  const rows = await db
    .select({
      reason: sums.reason,
      distributorId: sums.distributorId,
      distributorName: distributors.name,
      loaves: sums.loaves,
      // Named apart from the numeric it orders by: ORDER BY a bare name takes the output column.
      amount: sql<string>`${sums.amount}::text`.as('amount_text'),
      returns: sums.returns,
    })
    .from(sums)
    .leftJoin(distributors, eq(distributors.id, sums.distributorId))
    .orderBy(desc(sums.amount), asc(distributors.name));
  const byReason = RETURN_REASONS.map((reason) => {
    const row = rows.find((candidate) => candidate.reason === reason);
    return { reason, loaves: num(row?.loaves), amount: num(row?.amount) };
  });
  const byDistributor = rows.flatMap((row) =>
    row.distributorId === null
      ? []
      : [
          {
            distributorId: row.distributorId,
            distributorName: row.distributorName,
            totalLoaves: num(row.loaves),
            totalAmount: num(row.amount),
            returns: num(row.returns),
          },
        ],
  );
  return {
    totalAmount: sumNaira(byReason.map((row) => row.amount)),
    totalLoaves: byReason.reduce((sum, row) => sum + row.loaves, 0),
    byReason,
    byDistributor,
  };
}

/** Returns in the window after a cursor, newest first. */
async function returnsAfter(
  db: Database,
  window: Window,
  before: string | undefined,
  limit: number,
): Promise<(ReturnHistoryRow & { cursor: string })[]> {
  const rows = await db
    .select({
      record: breadReturns,
      distributorName: distributors.name,
      cursor: cursorOf(breadReturns.createdAt, breadReturns.id),
    })
    .from(breadReturns)
    .leftJoin(distributors, eq(distributors.id, breadReturns.distributorId))
    .where(
      and(
        inRange(breadReturns.createdAt, window),
        olderThan(breadReturns.createdAt, breadReturns.id, before),
      ),
    )
    .orderBy(desc(breadReturns.createdAt), desc(breadReturns.id))
    .limit(limit);
  return rows.map(({ record, distributorName, cursor }) => ({
    id: record.id,
    createdAt: record.createdAt.toISOString(),
    distributorName,
    recipeName: record.recipeName,
    loavesReturned: record.loavesReturned,
    amount: loavesValue(record.loavesReturned, record.pricePerLoaf),
    reason: record.reason as ReturnReason,
    notes: record.notes,
    cursor,
  }));
}

/** A page of the All Returns History table, paged by key (`before`). */
export async function returnsHistory(
  db: Database,
  window: Window,
  page: { limit: number; before?: string },
): Promise<KeysetPage<ReturnHistoryRow>> {
  return pageOf(await returnsAfter(db, window, page.before, page.limit + 1), page.limit);
}

/** Every return of the window as CSV, newest first, then their total. */
export function returnsHistoryCsv(db: Database, window: Window, dates: ReportQuery) {
  const pages = everyPage<ReturnHistoryRow & { cursor: string }>((last) =>
    returnsAfter(db, window, last?.cursor, EXPORT_PAGE),
  );
  const header = ['Date', 'Distributor', 'Bread Type', 'Loaves', 'Reason', 'Notes', 'Amount'];
  return {
    fileName: `returns-history-${dates.startDate ?? 'start'}-to-${dates.endDate ?? 'today'}.csv`,
    rows: withTotal(header, pages, {
      cells: (row) => [
        businessDate(new Date(row.createdAt), window.timeZone),
        row.distributorName ?? 'Unknown',
        row.recipeName,
        row.loavesReturned,
        RETURN_REASON_LABELS[row.reason],
        row.notes || '-',
      ],
      amount: (row) => row.amount,
      total: (sum) => ['', 'Total Returns:', '', '', '', '', sum],
    }),
  };
}

const sumOf = (rows: DistributorTotals[], key: 'totalSales' | 'payments' | 'returns' | 'balance') =>
  sumNaira(rows.map((row) => row[key]));

export async function salesReport(db: Database, window: Window): Promise<SalesReport> {
  const byDistributor = await distributorTotals(db, window.days);
  return {
    totalSales: sumOf(byDistributor, 'totalSales'),
    paymentsReceived: sumOf(byDistributor, 'payments'),
    outstandingBalance: sumOf(byDistributor, 'balance'),
    byDistributor,
    trend: trendPoints(await trendOf(db, ['salesValue'], window.days, window.byDay)),
  };
}

export async function financialReport(db: Database, window: Window): Promise<FinancialReport> {
  const rows = await distributorTotals(db, window.days);
  const totalRevenue = sumOf(rows, 'totalSales');
  const totalReturns = sumOf(rows, 'returns');
  const cashReceived = sumOf(rows, 'payments');
  // Cash in: paid at sale and payments, per period.
  const cashIn = await trendOf(db, ['paidAtSale', 'payments'], window.days, window.byDay);
  const netSales = subtractNaira(totalRevenue, totalReturns);
  return {
    totalRevenue,
    cashReceived,
    totalReturns,
    netSales,
    accountsReceivable: subtractNaira(netSales, cashReceived),
    // docs/screens/reports.md: only distributors who owe, the largest debt first.
    balances: rows.filter((row) => row.balance > 0).sort((a, b) => b.balance - a.balance),
    trend: trendPoints(cashIn),
  };
}

/** Batches in all, completed and in progress, and loaves of the completed, from a roll-up. */
async function productionTotals(
  db: Database,
  r: typeof rollupBreadProductionDays | typeof rollupBatchStatuses,
  where?: SQL,
) {
  const status = (name: string) => sql`${r.status} = ${name}`;
  const [totals] = await db
    .select({
      total: sql<string>`coalesce(sum(${r.batches}), 0)::text`,
      completed: sql<string>`coalesce(sum(${r.batches}) filter (where ${status('completed')}), 0)::text`,
      inProgress: sql<string>`coalesce(sum(${r.batches}) filter (where ${status('in_progress')}), 0)::text`,
      loaves: sql<string>`coalesce(sum(${r.loaves}) filter (where ${status('completed')}), 0)::text`,
    })
    .from(r)
    .where(where);
  return totals;
}

export async function productionReport(db: Database, window: Window): Promise<ProductionReport> {
  // docs/screens/reports.md: batches are filtered by startedAt; one never started is kept.
  const dated = inRange(productionBatches.startedAt, window, true);
  const r = rollupBreadProductionDays;
  const totals = await (window.days.from || window.days.to
    ? productionTotals(db, r, or(isNull(r.day), inDays(r.day, window.days)))
    : // All time: one row per status, however many batches there are.
      productionTotals(db, rollupBatchStatuses));
  const recent = await db
    .select()
    .from(productionBatches)
    .where(dated)
    .orderBy(desc(productionBatches.createdAt), desc(productionBatches.batchNumber))
    .limit(PRODUCTION_ROWS);
  const trend = await flourTrend(db, window);
  return {
    totalBatches: num(totals?.total),
    completed: num(totals?.completed),
    inProgress: num(totals?.inProgress),
    totalLoaves: num(totals?.loaves),
    batches: recent.map((batch) => ({
      id: batch.id,
      date: batch.startedAt?.toISOString() ?? null,
      recipeName: batch.recipeName,
      flourKg: batch.flourKg,
      loavesProduced: batch.loavesProduced,
      status: batch.status as BatchStatus,
    })),
    trend: trend
      .map((row) => ({ period: row.period, value: num(row.value) }))
      .sort((a, b) => a.period.localeCompare(b.period)),
  };
}

const used = (status: AnyPgColumn) => sql`${status} <> 'cancelled'`;

/**
 * Flour of the batches started in the window, cancelled ones left out, per
 * day or per month (whole months from the month roll-up).
 */
function flourTrend(db: Database, window: Window) {
  const d = rollupBreadProductionDays;
  const m = rollupBreadProductionMonths;
  return trendFromRollups(db, window.days, window.byDay, {
    // A batch not started yet has no day.
    daily: {
      table: d,
      period: d.day,
      value: sql`${d.flourKg}`,
      where: and(isNotNull(d.day), used(d.status)),
    },
    monthly: { table: m, period: m.month, value: sql`${m.flourKg}`, where: used(m.status) },
  });
}

/** Stock as it is now; the date filter does not apply to it. */
export async function inventoryReport(db: Database): Promise<InventoryReport> {
  const [totals] = await db
    .select({
      items: sql<number>`count(*)::int`,
      low: sql<number>`(count(*) filter (where ${isLowStock}))::int`,
      value: sql<string>`coalesce(round(sum(${inventoryItems.currentStock} * ${inventoryItems.unitCost}), 2), 0)::text`,
    })
    .from(inventoryItems);
  const items = await db
    .select({
      id: inventoryItems.id,
      name: inventoryItems.name,
      category: inventoryItems.category,
      currentStock: inventoryItems.currentStock,
      minStock: inventoryItems.minStock,
      unit: inventoryItems.unit,
      unitCost: inventoryItems.unitCost,
      totalValue: sql<string>`round(${inventoryItems.currentStock} * ${inventoryItems.unitCost}, 2)::text`,
      low: sql<boolean>`${isLowStock}`,
    })
    .from(inventoryItems)
    .orderBy(asc(inventoryItems.name));
  return {
    totalItems: num(totals?.items),
    lowStockCount: num(totals?.low),
    totalValue: num(totals?.value),
    lowStock: items
      .filter((item) => item.low)
      .map(({ id, name, category, currentStock, minStock, unit }) => ({
        id,
        name,
        category,
        currentStock,
        minStock,
        unit,
      })),
    items: items.map(({ id, name, category, currentStock, unit, unitCost, totalValue }) => ({
      id,
      name,
      category,
      currentStock,
      unit,
      unitCost,
      totalValue: num(totalValue),
    })),
  };
}
