import type { FastifyInstance } from 'fastify';
import { pricesApi } from '../../../domain/contracts/prices';
import { businessDate } from '../../../domain/time';
import { signedInUser } from '../../auth/guard';
import { serve } from '../../contract-route';
import type { Database } from '../../db/connection';
import * as prices from './service';

export function priceRoutes(
  app: FastifyInstance,
  { db, timeZone, now }: { db: Database; timeZone: string; now: () => number },
) {
  const today = () => businessDate(new Date(now()), timeZone);
  serve(app, pricesApi.list, async ({ query }) => prices.priceList(db, query.date ?? today()));
  serve(app, pricesApi.history, async ({ query }) => prices.priceHistory(db, query));
  serve(app, pricesApi.forSale, async ({ query }) => prices.salePrice(db, query, today()));
  serve(app, pricesApi.set, async (request) =>
    prices.setPrice(db, request.body, { today: today(), userId: signedInUser(request).id }),
  );
}
