import type { FastifyInstance } from 'fastify';
import type { HandlerAnswer } from '../../../domain/contracts/contract';
import { reportsApi } from '../../../domain/contracts/reports';
import { serve } from '../../contract-route';
import { sendCsv } from '../../csv-export';
import type { Database } from '../../db/connection';
import type { ReadCache } from '../../read-cache';
import { returnsRateCsv, returnsRateFileName, returnsRateReport } from './returns-rate';
import * as reports from './service';
import { wasteCsv, wasteReport } from './waste';

type Window = ReturnType<typeof reports.reportWindow>;
type DatedTab =
  | typeof reportsApi.returns
  | typeof reportsApi.sales
  | typeof reportsApi.production
  | typeof reportsApi.financial
  | typeof reportsApi.waste;

/** One call per Reports tab, each aggregating in SQL over the chosen dates. */
export function reportRoutes(
  app: FastifyInstance,
  { db, timeZone, cache }: { db: Database; timeZone: string; cache: ReadCache },
) {
  const tab = <C extends DatedTab>(
    contract: C,
    report: (db: Database, window: Window) => Promise<HandlerAnswer<C>>,
  ) =>
    serve(app, contract, async ({ query }) =>
      cache.get(`${contract.url}:${query.startDate}:${query.endDate}`, () =>
        report(db, reports.reportWindow(query, timeZone)),
      ),
    );
  tab(reportsApi.returns, reports.returnsReport);
  serve(app, reportsApi.returnsHistory, async ({ query }) =>
    reports.returnsHistory(db, reports.reportWindow(query, timeZone), query),
  );
  serve(app, reportsApi.returnsHistoryCsv, async ({ query }, reply) => {
    const csv = reports.returnsHistoryCsv(db, reports.reportWindow(query, timeZone), query);
    return sendCsv(reply, csv.fileName, csv.rows);
  });
  // Not cached: the threshold setting changes its flags.
  serve(app, reportsApi.returnsRate, async ({ query }) =>
    returnsRateReport(db, reports.reportWindow(query, timeZone).days),
  );
  serve(app, reportsApi.returnsRateCsv, async ({ query }, reply) => {
    const report = await returnsRateReport(db, reports.reportWindow(query, timeZone).days);
    return sendCsv(reply, returnsRateFileName(query), returnsRateCsv(report));
  });
  tab(reportsApi.waste, wasteReport);
  serve(app, reportsApi.wasteCsv, async ({ query }, reply) => {
    const csv = wasteCsv(db, reports.reportWindow(query, timeZone), query);
    return sendCsv(reply, csv.fileName, csv.rows);
  });
  tab(reportsApi.sales, reports.salesReport);
  tab(reportsApi.production, reports.productionReport);
  tab(reportsApi.financial, reports.financialReport);
  serve(app, reportsApi.inventory, async () =>
    cache.get(reportsApi.inventory.url, () => reports.inventoryReport(db)),
  );
}
