import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../domain/admin-schemas';
import {
  inventoryItemSchema,
  inventoryItemUpdateSchema,
  inventoryListQuerySchema,
} from '../../../domain/inventory-schemas';
import { pageSchema } from '../../../domain/paging';
import { signedInUser } from '../../auth/guard';
import type { Database } from '../../db/connection';
import type { ReadCache } from '../../read-cache';
import * as inventory from './service';

export function inventoryRoutes(
  app: FastifyInstance,
  { db, cache }: { db: Database; cache: ReadCache },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Every page that shows or picks items reads these; any write empties the cache.
  api.get('/api/inventory', { schema: { querystring: inventoryListQuerySchema } }, (request) => {
    const { includeArchived } = request.query;
    return cache.get(includeArchived ? 'inventory:all' : 'inventory', () =>
      inventory.listItems(db, includeArchived),
    );
  });
  api.get('/api/inventory/low-stock', () =>
    cache.get('inventory:low-stock', () => inventory.listLowStock(db)),
  );

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

  api.post('/api/inventory/:id/unarchive', { schema: { params: idParamsSchema } }, (request) =>
    inventory.unarchiveItem(db, request.params.id),
  );

  api.get(
    '/api/inventory/:id/movements',
    { schema: { params: idParamsSchema, querystring: pageSchema } },
    (request) =>
      inventory.listMovements(db, request.params.id, request.query.limit, request.query.offset),
  );
}
