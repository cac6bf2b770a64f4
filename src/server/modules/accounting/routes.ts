import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountingQuerySchema,
  expendituresQuerySchema,
  incomeQuerySchema,
} from '../../../domain/accounting';
import { businessDate } from '../../../domain/time';
import { sendCsv } from '../../csv-export';
import type { Database } from '../../db/connection';
import type { ReadCache } from '../../read-cache';
import * as accounting from './service';

export function accountingRoutes(
  app: FastifyInstance,
  { db, timeZone, cache }: { db: Database; timeZone: string; cache: ReadCache },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = { querystring: accountingQuerySchema };
  // Periods such as "this month" move with the date, so the day is part of the key.
  api.get('/api/accounting/summary', { schema }, ({ query }) =>
    cache.get(
      `accounting:${businessDate(new Date(), timeZone)}:${query.period}:${query.startDate}:${query.endDate}`,
      () => accounting.accountingSummary(db, query, timeZone),
    ),
  );
  api.get('/api/accounting/income', { schema: { querystring: incomeQuerySchema } }, (request) =>
    accounting.accountingIncome(db, request.query, timeZone),
  );
  api.get(
    '/api/accounting/expenditures',
    { schema: { querystring: expendituresQuerySchema } },
    (request) => accounting.accountingExpenditures(db, request.query, timeZone),
  );
  // Every row of the period, the total their sum (the screens show a page at a time).
  for (const [url, list] of [
    ['/api/accounting/income/sales.csv', 'sales'],
    ['/api/accounting/income/payments.csv', 'payments'],
    ['/api/accounting/expenditures.csv', 'expenditures'],
  ] as const) {
    api.get(url, { schema }, (request, reply) => {
      const csv = accounting.accountingCsv(db, list, request.query, timeZone);
      return sendCsv(reply, csv.fileName, csv.rows);
    });
  }
}
