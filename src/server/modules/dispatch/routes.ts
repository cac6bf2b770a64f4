import type { FastifyInstance } from 'fastify';
import { dispatchApi as api } from '../../../domain/contracts/dispatch';
import { signedInUser } from '../../auth/guard';
import { serve } from '../../contract-route';
import type { OrdersContext } from '../orders/book';
import * as dispatch from './service';

export function dispatchRoutes(app: FastifyInstance, ctx: OrdersContext) {
  serve(app, api.day, async ({ query }) => dispatch.dispatchDay(ctx, query.day));
  serve(app, api.dispatch, async (request) =>
    dispatch.dispatch(ctx, request.params.id, request.body, signedInUser(request)),
  );
}
