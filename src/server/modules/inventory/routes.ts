import type { FastifyInstance } from 'fastify';
import { inventoryApi } from '../../../domain/contracts/inventory';
import { signedInUser } from '../../auth/guard';
import { serve } from '../../contract-route';
import type { Database } from '../../db/connection';
import type { ReadCache } from '../../read-cache';
import * as inventory from './service';

export function inventoryRoutes(
  app: FastifyInstance,
  { db, cache }: { db: Database; cache: ReadCache },
) {
  // Every page that shows or picks items reads these; any write empties the cache.
  serve(app, inventoryApi.list, async ({ query }) =>
    cache.get(query.includeArchived ? 'inventory:all' : 'inventory', () =>
      inventory.listItems(db, query.includeArchived),
    ),
  );
  serve(app, inventoryApi.lowStock, async () =>
    cache.get('inventory:low-stock', () => inventory.listLowStock(db)),
  );

  serve(app, inventoryApi.create, async (request) =>
    inventory.createItem(db, request.body, signedInUser(request).id),
  );
  serve(app, inventoryApi.update, async (request) =>
    inventory.updateItem(db, request.params.id, request.body, signedInUser(request).id),
  );
  serve(app, inventoryApi.remove, async ({ params }) => inventory.deleteItem(db, params.id));
  serve(app, inventoryApi.unarchive, async ({ params }) => inventory.unarchiveItem(db, params.id));

  serve(app, inventoryApi.movements, async ({ params, query }) =>
    inventory.listMovements(db, params.id, query.limit, query.offset),
  );
}
