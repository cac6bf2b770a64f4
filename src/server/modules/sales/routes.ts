import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageSchema } from '../../../domain/paging';
import { saleSchema } from '../../../domain/sales-schemas';
import type { Database } from '../../db/connection';
import * as sales from './service';

export function salesRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/available-loaves', () => sales.availableLoaves(db));

  api.get('/api/sales-transactions', { schema: { querystring: pageSchema } }, (request) =>
    sales.listSales(db, request.query.limit, request.query.offset),
  );
  api.get('/api/sales-transactions/summary', () => sales.salesSummary(db));

  api.post('/api/sales-transactions', { schema: { body: saleSchema } }, async (request, reply) => {
    const sale = await sales.createSale(db, request.body);
    reply.code(201);
    return sale;
  });
}
