import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InventoryItem, StockMovement } from '../../src/domain/contracts/inventory';
import {
  type PurchaseOrder,
  purchaseOrderRecordSchema,
} from '../../src/domain/contracts/purchase-orders';
import { TOTAL_COST_REQUIRED } from '../../src/domain/purchase-order-schemas';
import { purchaseOrders } from '../../src/server/db/schema';
import type { ApiClient } from '../support/api-client';
import { bakeryFixtures, lagosDate } from '../support/fixtures';
import { createRole, firstAdmin, userWithRole } from '../support/personas';
import { endsWithRollupsMatchingRecords } from '../support/rollups';
import { createTestApp, type TestApp } from '../support/test-app';

let testApp: TestApp;
let admin: ApiClient;
let flour: InventoryItem;
let sugar: InventoryItem;

const { addItem } = bakeryFixtures(() => admin);

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await firstAdmin(testApp);
  flour = await addItem('Flour', { currentStock: 10, unitCost: 1000 });
  sugar = await addItem('Sugar');
});
afterAll(() => testApp.close());

const item = async (id: string) =>
  (await admin.get<InventoryItem[]>('/api/inventory')).body.find(
    (i) => i.id === id,
  ) as InventoryItem;

async function createOrder(extra: Record<string, unknown> = {}) {
  const reply = await admin.post<PurchaseOrder>('/api/purchase-orders', {
    supplier: 'Golden Penny Mills',
    items: [
      { itemId: flour.id, quantity: 30, totalCost: 36_000 },
      { itemId: sugar.id, quantity: 3, totalCost: 10_000 },
    ],
    ...extra,
  });
  if (reply.status !== 201) throw new Error(JSON.stringify(reply.body));
  return reply.body;
}

describe('creating orders', () => {
  it('derives unit costs and an exact total, pending by default, with a PO number', async () => {
    const order = await createOrder({
      expectedDelivery: '2099-12-01',
      notes: 'Deliver to the back gate',
    });
    expect(order.status).toBe('pending');
    expect(order.orderNumber).toMatch(/^PO-\d{4}-\d{6}$/);
    expect(order.totalAmount).toBe(46_000);
    expect(order.items).toEqual([
      {
        itemId: flour.id,
        itemName: 'Flour',
        unit: 'kg',
        quantity: 30,
        unitCost: 1200,
        totalCost: 36_000,
      },
      {
        itemId: sugar.id,
        itemName: 'Sugar',
        unit: 'kg',
        quantity: 3,
        unitCost: 3333.3333,
        totalCost: 10_000,
      },
    ]);
    expect(order.expectedDelivery).toBe('2099-12-01');
    expect(order.notes).toBe('Deliver to the back gate');
  });

  it('adds kobo amounts exactly: 0.1 three times is 0.30', async () => {
    const order = await createOrder({
      items: [0, 1, 2].map(() => ({ itemId: sugar.id, quantity: 1, totalCost: 0.1 })),
    });
    expect(order.totalAmount).toBe(0.3);
  });

  it('refuses a duplicate order number with 409 on the field', async () => {
    await createOrder({ orderNumber: 'PO-2026-777777' });
    const again = await admin.post('/api/purchase-orders', {
      supplier: 'X',
      orderNumber: 'po-2026-777777',
      items: [{ itemId: flour.id, quantity: 1, totalCost: 1 }],
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      message: 'Order number already exists',
      code: 'ORDER_NUMBER_TAKEN',
      errors: [{ path: 'orderNumber', message: 'Order number already exists' }],
    });
  });

  it.each([
    [
      { items: [{ itemId: randomUUID(), quantity: 2, totalCost: 0 }] },
      'items.0.totalCost',
      TOTAL_COST_REQUIRED,
    ],
    [{ items: [] }, 'items', 'Add at least one item'],
    [{ supplier: '  ' }, 'supplier', 'Supplier is required'],
    [{ status: 'lost' }, 'status', 'Choose a status'],
    [
      { expectedDelivery: '01/12/2026' },
      'expectedDelivery',
      'Expected delivery must be a date (yyyy-MM-dd)',
    ],
  ])('refuses %j with 400 on %s', async (extra, path, message) => {
    const reply = await admin.post('/api/purchase-orders', {
      supplier: 'Golden Penny Mills',
      items: [{ itemId: flour.id, quantity: 1, totalCost: 100 }],
      ...extra,
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ errors: expect.arrayContaining([{ path, message }]) });
  });

  it('refuses an expected delivery before today in Lagos, and takes today', async () => {
    const order = (expectedDelivery: string) =>
      admin.post('/api/purchase-orders', {
        supplier: 'Golden Penny Mills',
        items: [{ itemId: flour.id, quantity: 1, totalCost: 100 }],
        expectedDelivery,
      });
    const before = (await admin.get<unknown[]>('/api/purchase-orders')).body.length;
    const yesterday = await order(lagosDate(new Date(Date.now() - 24 * 60 * 60 * 1000)));
    expect(yesterday.status).toBe(400);
    expect(yesterday.body).toEqual({
      message: 'Expected delivery cannot be in the past',
      code: 'INVALID_INPUT',
      errors: [{ path: 'expectedDelivery', message: 'Expected delivery cannot be in the past' }],
    });
    expect((await admin.get<unknown[]>('/api/purchase-orders')).body).toHaveLength(before);
    expect((await order(lagosDate(new Date()))).status).toBe(201);
  });

  it('says a line without a quantity is missing one', async () => {
    const reply = await admin.post('/api/purchase-orders', {
      supplier: 'Golden Penny Mills',
      items: [{ itemId: flour.id, totalCost: 100 }],
    });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toContainEqual({
      path: 'items.0.quantity',
      message: 'Quantity is required',
    });
  });

  it('refuses a total amount that does not match the items', async () => {
    const reply = await admin.post('/api/purchase-orders', {
      supplier: 'X',
      items: [{ itemId: flour.id, quantity: 2, totalCost: 100 }],
      totalAmount: 99.99,
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ message: 'The total amount does not match the items' });
  });

  it('answers 404 for an item that does not exist', async () => {
    const reply = await admin.post('/api/purchase-orders', {
      supplier: 'X',
      items: [{ itemId: randomUUID(), quantity: 2, totalCost: 100 }],
    });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ message: 'Inventory item not found', code: 'NOT_FOUND' });
  });
});

describe('receiving', () => {
  it('adds stock, averages the unit cost, records movements and marks it delivered', async () => {
    const before = await item(flour.id);
    const order = await createOrder();
    const reply = await admin.patch<PurchaseOrder>(`/api/purchase-orders/${order.id}/receive`);
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe('delivered');
    expect(reply.body.deliveredDate).toEqual(expect.any(String));

    const after = await item(flour.id);
    expect(after.currentStock).toBe(before.currentStock + 30);
    // (10 kg at 1,000 + 30 kg at 1,200) / 40 kg = 1,150 when flour had 10 kg at 1,000.
    expect(after.unitCost).toBe(
      Math.round(
        ((before.currentStock * before.unitCost + 30 * 1200) / (before.currentStock + 30)) * 10_000,
      ) / 10_000,
    );
    const [latest] = (await admin.get<StockMovement[]>(`/api/inventory/${flour.id}/movements`))
      .body;
    expect(latest).toMatchObject({
      quantityChange: 30,
      reason: 'receipt',
      reference: order.orderNumber,
    });
  });

  it('receives once when the same order is received twice at the same moment', async () => {
    const before = await item(flour.id);
    const order = await createOrder();
    const replies = await Promise.all([
      admin.patch(`/api/purchase-orders/${order.id}/receive`),
      admin.patch(`/api/purchase-orders/${order.id}/receive`),
      admin.patch(`/api/purchase-orders/${order.id}/receive`),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect((await item(flour.id)).currentStock).toBe(before.currentStock + 30);
  });

  it('answers 409 for a delivered or cancelled order, and 404 for none', async () => {
    const delivered = await createOrder();
    await admin.patch(`/api/purchase-orders/${delivered.id}/receive`);
    const again = await admin.patch(`/api/purchase-orders/${delivered.id}/receive`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      message: 'This order has already been received',
      code: 'ORDER_ALREADY_RECEIVED',
    });

    const cancelled = await createOrder();
    expect((await admin.patch(`/api/purchase-orders/${cancelled.id}/cancel`)).status).toBe(200);
    const refused = await admin.patch(`/api/purchase-orders/${cancelled.id}/receive`);
    expect(refused.body).toEqual({
      message: 'This order has been cancelled',
      code: 'ORDER_CANCELLED',
    });
    expect((await admin.patch(`/api/purchase-orders/${randomUUID()}/receive`)).status).toBe(404);
  });

  it('ships a pending order, and a shipped order can still be received', async () => {
    const order = await createOrder();
    const shipped = await admin.patch<PurchaseOrder>(`/api/purchase-orders/${order.id}/ship`);
    expect(shipped.body.status).toBe('shipped');
    const twice = await admin.patch(`/api/purchase-orders/${order.id}/ship`);
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({
      message: 'This order has already been shipped',
      code: 'ORDER_ALREADY_SHIPPED',
    });
    expect((await admin.patch(`/api/purchase-orders/${order.id}/receive`)).status).toBe(200);
  });

  it('refuses to receive an order naming an item no longer in inventory', async () => {
    // Only a release before archiving could delete an item that orders name.
    const [gone] = await testApp.database.db
      .insert(purchaseOrders)
      .values({
        orderNumber: 'PO-2026-GONE01',
        supplier: 'Old Mills',
        items: [{ itemId: randomUUID(), quantity: 1, unitCost: 100 }],
        totalAmount: 100,
      })
      .returning({ id: purchaseOrders.id });
    const reply = await admin.patch(`/api/purchase-orders/${gone?.id}/receive`);
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({
      message: 'An item on this order no longer exists',
      code: 'ORDER_ITEM_GONE',
    });
  });

  it('takes stock in at once for an order recorded as already delivered', async () => {
    const before = await item(sugar.id);
    const order = await createOrder({ status: 'delivered' });
    expect(order.deliveredDate).toEqual(expect.any(String));
    expect((await item(sugar.id)).currentStock).toBe(before.currentStock + 3);
  });
});

describe('lists and permissions', () => {
  it('lists newest first with paging, and counts total and pending in SQL', async () => {
    const list = await admin.get<PurchaseOrder[]>('/api/purchase-orders?limit=2');
    expect(list.body).toHaveLength(2);
    const summary = await admin.get<{ total: number; pending: number }>(
      '/api/purchase-orders/summary',
    );
    const all = await admin.get<PurchaseOrder[]>('/api/purchase-orders?limit=500');
    expect(summary.body.total).toBe(all.body.length);
    expect(summary.body.pending).toBe(
      all.body.filter((o) => o.status === 'pending' || o.status === 'shipped').length,
    );
    expect((await admin.get('/api/purchase-orders?limit=501')).status).toBe(400);
  });

  it('lets a reader list orders but not create or receive them', async () => {
    const reader = await userWithRole(
      testApp,
      admin,
      'po_reader',
      await createRole(
        admin,
        'Order readers',
        { canRead: true, canWrite: false, canDelete: false },
        ['purchase_orders'],
      ),
    );
    expect((await reader.get('/api/purchase-orders')).status).toBe(200);
    const order = await createOrder();
    expect((await reader.patch(`/api/purchase-orders/${order.id}/receive`)).status).toBe(403);
    expect((await reader.post('/api/purchase-orders', { supplier: 'X', items: [] })).status).toBe(
      403,
    );
  });
});

describe('answers', () => {
  it('carry only the fields the contract declares, not the row’s own timestamps', async () => {
    const order = await createOrder();
    expect(Object.keys(order).sort()).toEqual(Object.keys(purchaseOrderRecordSchema.shape).sort());
    const [listed] = (await admin.get<PurchaseOrder[]>('/api/purchase-orders?limit=1')).body;
    expect(listed).not.toHaveProperty('createdAt');
    expect(listed).not.toHaveProperty('updatedAt');
  });
});

endsWithRollupsMatchingRecords(() => testApp.database.db);
