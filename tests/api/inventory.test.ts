import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardSummary } from '../../src/domain/contracts/dashboard';
import type { InventoryItem, StockMovement } from '../../src/domain/contracts/inventory';
import { inventoryItems, purchaseOrders, recipes } from '../../src/server/db/schema';
import type { ApiClient } from '../support/api-client';
import { bakeryFixtures, flour } from '../support/fixtures';
import { createRole, firstAdmin, userWithRole } from '../support/personas';
import { createTestApp, type TestApp } from '../support/test-app';

let testApp: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  testApp = await createTestApp();
  admin = await firstAdmin(testApp);
});
afterAll(() => testApp.close());

const { addFlour: create } = bakeryFixtures(() => admin);

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
    expect(reply.body).toEqual({
      message,
      code: 'INVALID_INPUT',
      errors: [{ path: field, message }],
    });
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
  it('deletes an item with no history at all', async () => {
    const item = await create({ name: 'Old labels', currentStock: 0 });
    const reply = await admin.delete(`/api/inventory/${item.id}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ action: 'deleted', message: 'Old labels was deleted' });
    const list = await admin.get<InventoryItem[]>('/api/inventory?includeArchived=true');
    expect(list.body.some((i) => i.id === item.id)).toBe(false);
    expect((await admin.get(`/api/inventory/${item.id}/movements`)).status).toBe(404);
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
      code: 'ITEM_IN_USE',
    });
    expect((await admin.get<StockMovement[]>(`/api/inventory/${item.id}/movements`)).status).toBe(
      200,
    );
  });
});

/** Ids in the inventory list, by default or with archived items. */
const listed = async (query = '') =>
  (await admin.get<InventoryItem[]>(`/api/inventory${query}`)).body.map((i) => i.id);

describe('history is never erased: an item with history is archived', () => {
  it('keeps a finished batch whole when its flour is deleted after its recipe', async () => {
    const item = await create({ name: 'Bakers Flour', currentStock: 100, unitCost: 500 });
    const recipe = await admin.post<{ id: string }>('/api/recipes', {
      name: 'Archive Loaf',
      ingredients: [{ itemId: item.id, quantity: 1, unit: 'kg' }],
    });
    const batch = await admin.post<{ id: string }>('/api/production-batches', {
      recipeId: recipe.body.id,
      flourKg: 20,
      status: 'in_progress',
    });
    await admin.patch(`/api/production-batches/${batch.body.id}`, {
      status: 'completed',
      loavesProduced: 200,
    });
    const cost = async () =>
      (await admin.get<{ ingredientCost: number }>(`/api/production-batches/${batch.body.id}/cost`))
        .body.ingredientCost;
    expect(await cost()).toBe(10_000);
    expect((await admin.delete(`/api/recipes/${recipe.body.id}`)).status).toBe(200);

    const reply = await admin.delete(`/api/inventory/${item.id}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      action: 'archived',
      message: 'Bakers Flour has stock history, so it was archived instead of deleted',
    });

    const history = await admin.get<StockMovement[]>(`/api/inventory/${item.id}/movements`);
    expect(history.status).toBe(200);
    expect(history.body.map((m) => m.reason)).toEqual(['production', 'initial_stock']);
    expect(await cost()).toBe(10_000);
    expect(await listed()).not.toContain(item.id);
    const all = await admin.get<InventoryItem[]>('/api/inventory?includeArchived=true');
    expect(all.body.find((i) => i.id === item.id)).toMatchObject({ archived: true });
    expect(all.body.find((i) => i.archived === false)).toBeDefined();
  });

  it('archives an item only a cancelled or delivered order named', async () => {
    const item = await create({ name: 'Chemco Improver', currentStock: 0 });
    await testApp.database.db.insert(purchaseOrders).values({
      orderNumber: 'PO-2026-000777',
      supplier: 'Chemco',
      status: 'cancelled',
      items: [{ itemId: item.id, quantity: 2, unitCost: 1000 }],
      totalAmount: 2000,
    });
    const reply = await admin.delete(`/api/inventory/${item.id}`);
    expect(reply.body).toMatchObject({ action: 'archived' });
  });

  it('archives an item only a deleted recipe named', async () => {
    const item = await create({ name: 'Nutmeg', currentStock: 0 });
    await testApp.database.db.insert(recipes).values({
      name: 'Spiced Bun',
      ingredients: [{ itemId: item.id, quantity: 5, unit: 'g' }],
      deletedAt: new Date(),
    });
    expect((await admin.delete(`/api/inventory/${item.id}`)).body).toMatchObject({
      action: 'archived',
    });
  });

  it('lets the database refuse to delete an item that has movements', async () => {
    const item = await create({ name: 'Cocoa' });
    await expect(
      testApp.database.db.delete(inventoryItems).where(eq(inventoryItems.id, item.id)),
    ).rejects.toThrow();
    expect(await movements(item.id)).toHaveLength(1);
  });

  it('answers 409 for an item already archived, and unarchives it back onto the list', async () => {
    const item = await create({ name: 'Vanilla' });
    await admin.delete(`/api/inventory/${item.id}`);
    const again = await admin.delete(`/api/inventory/${item.id}`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      message: 'Vanilla is already archived',
      code: 'ITEM_ALREADY_ARCHIVED',
    });

    const back = await admin.post(`/api/inventory/${item.id}/unarchive`);
    expect(back.status).toBe(200);
    expect(back.body).toEqual({ message: 'Vanilla is back on the inventory list' });
    expect(await listed()).toContain(item.id);
    const twice = await admin.post(`/api/inventory/${item.id}/unarchive`);
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ message: 'Vanilla is not archived', code: 'ITEM_NOT_ARCHIVED' });
    expect((await admin.post(`/api/inventory/${randomUUID()}/unarchive`)).status).toBe(404);
  });

  it('hides an archived item from low stock, the dashboard, reports and the pickers', async () => {
    const item = await create({ name: 'Archived Salt', currentStock: 1, minStock: 5 });
    const lowStockNames = async () => ({
      list: (await admin.get<InventoryItem[]>('/api/inventory/low-stock')).body.map((i) => i.name),
      report: (
        await admin.get<{ lowStock: { name: string }[] }>('/api/reports/inventory')
      ).body.lowStock.map((i) => i.name),
    });
    const dashboardLow = async () =>
      (await admin.get<DashboardSummary>('/api/dashboard/summary')).body.inventory?.lowStockCount;
    expect(await lowStockNames()).toEqual({
      list: expect.arrayContaining(['Archived Salt']),
      report: expect.arrayContaining(['Archived Salt']),
    });
    const lowBefore = await dashboardLow();

    await admin.delete(`/api/inventory/${item.id}`);
    const after = await lowStockNames();
    expect(after.list).not.toContain('Archived Salt');
    expect(after.report).not.toContain('Archived Salt');
    expect(await dashboardLow()).toBe((lowBefore ?? 0) - 1);

    // The recipe and order forms pick from the list, which leaves it out; the server refuses it too.
    const recipe = await admin.post('/api/recipes', {
      name: 'Salted Loaf',
      ingredients: [{ itemId: item.id, quantity: 1, unit: 'kg' }],
    });
    expect(recipe.status).toBe(400);
    expect(recipe.body).toEqual({
      message: 'Archived Salt is archived',
      code: 'INVALID_INPUT',
      errors: [{ path: 'ingredients.0.itemId', message: 'Archived Salt is archived' }],
    });
    const order = await admin.post('/api/purchase-orders', {
      supplier: 'Salt Co',
      items: [{ itemId: item.id, quantity: 2, totalCost: 500 }],
    });
    expect(order.status).toBe(400);
    expect(order.body).toEqual({
      message: 'Archived Salt is archived',
      code: 'INVALID_INPUT',
      errors: [{ path: 'items.0.itemId', message: 'Archived Salt is archived' }],
    });
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

  it('lets only a user with the delete right archive or unarchive', async () => {
    const writer = await userWithRole(
      testApp,
      admin,
      'inv_writer',
      await createRole(
        admin,
        'Inventory writers',
        { canRead: true, canWrite: true, canDelete: false },
        ['inventory'],
      ),
    );
    const item = await create({ name: 'Guarded Sugar' });
    expect((await writer.delete(`/api/inventory/${item.id}`)).status).toBe(403);
    expect(await listed()).toContain(item.id);
    await admin.delete(`/api/inventory/${item.id}`);
    expect((await writer.post(`/api/inventory/${item.id}/unarchive`)).status).toBe(403);
    expect(await listed()).not.toContain(item.id);
    expect((await writer.get('/api/inventory?includeArchived=true')).status).toBe(200);
  });
});
