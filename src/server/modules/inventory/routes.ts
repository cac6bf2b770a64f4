import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../domain/admin-schemas';
import { inventoryItemSchema, inventoryItemUpdateSchema } from '../../../domain/inventory-schemas';
import { pageSchema } from '../../../domain/paging';
import { signedInUser } from '../../auth/guard';
import type { Database } from '../../db/connection';
import * as inventory from './service';

export function inventoryRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/inventory', () => inventory.listItems(db));
  api.get('/api/inventory/low-stock', () => inventory.listLowStock(db));

  api.post('/api/inventory', { schema: { body: inventoryItemSchema } }, async (request, reply) => {
    const item = await inventory.createItem(db, request.body, signedInUser(request).id);
    reply.code(201);
    return item;
  });

  api.patch(
    '/api/inventory/:id',
    { schema: { params: idParamsSchema, body: inventoryItemUpdateSchema } },
    (request) =>
      inventory.updateItem(db, request.params.id, request.body, signedInUser(request).id),
  );

  api.delete('/api/inventory/:id', { schema: { params: idParamsSchema } }, (request) =>
    inventory.deleteItem(db, request.params.id),
  );

  api.get(
    '/api/inventory/:id/movements',
    { schema: { params: idParamsSchema, querystring: pageSchema } },
    (request) =>
      inventory.listMovements(db, request.params.id, request.query.limit, request.query.offset),
  );
}
