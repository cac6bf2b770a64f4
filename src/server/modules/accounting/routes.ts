import type { FastifyInstance } from 'fastify';
import { accountingApi as api } from '../../../domain/contracts/accounting';
import { businessDate } from '../../../domain/time';
import { serve } from '../../contract-route';
import { sendCsv } from '../../csv-export';
import type { Database } from '../../db/connection';
import type { ReadCache } from '../../read-cache';
import * as accounting from './service';

export function accountingRoutes(
  app: FastifyInstance,
  { db, timeZone, cache }: { db: Database; timeZone: string; cache: ReadCache },
) {
  // Periods such as "this month" move with the date, so the day is part of the key.
  serve(app, api.summary, async ({ query }) =>
    cache.get(
      `accounting:${businessDate(new Date(), timeZone)}:${query.period}:${query.startDate}:${query.endDate}`,
      () => accounting.accountingSummary(db, query, timeZone),
    ),
  );
  serve(app, api.income, async ({ query }) => accounting.accountingIncome(db, query, timeZone));
  serve(app, api.expenditures, async ({ query }) =>
    accounting.accountingExpenditures(db, query, timeZone),
  );
  for (const [contract, list] of [
    [api.salesCsv, 'sales'],
    [api.paymentsCsv, 'payments'],
    [api.expendituresCsv, 'expenditures'],
  ] as const) {
    serve(app, contract, async ({ query }, reply) => {
      const csv = accounting.accountingCsv(db, list, query, timeZone);
      return sendCsv(reply, csv.fileName, csv.rows);
    });
  }
}
