import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageSchema } from '../../../domain/paging';
import type { Database } from '../../db/connection';
import * as history from './service';

export function productionHistoryRoutes(
  app: FastifyInstance,
  { db, timeZone }: { db: Database; timeZone: string },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/production-history', { schema: { querystring: pageSchema } }, (request) =>
    history.listCompleted(db, request.query.limit, request.query.offset),
  );
  api.get('/api/production-history/summary', () => history.historySummary(db, timeZone));
}
