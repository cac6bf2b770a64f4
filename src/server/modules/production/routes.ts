import type { FastifyInstance } from 'fastify';
import { productionApi } from '../../../domain/contracts/production';
import { signedInUser } from '../../auth/guard';
import { serve } from '../../contract-route';
import type { Database } from '../../db/connection';
import * as production from './service';

export function productionRoutes(
  app: FastifyInstance,
  { db, timeZone }: { db: Database; timeZone: string },
) {
  serve(app, productionApi.list, async ({ query }) =>
    production.listBatches(db, query.limit, query.offset),
  );
  serve(app, productionApi.summary, async () => production.batchSummary(db));
  serve(app, productionApi.create, async (request) =>
    production.createBatch(db, request.body, signedInUser(request).id, timeZone),
  );
  serve(app, productionApi.update, async (request) =>
    production.updateBatch(db, request.params.id, request.body, signedInUser(request).id, timeZone),
  );
  serve(app, productionApi.cost, async ({ params }) => production.batchCost(db, params.id));
}
