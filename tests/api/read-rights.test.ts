import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModuleKey } from '../../src/domain/modules';
import type { ApiClient } from '../support/api-client';
import { createRole, firstAdmin, userWithRole } from '../support/personas';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * An answer never shows more than its caller may read: a form's right lets a
 * caller read a look-up's names and ids, not the records behind them, and a
 * write answers a caller without read with a receipt, not the record. An empty
 * edit is refused instead of answering with the record.
 */

let testApp: TestApp;
let admin: ApiClient;
const ids = {} as Record<
  'flour' | 'bags' | 'recipe' | 'shop' | 'closed' | 'role' | 'user' | 'batch',
  string
>;

const created = async (reply: Promise<{ status: number; body: Record<string, unknown> }>) => {
  const { status, body } = await reply;
  if (status !== 201 && status !== 200) throw new Error(`${status} ${JSON.stringify(body)}`);
  return body.id as string;
};

/** A signed-in user whose one role holds these flags on these modules only. */
async function userWith(
  name: string,
  flags: { canRead: boolean; canWrite: boolean; canDelete?: boolean },
  modules: ModuleKey[],
) {
  const roleId = await createRole(admin, `${name} role`, { canDelete: false, ...flags }, modules);
  return userWithRole(testApp, admin, name, roleId);
}

const keysOf = (records: unknown) =>
  [...new Set((records as Record<string, unknown>[]).flatMap((r) => Object.keys(r)))].sort();

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await firstAdmin(testApp);
  ids.flour = await created(
    admin.post('/api/inventory', {
      name: 'Flour',
      category: 'ingredients',
      unit: 'kg',
      currentStock: 100,
      unitCost: 900,
      supplier: 'Honeywell Mills',
    }),
  );
  ids.bags = await created(
    admin.post('/api/inventory', { name: 'Bags', category: 'packaging', unit: 'units' }),
  );
  ids.recipe = await created(
    admin.post('/api/recipes', {
      name: 'Agege Bread',
      description: 'Secret family formula',
      instructions: 'Knead for exactly 12 minutes',
      ingredients: [{ itemId: ids.flour, quantity: 1, unit: 'kg' }],
    }),
  );
  ids.batch = await created(
    admin.post('/api/production-batches', { recipeId: ids.recipe, flourKg: 5 }),
  );
  await created(
    admin.patch(`/api/production-batches/${ids.batch}`, {
      status: 'completed',
      loavesProduced: 100,
    }),
  );
  ids.shop = await created(
    admin.post('/api/distributors', {
      name: 'Mama Put',
      address: '1 Market Road',
      phone: '0803 123 4567',
    }),
  );
  ids.closed = await created(
    admin.post('/api/distributors', {
      name: 'Closed Shop',
      address: '2 Market Road',
      phone: '0803 123 4568',
    }),
  );
  await admin.delete(`/api/distributors/${ids.closed}`);
  ids.role = await created(admin.post('/api/admin/roles', { name: 'Target role' }));
  ids.user = await created(
    admin.post('/api/admin/users', {
      username: 'target_user',
      email: 'target@bakery.ng',
      password: 'secret-123',
      firstName: 'Target',
      lastName: 'User',
    }),
  );
});
afterAll(() => testApp.close());

describe('the sale form’s distributors', () => {
  it('gives a sales writer names and ids of active distributors, and not the accounts list', async () => {
    const seller = await userWith('seller', { canRead: true, canWrite: true }, ['sales']);
    const writeOnly = await userWith('sellonly', { canRead: false, canWrite: true }, ['sales']);
    for (const caller of [seller, writeOnly]) {
      const options = await caller.get('/api/distributors/options');
      expect(options.status).toBe(200);
      expect(options.body).toEqual([{ id: ids.shop, name: 'Mama Put' }]);
      const list = await caller.get('/api/distributors');
      expect(list.status).toBe(403);
      expect(list.body).toEqual({
        message: 'You do not have permission to view Distributors',
        code: 'FORBIDDEN',
      });
    }
  });

  it('is in the API description, with who may call it', async () => {
    const doc = await admin.get<{
      paths: Record<string, Record<string, Record<string, unknown>>>;
    }>('/api/openapi.json');
    expect(doc.body.paths['/api/distributors/options']?.get?.['x-required-access']).toBe(
      'read on distributors or write on sales',
    );
    expect(doc.body.paths['/api/inventory']?.get?.['x-required-access']).toContain(
      'write on recipes (only id, name, category, unit, archived)',
    );
  });

  it('is open to distributor readers, and closed to sales readers and users without a role', async () => {
    const reader = await userWith('dreader', { canRead: true, canWrite: false }, ['distributors']);
    expect((await reader.get('/api/distributors/options')).status).toBe(200);
    const viewer = await userWith('sviewer', { canRead: true, canWrite: false }, ['sales']);
    expect((await viewer.get('/api/distributors/options')).status).toBe(403);
    const nobody = await userWithRole(testApp, admin, 'nobody', null);
    expect((await nobody.get('/api/distributors/options')).status).toBe(403);
  });
});

describe('look-ups for another module’s form', () => {
  const ITEM_CHOICE = ['archived', 'category', 'id', 'name', 'unit'];
  const only = (keys: string[], allowed: string[]) => keys.filter((key) => !allowed.includes(key));

  it('gives the recipe form items without stock, costs or suppliers, and the order form their cost', async () => {
    // The admin's full list is cached first: the trimmed answer must not be that one.
    const full = await admin.get('/api/inventory');
    expect(keysOf(full.body)).toEqual(expect.arrayContaining(['unitCost', 'supplier']));
    // The order form warns when a line's price is far from the item's cost, so it sees the cost.
    const allowed = { recipes: ITEM_CHOICE, purchase_orders: [...ITEM_CHOICE, 'unitCost'] };
    for (const module of ['recipes', 'purchase_orders'] as const) {
      const writer = await userWith(`${module}_w`, { canRead: false, canWrite: true }, [module]);
      const items = await writer.get<Record<string, unknown>[]>('/api/inventory');
      expect(items.status).toBe(200);
      expect(items.body.map((item) => item.name)).toEqual(['Bags', 'Flour']);
      const keys = keysOf(items.body);
      expect(only(keys, allowed[module]), module).toEqual([]);
      expect(keys).toEqual(expect.arrayContaining(allowed[module]));
    }
  });

  it('gives the batch form the stock too, for its shortage warning', async () => {
    const baker = await userWith('baker', { canRead: false, canWrite: true }, ['production']);
    const items = await baker.get<Record<string, unknown>[]>('/api/inventory');
    expect(only(keysOf(items.body), [...ITEM_CHOICE, 'currentStock'])).toEqual([]);
    expect(items.body.find((item) => item.id === ids.flour)?.currentStock).toBe(95);

    const recipes = await baker.get<Record<string, unknown>[]>('/api/recipes');
    expect(recipes.status).toBe(200);
    expect(keysOf(recipes.body)).toEqual(['baseFlourKg', 'id', 'ingredients', 'name']);
  });

  it('gives the whole records to a caller who may also read the module', async () => {
    const manager = await userWith('manager', { canRead: true, canWrite: true }, [
      'inventory',
      'recipes',
      'production',
    ]);
    expect(keysOf((await manager.get('/api/inventory')).body)).toEqual(
      expect.arrayContaining(['unitCost', 'supplier', 'minStock']),
    );
    expect(keysOf((await manager.get('/api/recipes')).body)).toEqual(
      expect.arrayContaining(['description', 'instructions']),
    );
  });
});

describe('writes by a caller who may not read the module', () => {
  it('answer with the id and a message, never the record', async () => {
    const seller = await userWith('w_sales', { canRead: false, canWrite: true }, ['sales']);
    const sale = await seller.post('/api/sales-transactions', {
      distributorId: ids.shop,
      recipeName: 'Agege Bread',
      loavesTaken: 2,
      pricePerLoaf: 500,
    });
    expect(sale.status).toBe(201);
    expect(sale.body).toEqual({ id: expect.any(String), message: 'Saved' });

    const clerk = await userWith('w_dist', { canRead: false, canWrite: true }, ['distributors']);
    const edit = await clerk.patch(`/api/distributors/${ids.shop}`, { phone: '0803 000 0001' });
    expect(edit.status).toBe(200);
    expect(edit.body).toEqual({ id: ids.shop, message: 'Saved' });
    const payment = await clerk.post('/api/distributor-payments', {
      distributorId: ids.shop,
      amount: 100,
    });
    expect(payment.status).toBe(201);
    expect(payment.body).toEqual({ id: expect.any(String), message: 'Saved' });

    const storekeeper = await userWith('w_inv', { canRead: false, canWrite: true }, ['inventory']);
    const item = await storekeeper.patch(`/api/inventory/${ids.bags}`, { minStock: 5 });
    expect(item.status).toBe(200);
    expect(item.body).toEqual({ id: ids.bags, message: 'Saved' });

    // The change was made, as the admin (who may read) sees it in full.
    const shop = await admin.get(`/api/distributors/${ids.shop}`);
    expect(shop.body).toMatchObject({ phone: '0803 000 0001', totalPaid: 100, totalOwed: 1000 });
  });

  it('keeps a delete’s action and message, which say what happened', async () => {
    const remover = await userWith('d_dist', { canRead: false, canWrite: true, canDelete: true }, [
      'distributors',
    ]);
    const shopId = await created(
      admin.post('/api/distributors', {
        name: 'Brief Shop',
        address: 'Yaba',
        phone: '08030000009',
      }),
    );
    const reply = await remover.delete(`/api/distributors/${shopId}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ action: 'deleted', message: 'Brief Shop was deleted' });
  });

  it('still answer a caller who may read with the whole record', async () => {
    const clerk = await userWith('rw_dist', { canRead: true, canWrite: true }, ['distributors']);
    const edit = await clerk.patch(`/api/distributors/${ids.shop}`, { phone: '0803 000 0002' });
    expect(edit.body).toMatchObject({ id: ids.shop, name: 'Mama Put', address: '1 Market Road' });
  });
});

describe('an empty edit', () => {
  /** Every PATCH route whose body is a set of optional fields, with a record to name. */
  const EDITS: Record<string, () => string> = {
    '/api/inventory/:id': () => ids.flour,
    '/api/recipes/:id': () => ids.recipe,
    '/api/distributors/:id': () => ids.shop,
    '/api/admin/users/:id': () => ids.user,
    '/api/admin/roles/:id': () => ids.role,
  };
  /** The other PATCH routes: no body, or a body with a required field. */
  const OTHER_PATCHES = [
    '/api/purchase-orders/:id/receive',
    '/api/purchase-orders/:id/ship',
    '/api/purchase-orders/:id/cancel',
    '/api/production-batches/:id',
    '/api/distributors/:id/unarchive',
    '/api/distributors/:id/credit',
  ];

  it('knows every PATCH route', () => {
    const patches = testApp.app.apiRoutes.filter((r) => r.method === 'PATCH').map((r) => r.url);
    expect(patches.sort()).toEqual([...Object.keys(EDITS), ...OTHER_PATCHES].sort());
  });

  it('is a 400 "Nothing to change" on each of them, for the admin and for a write-only caller', async () => {
    const writer = await userWith('w_all', { canRead: false, canWrite: true }, [
      'inventory',
      'recipes',
      'distributors',
    ]);
    for (const [route, id] of Object.entries(EDITS)) {
      const url = route.replace(':id', id());
      const callers = route.startsWith('/api/admin/') ? [admin] : [admin, writer];
      for (const caller of callers) {
        const reply = await caller.patch(url, {});
        expect(reply.status, url).toBe(400);
        expect(reply.body).toEqual({
          message: 'Nothing to change',
          code: 'INVALID_INPUT',
          errors: [{ path: '', message: 'Nothing to change' }],
        });
      }
    }
  });

  it('leaves the read caches alone, as every refused write does', async () => {
    const names = async () =>
      ((await admin.get<{ name: string }[]>('/api/inventory')).body ?? []).map((i) => i.name);
    expect(await names()).toContain('Flour');
    // Changed behind the app's back: the cached list is now stale until a write empties it.
    await testApp.database.db.execute(
      sql`update inventory_items set name = 'Renamed Flour' where id = ${ids.flour}`,
    );
    expect(await names()).toContain('Flour');
    expect((await admin.patch(`/api/inventory/${ids.flour}`, {})).status).toBe(400);
    expect(await names()).toContain('Flour');
    expect((await admin.patch(`/api/inventory/${ids.bags}`, { minStock: 1 })).status).toBe(200);
    expect(await names()).toContain('Renamed Flour');
  });

  it('sets only the fields sent: renaming a deactivated role keeps it deactivated', async () => {
    await admin.patch(`/api/admin/roles/${ids.role}`, { isActive: false });
    expect((await admin.patch(`/api/admin/roles/${ids.role}`, { name: 'Renamed' })).status).toBe(
      200,
    );
    const roles = await admin.get<{ id: string; isActive: boolean }[]>('/api/admin/roles');
    expect(roles.body.find((role) => role.id === ids.role)?.isActive).toBe(false);
  });
});
