import type { FastifyInstance } from 'fastify';
import { salesApi } from '../../../domain/contracts/sales';
import { businessDate } from '../../../domain/time';
import { signedInUser } from '../../auth/guard';
import { serve } from '../../contract-route';
import type { Database } from '../../db/connection';
import type { ReadCache } from '../../read-cache';
import { acceptedRecordedAt } from '../../recorded-at';
import * as sales from './service';
import { availableLoavesNow, type ShelfClock } from './shelf';

export function salesRoutes(
  app: FastifyInstance,
  {
    db,
    cache,
    timeZone,
    now,
  }: { db: Database; cache: ReadCache; timeZone: string; now: () => number },
) {
  const clock = (): ShelfClock => ({ timeZone, now: new Date(now()) });
  // Loaves go stale at a bakery midnight, so what is on sale is cached per bakery day.
  const today = () => businessDate(new Date(now()), timeZone);
  serve(app, salesApi.availableLoaves, async () =>
    cache.get(`available-loaves:${today()}`, () => availableLoavesNow(db, clock())),
  );
  serve(app, salesApi.list, async ({ query }) => sales.listSales(db, query.limit, query.offset));
  serve(app, salesApi.summary, async () =>
    cache.get(`sales-summary:${today()}`, () => sales.salesSummary(db, clock())),
  );
  serve(app, salesApi.record, async (request) => {
    const recordedAt = acceptedRecordedAt(request.body.recordedAt, now());
    return sales.createSale(db, { ...request.body, recordedAt }, clock(), signedInUser(request));
  });
}
