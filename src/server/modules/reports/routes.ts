import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reportQuerySchema } from '../../../domain/reports';
import type { Database } from '../../db/connection';
import * as reports from './service';

/** One call per Reports tab, each aggregating in SQL over the chosen dates. */
export function reportRoutes(
  app: FastifyInstance,
  { db, timeZone }: { db: Database; timeZone: string },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = { querystring: reportQuerySchema };
  const window = (query: { startDate?: string; endDate?: string }) =>
    reports.reportWindow(query, timeZone);
  api.get('/api/reports/returns', { schema }, (request) =>
    reports.returnsReport(db, window(request.query)),
  );
  api.get('/api/reports/sales', { schema }, (request) =>
    reports.salesReport(db, window(request.query)),
  );
  api.get('/api/reports/production', { schema }, (request) =>
    reports.productionReport(db, window(request.query)),
  );
  api.get('/api/reports/inventory', () => reports.inventoryReport(db));
  api.get('/api/reports/financial', { schema }, (request) =>
    reports.financialReport(db, window(request.query)),
  );
}
