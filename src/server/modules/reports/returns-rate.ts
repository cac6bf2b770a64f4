import { asc, eq, sql } from 'drizzle-orm';
import type { ReturnsRateReport } from '../../../domain/contracts/reports';
import type { ReportQuery } from '../../../domain/reports';
import { isReturnsRateFlagged, returnsRatePercent } from '../../../domain/returns-rate';
import type { Database } from '../../db/connection';
import { distributors, rollupDistributorBreadDays } from '../../db/schema';
import { type DayRange, inDays } from '../accounts/service';
import { readSettings } from '../admin/settings';

const r = rollupDistributorBreadDays;

/**
 * Loaves taken and returned per distributor and bread over whole bakery days,
 * summed from the day roll-ups (never the sales themselves); flagged rows
 * first, then the highest rate.
 */
export async function returnsRateReport(db: Database, days: DayRange): Promise<ReturnsRateReport> {
  const { returnsRateThreshold } = await readSettings(db);
  const sums = await db
    .select({
      distributorId: r.distributorId,
      distributorName: distributors.name,
      recipeName: r.recipeName,
      taken: sql<number>`sum(${r.loavesSold})::int`,
      returned: sql<number>`sum(${r.loavesReturned})::int`,
    })
    .from(r)
    .leftJoin(distributors, eq(distributors.id, r.distributorId))
    .where(inDays(r.day, days))
    .groupBy(r.distributorId, distributors.name, r.recipeName)
    .orderBy(asc(distributors.name), asc(r.recipeName));
  const rows = sums
    .filter((row) => row.taken > 0 || row.returned > 0)
    .map((row) => ({
      ...row,
      ratePercent: returnsRatePercent(row.taken, row.returned),
      flagged: isReturnsRateFlagged(row.taken, row.returned, returnsRateThreshold),
    }))
    .sort(
      (a, b) =>
        Number(b.flagged) - Number(a.flagged) ||
        (b.ratePercent ?? Number.POSITIVE_INFINITY) - (a.ratePercent ?? Number.POSITIVE_INFINITY),
    );
  const totalTaken = rows.reduce((sum, row) => sum + row.taken, 0);
  const totalReturned = rows.reduce((sum, row) => sum + row.returned, 0);
  return {
    thresholdPercent: returnsRateThreshold,
    rows,
    totalTaken,
    totalReturned,
    ratePercent: returnsRatePercent(totalTaken, totalReturned),
  };
}

/** The report's rows as CSV, then the total line: its loaves are the rows' sums. */
export async function* returnsRateCsv(report: ReturnsRateReport) {
  yield [
    ['Distributor', 'Bread Type', 'Taken', 'Returned', 'Rate (%)', 'Flagged'],
    ...report.rows.map((row) => [
      row.distributorName ?? 'Unknown',
      row.recipeName,
      row.taken,
      row.returned,
      row.ratePercent ?? '-',
      row.flagged ? 'Yes' : 'No',
    ]),
    ['Total', '', report.totalTaken, report.totalReturned, report.ratePercent ?? '-', ''],
  ];
}

export const returnsRateFileName = (dates: ReportQuery) =>
  `returns-rate-${dates.startDate ?? 'start'}-to-${dates.endDate ?? 'today'}.csv`;
