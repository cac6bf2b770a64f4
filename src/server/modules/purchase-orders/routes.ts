import type { FastifyInstance } from 'fastify';
import { purchaseOrdersApi } from '../../../domain/contracts/purchase-orders';
import { businessDate } from '../../../domain/time';
import { signedInUser } from '../../auth/guard';
import { serve } from '../../contract-route';
import type { Database } from '../../db/connection';
import * as orders from './service';

export function purchaseOrderRoutes(
  app: FastifyInstance,
  { db, timeZone }: { db: Database; timeZone: string },
) {
  serve(app, purchaseOrdersApi.list, async ({ query }) =>
    orders.listOrders(db, query.limit, query.offset),
  );
  serve(app, purchaseOrdersApi.summary, async () => orders.orderSummary(db));

  serve(app, purchaseOrdersApi.create, async (request) =>
    orders.createOrder(
      db,
      request.body,
      signedInUser(request).id,
      businessDate(new Date(), timeZone),
    ),
  );

  serve(app, purchaseOrdersApi.receive, async (request) =>
    orders.receiveOrder(db, request.params.id, signedInUser(request).id),
  );
  serve(app, purchaseOrdersApi.ship, async ({ params }) => orders.shipOrder(db, params.id));
  serve(app, purchaseOrdersApi.cancel, async ({ params }) => orders.cancelOrder(db, params.id));
}
