import type { FastifyInstance } from 'fastify';
import { salesApi } from '../../../domain/contracts/sales';
import { serve } from '../../contract-route';
import type { Database } from '../../db/connection';
import type { ReadCache } from '../../read-cache';
import * as sales from './service';

export function salesRoutes(
  app: FastifyInstance,
  { db, cache }: { db: Database; cache: ReadCache },
) {
  serve(app, salesApi.availableLoaves, async () =>
    cache.get('available-loaves', () => sales.availableLoavesNow(db)),
  );
  serve(app, salesApi.list, async ({ query }) => sales.listSales(db, query.limit, query.offset));
  serve(app, salesApi.summary, async () =>
    cache.get('sales-summary', () => sales.salesSummary(db)),
  );
  serve(app, salesApi.record, async ({ body }) => sales.createSale(db, body));
}
