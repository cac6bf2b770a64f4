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
import { statementPageQuerySchema, statementQuerySchema } from '../../../domain/statement';
import { sendCsv } from '../../csv-export';
import type { Database } from '../../db/connection';
import * as distributors from './service';
import { distributorStatement, statementCsv } from './statement';

export function distributorRoutes(
  app: FastifyInstance,
  { db, timeZone }: { db: Database; timeZone: string },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const withId = { params: idParamsSchema };

  api.get('/api/distributors', { schema: { querystring: distributorListQuerySchema } }, (request) =>
    distributors.listDistributors(db, request.query.includeArchived),
  );
  api.get('/api/distributors/options', () => distributors.distributorOptions(db));
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

  api.get(
    '/api/distributors/:id/statement',
    { schema: { ...withId, querystring: statementPageQuerySchema } },
    (request) => distributorStatement(db, request.params.id, request.query, timeZone),
  );
  api.get(
    '/api/distributors/:id/statement.csv',
    { schema: { ...withId, querystring: statementQuerySchema } },
    async (request, reply) => {
      const csv = await statementCsv(db, request.params.id, request.query, timeZone);
      return sendCsv(reply, csv.fileName, csv.rows);
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
