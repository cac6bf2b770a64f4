import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { ProductionBatch } from '../../../domain/contracts/production';
import type { ProductionHistorySummary } from '../../../domain/contracts/production-history';
import { averageBatchKg, percentChange } from '../../../domain/production';
import { businessMonth } from '../../../domain/time';
import type { Database } from '../../db/connection';
import { inRange } from '../../db/date-range';
import { productionBatches, rollupBatchStatuses } from '../../db/schema';
import { toBatch } from '../production/service';

const COMPLETED = eq(productionBatches.status, 'completed');

/** Completed batches, most recently completed first. */
export async function listCompleted(
  db: Database,
  limit: number,
  offset: number,
): Promise<ProductionBatch[]> {
  const rows = await db
    .select()
    .from(productionBatches)
    .where(COMPLETED)
    .orderBy(desc(productionBatches.completedAt), desc(productionBatches.batchNumber))
    .limit(limit)
    .offset(offset);
  return rows.map(toBatch);
}

const flourBetween = (range: { start: Date; end: Date }) =>
  sql<string>`coalesce(sum(${productionBatches.flourKg}) filter (where ${inRange(
    productionBatches.completedAt,
    range,
  )}), 0)::text`;

/**
 * Totals over completed batches; months are the bakery's calendar months.
 * All time comes from the per-status roll-up, the two months from their own
 * batches (the status and completion index), so neither grows with history.
 */
export async function historySummary(
  db: Database,
  timeZone: string,
  now = new Date(),
): Promise<ProductionHistorySummary> {
  const lastMonth = businessMonth(now, timeZone, 1);
  const [[totals], [months]] = await Promise.all([
    db
      .select({
        totalKg: sql<string>`${rollupBatchStatuses.flourKg}::text`,
        batches: rollupBatchStatuses.batches,
      })
      .from(rollupBatchStatuses)
      .where(eq(rollupBatchStatuses.status, 'completed')),
    db
      .select({
        thisMonthKg: flourBetween(businessMonth(now, timeZone)),
        lastMonthKg: flourBetween(lastMonth),
      })
      .from(productionBatches)
      .where(and(COMPLETED, gte(productionBatches.completedAt, lastMonth.start))),
  ]);
  const row = { ...totals, ...months };
  const totalKg = Number(row?.totalKg ?? 0);
  const completedBatches = Number(row?.batches ?? 0);
  const thisMonthKg = Number(row?.thisMonthKg ?? 0);
  const lastMonthKg = Number(row?.lastMonthKg ?? 0);
  return {
    totalKg,
    completedBatches,
    thisMonthKg,
    lastMonthKg,
    changePercent: percentChange(thisMonthKg, lastMonthKg),
    averageBatchKg: averageBatchKg(totalKg, completedBatches),
  };
}
