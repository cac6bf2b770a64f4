import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTING_PERIODS } from '../../src/domain/accounting';
import { businessDate } from '../../src/domain/time';
import type { ApiClient, Reply } from '../support/api-client';
import { firstAdmin } from '../support/personas';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Every call of the original call list (docs/api.md) that carries a body or a
 * query, sent exactly in that shape (its field names, all of them, as its
 * screens send them), signed in as the admin. Each must be answered 2xx: a
 * client written from that list must work against this API.
 */

let testApp: TestApp;
let admin: ApiClient;
const ids = {} as Record<'flour' | 'recipe' | 'batch' | 'distributor' | 'user' | 'role', string>;

function ok<T>(reply: Reply<T>, call: string): T {
  expect(reply.status, `${call}: ${JSON.stringify(reply.body)}`).toBeGreaterThanOrEqual(200);
  expect(reply.status, `${call}: ${JSON.stringify(reply.body)}`).toBeLessThan(300);
  return reply.body;
}

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await firstAdmin(testApp);
  ids.flour = ok(
    await admin.post<{ id: string }>('/api/inventory', {
      name: 'Flour',
      category: 'ingredients',
      currentStock: 500,
      unit: 'kg',
      minStock: 10,
      unitCost: 900,
      supplier: 'Honeywell Mills',
    }),
    'seed item',
  ).id;
  ids.recipe = ok(
    await admin.post<{ id: string }>('/api/recipes', {
      name: 'Agege Bread',
      ingredients: [{ itemId: ids.flour, quantity: 1, unit: 'kg' }],
    }),
    'seed recipe',
  ).id;
  ids.distributor = ok(
    await admin.post<{ id: string }>('/api/distributors', {
      name: 'Mama Put',
      address: '1 Market Road',
      phone: '0803 123 4567',
    }),
    'seed distributor',
  ).id;
  ids.role = ok(
    await admin.post<{ id: string }>('/api/admin/roles', { name: 'Bakers' }),
    'role',
  ).id;
  const batch = ok(
    await admin.post<{ id: string }>('/api/production-batches', {
      recipeId: ids.recipe,
      flourKg: 10,
    }),
    'seed batch',
  );
  ok(
    await admin.patch(`/api/production-batches/${batch.id}`, {
      status: 'completed',
      loavesProduced: 200,
    }),
    'seed completion',
  );
  ids.batch = ok(
    await admin.post<{ id: string }>('/api/production-batches', {
      recipeId: ids.recipe,
      flourKg: 1,
    }),
    'seed planned batch',
  ).id;
});
afterAll(() => testApp.close());

describe('the spec’s calls, in the spec’s shapes, as the admin', () => {
  it('POST /api/auth/register (the register form’s fields)', async () => {
    ok(
      await admin.post('/api/auth/register', {
        firstName: 'Ngozi',
        lastName: 'Okafor',
        email: 'ngozi@bakery.ng',
        username: 'ngozi',
        password: 'correct-horse-2',
      }),
      'register',
    );
  });

  it('POST /api/auth/login (username and password)', async () => {
    ok(
      await admin.post('/api/auth/login', { username: 'baker_admin', password: 'correct-horse-1' }),
      'login',
    );
  });

  it('POST /api/inventory (name, category, currentStock, unit, minStock, unitCost, supplier)', async () => {
    ok(
      await admin.post('/api/inventory', {
        name: 'Sugar',
        category: 'ingredients',
        currentStock: 25.5,
        unit: 'kg',
        minStock: 5,
        unitCost: 1200.5,
        supplier: 'Dangote',
      }),
      'create item',
    );
  });

  it('PATCH /api/inventory/{id} (the same fields)', async () => {
    ok(
      await admin.patch(`/api/inventory/${ids.flour}`, {
        name: 'Flour',
        category: 'ingredients',
        currentStock: 480,
        unit: 'kg',
        minStock: 20,
        unitCost: 950,
        supplier: 'Honeywell Mills',
      }),
      'edit item',
    );
  });

  it('POST /api/purchase-orders (items[{itemId, quantity, unitCost}], totalAmount, …)', async () => {
    const order = ok(
      await admin.post<{ totalAmount: number; items: { totalCost: number; unitCost: number }[] }>(
        '/api/purchase-orders',
        {
          orderNumber: 'PO-2026-123456',
          supplier: 'Honeywell Mills',
          status: 'pending',
          items: [{ itemId: ids.flour, quantity: 10, unitCost: 850.5 }],
          totalAmount: 8505,
          expectedDelivery: '2026-12-31',
          notes: 'Deliver to the back gate',
        },
      ),
      'create order',
    );
    expect(order.totalAmount).toBe(8505);
    expect(order.items).toEqual([expect.objectContaining({ totalCost: 8505, unitCost: 850.5 })]);
  });

  it('POST /api/recipes (name, description, baseFlourKg, ingredients[{itemId, quantity, unit}], …)', async () => {
    ok(
      await admin.post('/api/recipes', {
        name: 'Sweet Bread',
        description: 'Soft and sweet',
        baseFlourKg: 1,
        ingredients: [{ itemId: ids.flour, quantity: 1, unit: 'kg' }],
        instructions: 'Mix, knead, prove, bake',
        estimatedDuration: 150,
      }),
      'create recipe',
    );
  });

  it('PATCH /api/recipes/{id} (the same fields)', async () => {
    ok(
      await admin.patch(`/api/recipes/${ids.recipe}`, {
        name: 'Agege Bread',
        description: 'The classic',
        baseFlourKg: 1,
        ingredients: [{ itemId: ids.flour, quantity: 1, unit: 'kg' }],
        instructions: 'Mix, knead, prove, bake',
        estimatedDuration: 180,
      }),
      'edit recipe',
    );
  });

  it('POST /api/production-batches (batchNumber, recipeId, recipeName, flourKg, doughSizeGrams, status, notes)', async () => {
    ok(
      await admin.post('/api/production-batches', {
        batchNumber: '20260101123',
        recipeId: ids.recipe,
        recipeName: 'Agege Bread',
        flourKg: 2.5,
        doughSizeGrams: 600,
        status: 'planned',
        notes: 'Morning bake',
      }),
      'create batch',
    );
  });

  it('PATCH /api/production-batches/{id} (in_progress with startedAt, then completed with completedAt and loavesProduced)', async () => {
    ok(
      await admin.patch(`/api/production-batches/${ids.batch}`, {
        status: 'in_progress',
        startedAt: new Date().toISOString(),
      }),
      'start batch',
    );
    ok(
      await admin.patch(`/api/production-batches/${ids.batch}`, {
        status: 'completed',
        completedAt: new Date().toISOString(),
        loavesProduced: 20,
      }),
      'complete batch',
    );
  });

  it('PATCH /api/production-batches/{id} (status cancelled)', async () => {
    const planned = ok(
      await admin.post<{ id: string }>('/api/production-batches', {
        recipeId: ids.recipe,
        flourKg: 1,
      }),
      'batch to cancel',
    );
    ok(
      await admin.patch(`/api/production-batches/${planned.id}`, { status: 'cancelled' }),
      'cancel batch',
    );
  });

  it('POST /api/sales-transactions (distributorId, recipeName, loavesTaken, pricePerLoaf, amountPaid, notes)', async () => {
    ok(
      await admin.post('/api/sales-transactions', {
        distributorId: ids.distributor,
        recipeName: 'Agege Bread',
        loavesTaken: 20,
        pricePerLoaf: 500,
        amountPaid: 5000,
        notes: 'Morning round',
      }),
      'record sale',
    );
  });

  it('GET /api/distributors?includeArchived=true', async () => {
    ok(await admin.get('/api/distributors?includeArchived=true'), 'list distributors');
  });

  it('POST /api/distributors (name, address, phone)', async () => {
    ok(
      await admin.post('/api/distributors', {
        name: 'Iya Basira',
        address: '4 Market Road, Oshodi',
        phone: '+234 803 123 4567',
      }),
      'add distributor',
    );
  });

  it('POST /api/distributor-payments (distributorId, amount, paymentMethod, description)', async () => {
    ok(
      await admin.post('/api/distributor-payments', {
        distributorId: ids.distributor,
        amount: 2500,
        paymentMethod: 'bank_transfer',
        description: 'Transfer from GTBank',
      }),
      'record payment',
    );
  });

  it('POST /api/bread-returns (distributorId, recipeName, loavesReturned, pricePerLoaf, reason, notes)', async () => {
    ok(
      await admin.post('/api/bread-returns', {
        distributorId: ids.distributor,
        recipeName: 'Agege Bread',
        loavesReturned: 2,
        pricePerLoaf: 500,
        reason: 'spoiled',
        notes: 'Got wet in the rain',
      }),
      'record return',
    );
  });

  for (const call of ['summary', 'expenditures', 'income']) {
    it(`GET /api/accounting/${call} with ?period= (each period) and with ?startDate=&endDate=`, async () => {
      for (const period of ACCOUNTING_PERIODS) {
        ok(await admin.get(`/api/accounting/${call}?period=${period}`), `${call} ${period}`);
      }
      const today = businessDate(new Date(), 'Africa/Lagos');
      ok(
        await admin.get(`/api/accounting/${call}?startDate=2025-01-01&endDate=${today}`),
        `${call} custom range`,
      );
    });
  }

  it('POST /api/admin/users (username, email, password, firstName, lastName, isAdmin, roleId)', async () => {
    ids.user = ok(
      await admin.post<{ id: string }>('/api/admin/users', {
        username: 'tunde',
        email: 'tunde@bakery.ng',
        password: 'secret1',
        firstName: 'Tunde',
        lastName: 'Bakare',
        isAdmin: false,
        roleId: ids.role,
      }),
      'create user',
    ).id;
  });

  it('PATCH /api/admin/users/{id} (the same fields, password omitted when blank)', async () => {
    ok(
      await admin.patch(`/api/admin/users/${ids.user}`, {
        username: 'tunde',
        email: 'tunde.bakare@bakery.ng',
        firstName: 'Tunde',
        lastName: 'Bakare',
        isAdmin: false,
        roleId: ids.role,
      }),
      'edit user',
    );
  });
});
