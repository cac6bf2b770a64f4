import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../domain/admin-schemas';
import { pageSchema } from '../../../domain/paging';
import { batchSchema, batchUpdateSchema } from '../../../domain/production-schemas';
import { signedInUser } from '../../auth/guard';
import type { Database } from '../../db/connection';
import * as production from './service';

export function productionRoutes(
  app: FastifyInstance,
  { db, timeZone }: { db: Database; timeZone: string },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const withId = { params: idParamsSchema };

  api.get('/api/production-batches', { schema: { querystring: pageSchema } }, (request) =>
    production.listBatches(db, request.query.limit, request.query.offset),
  );
  api.get('/api/production-batches/summary', () => production.batchSummary(db));

  api.post('/api/production-batches', { schema: { body: batchSchema } }, async (request, reply) => {
    const batch = await production.createBatch(
      db,
      request.body,
      signedInUser(request).id,
      timeZone,
    );
    reply.code(201);
    return batch;
  });

  api.patch(
    '/api/production-batches/:id',
    { schema: { ...withId, body: batchUpdateSchema } },
    (request) =>
      production.updateBatch(
        db,
        request.params.id,
        request.body,
        signedInUser(request).id,
        timeZone,
      ),
  );

  api.get('/api/production-batches/:id/cost', { schema: withId }, (request) =>
    production.batchCost(db, request.params.id),
  );
}
