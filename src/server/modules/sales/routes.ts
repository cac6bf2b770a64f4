import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageSchema } from '../../../domain/paging';
import { saleSchema } from '../../../domain/sales-schemas';
import type { Database } from '../../db/connection';
import type { ReadCache } from '../../read-cache';
import * as sales from './service';

export function salesRoutes(
  app: FastifyInstance,
  { db, cache }: { db: Database; cache: ReadCache },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/available-loaves', () =>
    cache.get('available-loaves', () => sales.availableLoavesNow(db)),
  );

  api.get('/api/sales-transactions', { schema: { querystring: pageSchema } }, (request) =>
    sales.listSales(db, request.query.limit, request.query.offset),
  );
  api.get('/api/sales-transactions/summary', () =>
    cache.get('sales-summary', () => sales.salesSummary(db)),
  );

  api.post('/api/sales-transactions', { schema: { body: saleSchema } }, async (request, reply) => {
    const sale = await sales.createSale(db, request.body);
    reply.code(201);
    return sale;
  });
}
