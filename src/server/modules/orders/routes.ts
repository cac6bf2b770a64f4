import type { FastifyInstance } from 'fastify';
import { ordersApi as api } from '../../../domain/contracts/orders';
import { signedInUser } from '../../auth/guard';
import { serve } from '../../contract-route';
import { type OrdersContext, readBook } from './book';
import * as orders from './service';

export function orderRoutes(app: FastifyInstance, ctx: OrdersContext) {
  serve(app, api.standing, async () => orders.standingGrids(ctx.db));
  serve(app, api.setStanding, async (request) =>
    orders.replaceStanding(ctx, request.params.id, request.body, signedInUser(request)),
  );
  serve(app, api.pauses, async ({ query }) => orders.listPauses(ctx, query.distributorId));
  serve(app, api.pause, async (request) =>
    orders.addPause(ctx, request.body, signedInUser(request)),
  );
  serve(app, api.unpause, async (request) =>
    orders.removePause(ctx, request.params.id, signedInUser(request)),
  );
  serve(app, api.book, async ({ query }) => readBook(ctx, query.day));
  serve(app, api.setDay, async (request) =>
    orders.setDayOrder(ctx, request.params.id, request.body, signedInUser(request)),
  );
}
