import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../domain/admin-schemas';
import {
  breadReturnSchema,
  distributorListQuerySchema,
  distributorSchema,
  distributorUpdateSchema,
  paymentSchema,
  recordListQuerySchema,
} from '../../../domain/distributor-schemas';
import { statementCsv, statementQuerySchema } from '../../../domain/statement';
import { businessDate, formatClock } from '../../../domain/time';
import type { Database } from '../../db/connection';
import * as distributors from './service';
import { distributorStatement } from './statement';

export function distributorRoutes(
  app: FastifyInstance,
  { db, timeZone }: { db: Database; timeZone: string },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const withId = { params: idParamsSchema };

  api.get('/api/distributors', { schema: { querystring: distributorListQuerySchema } }, (request) =>
    distributors.listDistributors(db, request.query.includeArchived),
  );
  api.get('/api/distributors/:id', { schema: withId }, (request) =>
    distributors.getDistributor(db, request.params.id),
  );
  api.post('/api/distributors', { schema: { body: distributorSchema } }, async (request, reply) => {
    const distributor = await distributors.createDistributor(db, request.body);
    reply.code(201);
    return distributor;
  });
  api.patch(
    '/api/distributors/:id',
    { schema: { ...withId, body: distributorUpdateSchema } },
    (request) => distributors.updateDistributor(db, request.params.id, request.body),
  );
  api.delete('/api/distributors/:id', { schema: withId }, (request) =>
    distributors.deleteDistributor(db, request.params.id),
  );
  api.patch('/api/distributors/:id/unarchive', { schema: withId }, (request) =>
    distributors.unarchiveDistributor(db, request.params.id),
  );
  api.get('/api/distributors/:id/returnable', { schema: withId }, (request) =>
    distributors.returnableBreads(db, request.params.id),
  );

  const statementSchema = { ...withId, querystring: statementQuerySchema };
  api.get('/api/distributors/:id/statement', { schema: statementSchema }, (request) =>
    distributorStatement(db, request.params.id, request.query, timeZone),
  );
  api.get(
    '/api/distributors/:id/statement.csv',
    { schema: statementSchema },
    async (request, reply) => {
      const statement = await distributorStatement(db, request.params.id, request.query, timeZone);
      const when = (iso: string) => {
        const at = new Date(iso);
        return `${businessDate(at, timeZone)} ${formatClock(at, timeZone).time}`;
      };
      const slug = statement.distributor.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
      const file = `statement-${slug || 'distributor'}-${statement.startDate}-to-${statement.endDate}.csv`;
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file}"`);
      // The byte-order mark lets spreadsheet programs read ₦ and × as UTF-8.
      return `\ufeff${statementCsv(statement, when)}`;
    },
  );

  api.get(
    '/api/distributor-payments',
    { schema: { querystring: recordListQuerySchema } },
    (request) => distributors.listPayments(db, request.query),
  );
  api.post(
    '/api/distributor-payments',
    { schema: { body: paymentSchema } },
    async (request, reply) => {
      const payment = await distributors.createPayment(db, request.body);
      reply.code(201);
      return payment;
    },
  );

  api.get('/api/bread-returns', { schema: { querystring: recordListQuerySchema } }, (request) =>
    distributors.listReturns(db, request.query),
  );
  api.post(
    '/api/bread-returns',
    { schema: { body: breadReturnSchema } },
    async (request, reply) => {
      const back = await distributors.createReturn(db, request.body);
      reply.code(201);
      return back;
    },
  );
}
