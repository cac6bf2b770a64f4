import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../domain/admin-schemas';
import { pageSchema } from '../../../domain/paging';
import { purchaseOrderSchema } from '../../../domain/purchase-order-schemas';
import { businessDate } from '../../../domain/time';
import { signedInUser } from '../../auth/guard';
import type { Database } from '../../db/connection';
import * as orders from './service';

export function purchaseOrderRoutes(
  app: FastifyInstance,
  { db, timeZone }: { db: Database; timeZone: string },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const withId = { params: idParamsSchema };

  api.get('/api/purchase-orders', { schema: { querystring: pageSchema } }, (request) =>
    orders.listOrders(db, request.query.limit, request.query.offset),
  );
  api.get('/api/purchase-orders/summary', () => orders.orderSummary(db));

  api.post(
    '/api/purchase-orders',
    { schema: { body: purchaseOrderSchema } },
    async (request, reply) => {
      const order = await orders.createOrder(
        db,
        request.body,
        signedInUser(request).id,
        businessDate(new Date(), timeZone),
      );
      reply.code(201);
      return order;
    },
  );

  api.patch('/api/purchase-orders/:id/receive', { schema: withId }, (request) =>
    orders.receiveOrder(db, request.params.id, signedInUser(request).id),
  );
  api.patch('/api/purchase-orders/:id/ship', { schema: withId }, (request) =>
    orders.shipOrder(db, request.params.id),
  );
  api.patch('/api/purchase-orders/:id/cancel', { schema: withId }, (request) =>
    orders.cancelOrder(db, request.params.id),
  );
}
