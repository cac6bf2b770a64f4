import type { Database } from '../../src/server/db/connection';
import { accountingSummary } from '../../src/server/modules/accounting/service';
import { dashboardSummary } from '../../src/server/modules/dashboard/service';
import * as reports from '../../src/server/modules/reports/service';
import { availableLoaves } from '../../src/server/modules/sales/shelf';

const TIME_ZONE = 'Africa/Lagos';
const ADMIN = { id: 'bench', isAdmin: true, permissions: {} } as never;
const ALL_TIME = reports.reportWindow({}, TIME_ZONE);

/**
 * The database work behind each aggregate endpoint: its service function
 * called directly, without HTTP, sessions, permission checks or any cache.
 */
export const BARE_SQL: Record<string, (db: Database) => Promise<unknown>> = {
  '/api/dashboard/summary': (db) => dashboardSummary(db, ADMIN, TIME_ZONE),
  '/api/accounting/summary?period=this_year': (db) =>
    accountingSummary(db, { period: 'this_year' }, TIME_ZONE),
  '/api/reports/sales': (db) => reports.salesReport(db, ALL_TIME),
  '/api/reports/production': (db) => reports.productionReport(db, ALL_TIME),
  '/api/reports/inventory': (db) => reports.inventoryReport(db),
  '/api/reports/financial': (db) => reports.financialReport(db, ALL_TIME),
  '/api/reports/returns': (db) => reports.returnsReport(db, ALL_TIME),
  '/api/available-loaves': (db) =>
    availableLoaves(db, { timeZone: 'Africa/Lagos', now: new Date() }),
};

/** Median milliseconds of `runs` sequential calls, after one warm-up call. */
export async function timeBareSql(db: Database, runs = 5): Promise<Record<string, number>> {
  const times: Record<string, number> = {};
  for (const [path, run] of Object.entries(BARE_SQL)) {
    await run(db);
    const samples: number[] = [];
    for (let n = 0; n < runs; n += 1) {
      const started = performance.now();
      await run(db);
      samples.push(performance.now() - started);
    }
    samples.sort((a, b) => a - b);
    times[path] = samples[Math.floor(samples.length / 2)] ?? 0;
  }
  return times;
}
