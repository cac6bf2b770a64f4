import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reportQuerySchema, returnsHistoryQuerySchema } from '../../../domain/reports';
import { sendCsv } from '../../csv-export';
import type { Database } from '../../db/connection';
import type { ReadCache } from '../../read-cache';
import * as reports from './service';

/** One call per Reports tab, each aggregating in SQL over the chosen dates. */
export function reportRoutes(
  app: FastifyInstance,
  { db, timeZone, cache }: { db: Database; timeZone: string; cache: ReadCache },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = { querystring: reportQuerySchema };
  type Window = ReturnType<typeof reports.reportWindow>;
  const tab = <T>(name: string, report: (db: Database, window: Window) => Promise<T>) =>
    api.get(`/api/reports/${name}`, { schema }, ({ query }) =>
      cache.get(`reports:${name}:${query.startDate}:${query.endDate}`, () =>
        report(db, reports.reportWindow(query, timeZone)),
      ),
    );
  tab('returns', reports.returnsReport);
  // The history is long-lived: the screen pages it by key, the CSV holds all of it.
  api.get(
    '/api/reports/returns/history',
    { schema: { querystring: returnsHistoryQuerySchema } },
    ({ query }) => reports.returnsHistory(db, reports.reportWindow(query, timeZone), query),
  );
  api.get('/api/reports/returns/history.csv', { schema }, ({ query }, reply) => {
    const csv = reports.returnsHistoryCsv(db, reports.reportWindow(query, timeZone), query);
    return sendCsv(reply, csv.fileName, csv.rows);
  });
  tab('sales', reports.salesReport);
  tab('production', reports.productionReport);
  tab('financial', reports.financialReport);
  api.get('/api/reports/inventory', () =>
    cache.get('reports:inventory', () => reports.inventoryReport(db)),
  );
}
