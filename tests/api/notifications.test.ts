import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList } from '../../src/domain/contracts/notifications';
import { productionBatches, purchaseOrders } from '../../src/server/db/schema';
import { ApiClient, validUser } from '../support/api-client';
import { created } from '../support/fixtures';
import { createRole, firstAdmin, userWithRole } from '../support/personas';
import { createTestApp, type TestApp } from '../support/test-app';

let testApp: TestApp;
let admin: ApiClient;
let stockKeeper: ApiClient;
let baker: ApiClient;
let clerk: ApiClient;

const READ_ONLY = { canRead: true, canWrite: false, canDelete: false };

const list = async (client: ApiClient) => {
  const reply = await client.get<NotificationList>('/api/notifications');
  expect(reply.status).toBe(200);
  return reply.body;
};
const titles = async (client: ApiClient) =>
  (await list(client)).notifications.map((notification) => notification.title);
const markRead = <T = NotificationList>(client: ApiClient, body: unknown) =>
  client.post<T>('/api/notifications/read', body);

let sugarId: string;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await firstAdmin(testApp);
  const keeperRole = await createRole(admin, 'Stock keeper', READ_ONLY, ['inventory']);
  const bakerRole = await createRole(admin, 'Baker', READ_ONLY, ['production']);
  const clerkRole = await createRole(admin, 'Clerk', READ_ONLY, ['sales']);
  stockKeeper = await userWithRole(testApp, admin, 'keeper', keeperRole);
  baker = await userWithRole(testApp, admin, 'baker', bakerRole);
  clerk = await userWithRole(testApp, admin, 'clerk', clerkRole);
  const sugar = await created(
    admin.post('/api/inventory', {
      name: 'Sugar',
      category: 'ingredients',
      unit: 'kg',
      currentStock: 50,
      minStock: 10,
      unitCost: 900,
    }),
  );
  sugarId = sugar.id;
});
afterAll(() => testApp.close());

describe('notifications', () => {
  it('answers 401 to a caller who is not signed in, for the list and for marking', async () => {
    const stranger = new ApiClient(testApp);
    expect((await stranger.get('/api/notifications')).status).toBe(401);
    expect((await stranger.post('/api/notifications/read', { all: true })).status).toBe(401);
  });

  it('starts empty', async () => {
    expect(await list(admin)).toEqual({ notifications: [], total: 0, unread: 0 });
  });

  it('tells of an item that falls to its minimum, until it is restocked', async () => {
    await admin.patch(`/api/inventory/${sugarId}`, { currentStock: 4 });
    const { notifications, unread } = await list(admin);
    expect(unread).toBe(1);
    expect(notifications).toEqual([
      expect.objectContaining({
        kind: 'low_stock',
        title: 'Low stock: Sugar',
        message: '4 kg left, minimum 10 kg',
        link: '/inventory',
        read: false,
      }),
    ]);
    expect(await titles(stockKeeper)).toEqual(['Low stock: Sugar']);

    await admin.patch(`/api/inventory/${sugarId}`, { currentStock: 40 });
    expect(await titles(admin)).toEqual([]);
  });

  it('leaves archived items out', async () => {
    const salt = await created(
      admin.post('/api/inventory', {
        name: 'Salt',
        category: 'ingredients',
        unit: 'kg',
        currentStock: 1,
        minStock: 5,
      }),
    );
    // Salt has a stock movement (its opening stock), so deleting archives it.
    expect(await titles(admin)).toEqual(['Low stock: Salt']);
    expect((await admin.delete(`/api/inventory/${salt.id}`)).status).toBe(200);
    expect(await titles(admin)).toEqual([]);
  });

  it('tells of an order past its expected date, until it is received', async () => {
    const order = await created(
      admin.post('/api/purchase-orders', {
        supplier: 'Honeywell Mills',
        items: [{ itemId: sugarId, quantity: 5, totalCost: 4500 }],
      }),
    );
    // Set in the database: the form refuses an expected date in the past.
    const setExpected = (date: string) =>
      testApp.database.db
        .update(purchaseOrders)
        .set({ expectedDelivery: new Date(`${date}T00:00:00Z`) })
        .where(eq(purchaseOrders.id, order.id));
    await setExpected('2099-01-01');
    expect(await titles(admin)).toEqual([]);
    await setExpected('2020-01-01');
    const [notification] = (await list(admin)).notifications;
    expect(notification).toMatchObject({
      kind: 'order_overdue',
      title: `Order overdue: ${order.orderNumber}`,
      link: '/purchases',
    });
    expect(notification?.message).toMatch(/^Honeywell Mills, expected \d+ days ago$/);

    expect((await admin.patch(`/api/purchase-orders/${order.id}/receive`)).status).toBe(200);
    expect(await titles(admin)).toEqual([]);
  });

  it('leaves cancelled orders out', async () => {
    const order = await created(
      admin.post('/api/purchase-orders', {
        supplier: 'Dangote',
        items: [{ itemId: sugarId, quantity: 1, totalCost: 900 }],
      }),
    );
    await testApp.database.db
      .update(purchaseOrders)
      .set({ expectedDelivery: new Date('2020-01-01T00:00:00Z') })
      .where(eq(purchaseOrders.id, order.id));
    expect(await titles(admin)).toHaveLength(1);
    expect((await admin.patch(`/api/purchase-orders/${order.id}/cancel`)).status).toBe(200);
    expect(await titles(admin)).toEqual([]);
  });

  it("tells of a batch in progress past its recipe's time, until it is completed", async () => {
    const recipe = await created(
      admin.post('/api/recipes', {
        name: 'Agege Bread',
        estimatedDuration: 120,
        ingredients: [{ itemId: sugarId, quantity: 0.1, unit: 'kg' }],
      }),
    );
    const batch = await created(
      admin.post('/api/production-batches', {
        recipeId: recipe.id,
        flourKg: 1,
        status: 'in_progress',
      }),
    );
    expect(await titles(admin)).toEqual([]);
    await testApp.database.db
      .update(productionBatches)
      .set({ startedAt: new Date(Date.now() - 3 * 60 * 60 * 1000) })
      .where(eq(productionBatches.id, batch.id));
    const [notification] = (await list(baker)).notifications;
    expect(notification).toMatchObject({
      kind: 'batch_overdue',
      title: 'Batch running long: Agege Bread',
      message: `${batch.batchNumber}, in progress 3 h; the recipe takes 2 h`,
      link: '/production',
    });

    const done = await admin.patch(`/api/production-batches/${batch.id}`, {
      status: 'completed',
      loavesProduced: 40,
    });
    expect(done.status).toBe(200);
    expect(await titles(admin)).toEqual([]);
  });

  describe('who sees what, and read marks', () => {
    let batchKey = '';

    beforeAll(async () => {
      await admin.patch(`/api/inventory/${sugarId}`, { currentStock: 2 });
      const recipe = await created(
        admin.post('/api/recipes', {
          name: 'Coconut Bread',
          estimatedDuration: 30,
          ingredients: [{ itemId: sugarId, quantity: 0.1, unit: 'kg' }],
        }),
      );
      const batch = await created(
        admin.post('/api/production-batches', {
          recipeId: recipe.id,
          flourKg: 1,
          status: 'in_progress',
        }),
      );
      await testApp.database.db
        .update(productionBatches)
        .set({ startedAt: new Date(Date.now() - 60 * 60 * 1000) })
        .where(eq(productionBatches.id, batch.id));
      const order = await created(
        admin.post('/api/purchase-orders', {
          supplier: 'Late Mills',
          items: [{ itemId: sugarId, quantity: 1, totalCost: 900 }],
        }),
      );
      await testApp.database.db
        .update(purchaseOrders)
        .set({ expectedDelivery: new Date('2020-01-01T00:00:00Z') })
        .where(eq(purchaseOrders.id, order.id));
      batchKey =
        (await list(baker)).notifications.find((n) => n.kind === 'batch_overdue')?.key ?? '';
    });

    it('shows each user only the kinds whose module they may read; admins all', async () => {
      expect((await list(admin)).notifications.map((n) => n.kind).sort()).toEqual([
        'batch_overdue',
        'low_stock',
        'order_overdue',
      ]);
      expect((await list(stockKeeper)).notifications.map((n) => n.kind)).toEqual(['low_stock']);
      expect((await list(baker)).notifications.map((n) => n.kind)).toEqual(['batch_overdue']);
      expect(await list(clerk)).toEqual({ notifications: [], total: 0, unread: 0 });
    });

    it('marks no notification the caller cannot see', async () => {
      const stockKey = (await list(stockKeeper)).notifications[0]?.key;
      const reply = await markRead(baker, { keys: [stockKey] });
      expect(reply.status).toBe(200);
      expect(reply.body.notifications.map((n) => n.kind)).toEqual(['batch_overdue']);
      expect((await list(stockKeeper)).unread).toBe(1);
    });

    it('refuses a body that names nothing, with the message', async () => {
      for (const body of [{}, { keys: [] }, { all: false }, { keys: 'all' }]) {
        const reply = await markRead<{ message: string }>(admin, body);
        expect(reply.status, JSON.stringify(body)).toBe(400);
        expect(typeof reply.body.message).toBe('string');
      }
      expect((await markRead<{ message: string }>(admin, {})).body.message).toBe(
        'Name the notifications to mark read, or all',
      );
    });

    it('marking one read lowers the count for that user alone, and lasts past a new sign-in', async () => {
      const reply = await markRead(baker, { keys: [batchKey] });
      expect(reply.status).toBe(200);
      expect(reply.body.unread).toBe(0);
      expect(reply.body.notifications).toEqual([
        expect.objectContaining({ key: batchKey, read: true }),
      ]);
      expect((await list(admin)).unread).toBe(3);

      const again = new ApiClient(testApp);
      const user = validUser('baker');
      const login = await again.post('/api/auth/login', {
        username: user.username,
        password: user.password,
      });
      expect(login.status).toBe(200);
      expect(await list(again)).toMatchObject({ total: 1, unread: 0 });
    });

    it('marks all read at once, unread first before that', async () => {
      const before = await list(admin);
      expect(before.unread).toBe(3);
      const reply = await markRead(admin, { all: true });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ total: 3, unread: 0 });
      expect((await list(admin)).notifications.every((n) => n.read)).toBe(true);
    });

    it('is a new, unread notification when an item runs low again after a restock', async () => {
      expect((await list(stockKeeper)).unread).toBe(1);
      await markRead(stockKeeper, { all: true });
      expect((await list(stockKeeper)).unread).toBe(0);
      // Lower again without a restock: the same low spell, still read.
      await admin.patch(`/api/inventory/${sugarId}`, { currentStock: 1 });
      expect((await list(stockKeeper)).unread).toBe(0);
      await admin.patch(`/api/inventory/${sugarId}`, { currentStock: 30 });
      await admin.patch(`/api/inventory/${sugarId}`, { currentStock: 2 });
      expect(await list(stockKeeper)).toMatchObject({ total: 1, unread: 1 });
    });
  });
});
