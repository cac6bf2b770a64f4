import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InventoryItem, StockMovement } from '../../src/domain/inventory-schemas';
import { purchaseOrders, recipes } from '../../src/server/db/schema';
import type { ApiClient } from '../support/api-client';
import { createRole, firstAdmin, userWithRole } from '../support/personas';
import { createTestApp, type TestApp } from '../support/test-app';

let testApp: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  testApp = await createTestApp();
  admin = await firstAdmin(testApp);
});
afterAll(() => testApp.close());

const flour = (extra: Record<string, unknown> = {}) => ({
  name: 'Flour (Golden Penny)',
  category: 'ingredients',
  currentStock: 50,
  unit: 'kg',
  minStock: 20,
  unitCost: 1250.5,
  supplier: 'Golden Penny Mills',
  ...extra,
});

async function create(extra: Record<string, unknown> = {}) {
  const reply = await admin.post<InventoryItem>('/api/inventory', flour(extra));
  if (reply.status !== 201) throw new Error(JSON.stringify(reply.body));
  return reply.body;
}

const movements = async (id: string) =>
  (await admin.get<StockMovement[]>(`/api/inventory/${id}/movements`)).body;

describe('inventory items', () => {
  it('creates an item and records its opening stock as a movement', async () => {
    const item = await create();
    expect(item).toMatchObject({ ...flour(), id: expect.any(String) });
    const history = await movements(item.id);
    expect(history).toEqual([
      expect.objectContaining({
        quantityChange: 50,
        reason: 'initial_stock',
        userName: 'Ada Baker admin',
      }),
    ]);
  });

  it('defaults stock, minimum and cost to 0 and records no movement for nothing', async () => {
    const reply = await admin.post<InventoryItem>('/api/inventory', {
      name: 'Nylon bags',
      category: 'packaging',
      unit: 'units',
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ currentStock: 0, minStock: 0, unitCost: 0, supplier: null });
    expect(await movements(reply.body.id)).toEqual([]);
  });

  it('records an edited stock figure as an exact adjustment', async () => {
    const item = await create({ name: 'Sugar', currentStock: 10 });
    const edited = await admin.patch<InventoryItem>(`/api/inventory/${item.id}`, {
      currentStock: 10.1,
    });
    expect(edited.body.currentStock).toBe(10.1);
    const [latest] = await movements(item.id);
    expect(latest).toMatchObject({ quantityChange: 0.1, reason: 'manual_adjustment' });
  });

  it('changes other fields without touching stock', async () => {
    const item = await create({ name: 'Yeast' });
    const edited = await admin.patch<InventoryItem>(`/api/inventory/${item.id}`, {
      unitCost: 900,
      supplier: '',
    });
    expect(edited.body).toMatchObject({ unitCost: 900, supplier: null, currentStock: 50 });
    expect(await movements(item.id)).toHaveLength(1);
  });

  it.each([
    ['name', '', 'Item name is required'],
    ['category', 'bread', 'Choose a category'],
    ['unit', 'bags', 'Choose a unit'],
    ['currentStock', -1, 'Current stock cannot be negative'],
    ['currentStock', 'ten', 'Current stock must be a number'],
    ['currentStock', 1.0001, 'Current stock can have at most 3 decimal places'],
    ['minStock', -0.5, 'Minimum stock cannot be negative'],
    ['unitCost', -5, 'Unit cost cannot be negative'],
    ['unitCost', 1.00001, 'Unit cost can have at most 4 decimal places'],
  ])('refuses %s = %j with "%s"', async (field, value, message) => {
    const reply = await admin.post('/api/inventory', flour({ [field]: value }));
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message, errors: [{ path: field, message }] });
  });

  it('answers 404 for an unknown item', async () => {
    expect((await admin.patch(`/api/inventory/${randomUUID()}`, { name: 'X' })).status).toBe(404);
    expect((await admin.delete(`/api/inventory/${randomUUID()}`)).status).toBe(404);
    expect((await admin.get(`/api/inventory/${randomUUID()}/movements`)).status).toBe(404);
    expect((await admin.patch('/api/inventory/not-a-uuid', { name: 'X' })).status).toBe(400);
  });
});

describe('low stock', () => {
  it('lists only items with a minimum above 0 at or below it', async () => {
    const low = await create({ name: 'Salt', currentStock: 5, minStock: 5 });
    await create({ name: 'Margarine', currentStock: 0, minStock: 0 });
    await create({ name: 'Improver', currentStock: 6, minStock: 5 });
    const reply = await admin.get<InventoryItem[]>('/api/inventory/low-stock');
    const names = reply.body.map((i) => i.name);
    expect(names).toContain('Salt');
    expect(names).not.toContain('Margarine');
    expect(names).not.toContain('Improver');
    for (const item of reply.body) {
      expect(item.minStock).toBeGreaterThan(0);
      expect(item.currentStock).toBeLessThanOrEqual(item.minStock);
    }
    expect(reply.body.find((i) => i.id === low.id)).toBeDefined();
  });
});

describe('deleting', () => {
  it('deletes an unused item with its movements', async () => {
    const item = await create({ name: 'Old labels' });
    const reply = await admin.delete(`/api/inventory/${item.id}`);
    expect(reply.status).toBe(200);
    const list = await admin.get<InventoryItem[]>('/api/inventory');
    expect(list.body.some((i) => i.id === item.id)).toBe(false);
  });

  it('refuses with 409, naming the recipes and orders that use the item', async () => {
    const item = await create({ name: 'Preservative' });
    await testApp.database.db.insert(recipes).values({
      name: 'Agege Bread',
      ingredients: [{ itemId: item.id, quantity: 5, unit: 'g' }],
    });
    await testApp.database.db.insert(purchaseOrders).values({
      orderNumber: 'PO-2026-000123',
      supplier: 'Chemco',
      items: [{ itemId: item.id, quantity: 2, unitCost: 1000 }],
      totalAmount: 2000,
    });
    const reply = await admin.delete(`/api/inventory/${item.id}`);
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({
      message:
        'Cannot delete "Preservative": it is used by recipe Agege Bread and purchase order PO-2026-000123.',
    });
    expect((await admin.get<StockMovement[]>(`/api/inventory/${item.id}/movements`)).status).toBe(
      200,
    );
  });
});

describe('permissions', () => {
  it('lets a read-only user list but not change, and a recipe writer read the list', async () => {
    const readOnly = await userWithRole(
      testApp,
      admin,
      'inv_reader',
      await createRole(
        admin,
        'Inventory readers',
        { canRead: true, canWrite: false, canDelete: false },
        ['inventory'],
      ),
    );
    expect((await readOnly.get('/api/inventory')).status).toBe(200);
    expect((await readOnly.post('/api/inventory', flour({ name: 'Nope' }))).status).toBe(403);

    const recipeWriter = await userWithRole(
      testApp,
      admin,
      'recipe_writer',
      await createRole(
        admin,
        'Recipe writers',
        { canRead: true, canWrite: true, canDelete: false },
        ['recipes'],
      ),
    );
    expect((await recipeWriter.get('/api/inventory')).status).toBe(200);
    expect((await recipeWriter.get('/api/inventory/low-stock')).status).toBe(403);
  });
});
