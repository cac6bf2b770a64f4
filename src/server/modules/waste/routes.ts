import type { FastifyInstance } from 'fastify';
import { wasteApi as api } from '../../../domain/contracts/waste';
import { signedInUser } from '../../auth/guard';
import { serve } from '../../contract-route';
import type { OrdersContext } from '../orders/book';
import * as waste from './service';

export function wasteRoutes(app: FastifyInstance, ctx: OrdersContext) {
  const clock = () => ({ timeZone: ctx.timeZone, now: new Date(ctx.now()) });
  serve(app, api.shelf, async () => waste.wasteShelf(ctx.db, clock()));
  serve(app, api.list, async ({ query }) => waste.listWaste(ctx.db, query.limit, query.offset));
  serve(app, api.writeOff, async (request) =>
    waste.writeOff(ctx.db, request.body, signedInUser(request).id, clock()),
  );
}
