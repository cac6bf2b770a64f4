import type { FastifyInstance } from 'fastify';
import { productionHistoryApi } from '../../../domain/contracts/production-history';
import { serve } from '../../contract-route';
import type { Database } from '../../db/connection';
import * as history from './service';

export function productionHistoryRoutes(
  app: FastifyInstance,
  { db, timeZone }: { db: Database; timeZone: string },
) {
  serve(app, productionHistoryApi.list, async ({ query }) =>
    history.listCompleted(db, query.limit, query.offset),
  );
  serve(app, productionHistoryApi.summary, async () => history.historySummary(db, timeZone));
}
