import type { FastifyInstance } from 'fastify';
import { bakePlanApi as api } from '../../../domain/contracts/bake-plan';
import { signedInUser } from '../../auth/guard';
import { serve } from '../../contract-route';
import { readPlan } from './plan';
import { createPlanBatches, createPlanOrders, type PlanContext, tomorrowOf } from './service';

export function bakePlanRoutes(app: FastifyInstance, ctx: PlanContext) {
  serve(app, api.plan, async ({ query }) => {
    const { items: _, ...plan } = await readPlan(
      ctx.db,
      query.day ?? tomorrowOf(ctx),
      query.adjustments,
    );
    return plan;
  });
  serve(app, api.createBatches, async (request) =>
    createPlanBatches(ctx, request.body, signedInUser(request).id),
  );
  serve(app, api.createOrders, async (request) =>
    createPlanOrders(ctx, request.body, signedInUser(request).id),
  );
}
