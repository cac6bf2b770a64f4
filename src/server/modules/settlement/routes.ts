import type { FastifyInstance } from 'fastify';
import { settlementApi as api } from '../../../domain/contracts/settlement';
import { signedInUser } from '../../auth/guard';
import { serve } from '../../contract-route';
import { acceptedRecordedAt } from '../../recorded-at';
import type { OrdersContext } from '../orders/book';
import * as settlement from './service';

export function settlementRoutes(app: FastifyInstance, ctx: OrdersContext) {
  serve(app, api.day, async ({ query }) => settlement.settlementDay(ctx, query.day));
  serve(app, api.settle, async (request) => {
    const recordedAt = acceptedRecordedAt(request.body.recordedAt, ctx.now());
    const input = { ...request.body, recordedAt };
    return settlement.settle(ctx, request.params.id, input, signedInUser(request));
  });
}
