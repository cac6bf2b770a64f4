import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountingQuerySchema } from '../../../domain/accounting';
import type { Database } from '../../db/connection';
import * as accounting from './service';

export function accountingRoutes(
  app: FastifyInstance,
  { db, timeZone }: { db: Database; timeZone: string },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = { querystring: accountingQuerySchema };
  api.get('/api/accounting/summary', { schema }, (request) =>
    accounting.accountingSummary(db, request.query, timeZone),
  );
  api.get('/api/accounting/income', { schema }, (request) =>
    accounting.accountingIncome(db, request.query, timeZone),
  );
  api.get('/api/accounting/expenditures', { schema }, (request) =>
    accounting.accountingExpenditures(db, request.query, timeZone),
  );
}
