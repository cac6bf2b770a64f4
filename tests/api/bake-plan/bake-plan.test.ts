import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../../src/domain/audit';
import type { BakePlan } from '../../../src/domain/contracts/bake-plan';
import type { InventoryItem } from '../../../src/domain/contracts/inventory';
import type { ProductionBatch } from '../../../src/domain/contracts/production';
import type { PurchaseOrder } from '../../../src/domain/contracts/purchase-orders';
import type { Recipe } from '../../../src/domain/contracts/recipes';
import type { ApiClient } from '../../support/api-client';
import { testClock } from '../../support/clock';
import { bakeryFixtures, lagos } from '../../support/fixtures';
import { createRole, firstAdmin, userWithRole } from '../../support/personas';
import { createTestApp, type TestApp } from '../../support/test-app';

// Monday 23 November 2026, 12:00 in Lagos: tomorrow is Tuesday 24.
const clock = testClock(lagos('2026-11-23T12:00:00').getTime());
let testApp: TestApp;
let admin: ApiClient;
const fixtures = bakeryFixtures(() => admin);
let flourItem: InventoryItem;
let yeast: InventoryItem;
let salt: InventoryItem;
let agege: Recipe;

const plan = async (query = '', as = admin) => as.get<BakePlan>(`/api/bake-plan${query}`);
const stockOf = async (item: { id: string }) =>
  (await admin.get<InventoryItem[]>('/api/inventory')).body.find((row) => row.id === item.id)
    ?.currentStock;
const week = (loaves: number) => [loaves, loaves, loaves, loaves, loaves, 0, 0];

beforeAll(async () => {
  testApp = await createTestApp({ now: clock.now });
  admin = await firstAdmin(testApp);
  flourItem = await fixtures.addItem('Flour', {
    currentStock: 30,
    unitCost: 1000,
  });
  await admin.patch(`/api/inventory/${flourItem.id}`, { supplier: 'Golden Penny Mills' });
  yeast = await fixtures.addItem('Yeast', { unit: 'g', currentStock: 100, unitCost: 3 });
  await admin.patch(`/api/inventory/${yeast.id}`, { supplier: 'Lesaffre' });
  salt = await fixtures.addItem('Salt', { currentStock: 0, unitCost: 200 });
  // Per 10 kg of flour: 100 g of yeast and 0.2 kg of salt; 2.5 loaves per kg.
  agege = await fixtures.addRecipe('Agege Bread', {
    baseFlourKg: 10,
    loavesPerKg: 2.5,
    ingredients: [
      { itemId: flourItem.id, quantity: 10, unit: 'kg' },
      { itemId: yeast.id, quantity: 0.1, unit: 'kg' },
      { itemId: salt.id, quantity: 0.2, unit: 'kg' },
    ],
  });
  await fixtures.addRecipe('Wheat Bread', {
    ingredients: [{ itemId: flourItem.id, quantity: 1, unit: 'kg' }],
  });
  const ade = await fixtures.distributor('Ade Stores');
  const standing = await admin.call('PUT', `/api/orders/standing/${ade.id}`, {
    breads: [
      { recipeName: 'Agege Bread', days: week(130) },
      { recipeName: 'Wheat Bread', days: [0, 40, 0, 0, 0, 0, 0] },
    ],
  });
  expect(standing.status).toBe(200);
});
afterAll(() => testApp.close());

describe('the bake plan of a day', () => {
  it('plans tomorrow from the order book with the margin, the adjustment, the yield and the mixes', async () => {
    const adjust = encodeURIComponent(JSON.stringify({ 'Agege Bread': 4 }));
    const reply = await plan(`?adjustments=${adjust}`);
    expect(reply.status).toBe(200);
    const { breads, needs, ...head } = reply.body;
    expect(head).toEqual({ day: '2026-11-24', marginPercent: 5, mixerCapacityKg: 25 });
    // 130 + 7 (5%, 6.5 rounded up) + 4 = 141 loaves ÷ 2.5 = 56.4 kg: 3 mixes of 18.8 kg.
    expect(breads[0]).toMatchObject({
      recipeName: 'Agege Bread',
      ordered: 130,
      margin: 7,
      adjustment: 4,
      loaves: 141,
      loavesPerKg: 2.5,
      averageLoavesPerKg: null,
      flourKg: 56.4,
      plannedBatches: 0,
    });
    expect(breads[0]?.mixes?.map((mix) => mix.flourKg)).toEqual([18.8, 18.8, 18.8]);
    expect(breads[0]?.mixes?.[0]?.ingredients).toEqual([
      { itemId: flourItem.id, itemName: 'Flour', unit: 'kg', quantity: 18.8 },
      { itemId: yeast.id, itemName: 'Yeast', unit: 'g', quantity: 188 },
      { itemId: salt.id, itemName: 'Salt', unit: 'kg', quantity: 0.376 },
    ]);
    // No yield set: the loaves show, nothing is planned.
    expect(breads[1]).toMatchObject({
      recipeName: 'Wheat Bread',
      ordered: 40,
      margin: 2,
      loaves: 42,
      loavesPerKg: null,
      flourKg: null,
      mixes: null,
    });
    expect(needs).toEqual([
      {
        itemId: flourItem.id,
        itemName: 'Flour',
        unit: 'kg',
        supplier: 'Golden Penny Mills',
        need: 56.4,
        stock: 30,
        shortfall: 26.4,
      },
      {
        itemId: salt.id,
        itemName: 'Salt',
        unit: 'kg',
        supplier: null,
        need: 1.128,
        stock: 0,
        shortfall: 1.128,
      },
      {
        itemId: yeast.id,
        itemName: 'Yeast',
        unit: 'g',
        supplier: 'Lesaffre',
        need: 564,
        stock: 100,
        shortfall: 464,
      },
    ]);
  });

  it('follows the settings and any day asked for', async () => {
    await admin.call('PUT', '/api/admin/settings', {
      allowSelfRegistration: true,
      planMarginPercent: 10,
      mixerCapacityKg: 20,
    });
    const monday = (await plan('?day=2026-11-30')).body;
    // 130 + 13 = 143 ÷ 2.5 = 57.2 kg: 3 mixes (20 kg each at most), the odd gram first.
    expect(monday.breads[0]).toMatchObject({ loaves: 143, flourKg: 57.2 });
    expect(monday.breads[0]?.mixes?.map((mix) => mix.flourKg)).toEqual([19.067, 19.067, 19.066]);
    expect(monday.breads[1]).toMatchObject({ ordered: 0, loaves: 0 });
    await admin.call('PUT', '/api/admin/settings', {
      allowSelfRegistration: true,
      planMarginPercent: 5,
      mixerCapacityKg: 25,
    });
  });

  it('refuses a plan of more than 500 mixes of a bread, reading or creating, changing nothing', async () => {
    // A mixer capacity typed as 0.001 kg: Monday's 54.8 kg of flour (137 loaves ÷ 2.5) would be 54,800 mixes.
    const settings = { allowSelfRegistration: true, planMarginPercent: 5, mixerCapacityKg: 0.001 };
    await admin.call('PUT', '/api/admin/settings', settings);
    const message =
      "Agege Bread would take 54,800 mixes of 0.001 kg, more than the 500 a day's plan takes: check its loaves per kg on the recipe, the adjustment and the mixer capacity in Admin Settings";
    const read = await plan('?day=2026-11-30');
    expect(read.status).toBe(400);
    expect(read.body).toMatchObject({ code: 'INVALID_INPUT', message });
    const before = await stockOf(flourItem);
    const create = await admin.post('/api/bake-plan/batches', { day: '2026-11-30' });
    expect(create.status).toBe(400);
    expect(create.body.message).toBe(message);
    const order = await admin.post('/api/bake-plan/purchase-orders', { day: '2026-11-30' });
    expect(order.status).toBe(400);
    expect(await stockOf(flourItem)).toBe(before);
    await admin.call('PUT', '/api/admin/settings', { ...settings, mixerCapacityKg: 25 });
    expect((await plan('?day=2026-11-30')).body.breads[0]?.plannedBatches).toBe(0);
  });

  it.each([
    ['?day=2026-13-01', 'day', 'Day must be a date (yyyy-MM-dd)'],
    [
      '?adjustments=nope',
      'adjustments',
      'Adjustments must be loaves per bread, e.g. {"Agege Bread": 10}',
    ],
    [
      `?adjustments=${encodeURIComponent('{"Agege Bread":1.5}')}`,
      'adjustments.Agege Bread',
      'Adjustment must be a whole number of loaves',
    ],
    [
      `?adjustments=${encodeURIComponent('{"Cake":1}')}`,
      'adjustments.Cake',
      'Cake is not a bread on offer',
    ],
  ])('refuses %s with 400 on the field', async (query, path, message) => {
    const reply = await admin.get(`/api/bake-plan${query}`);
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([{ path, message }]);
  });

  it('refuses settings out of range, naming the field', async () => {
    for (const [field, value, message] of [
      ['planMarginPercent', -1, 'Plan margin cannot be negative'],
      ['mixerCapacityKg', 0, 'Mixer capacity must be greater than 0'],
    ] as const) {
      const reply = await admin.call('PUT', '/api/admin/settings', {
        allowSelfRegistration: true,
        [field]: value,
      });
      expect(reply.status).toBe(400);
      expect(reply.body.errors).toEqual([{ path: field, message }]);
    }
  });
});

describe('the purchase orders of the shortfall', () => {
  it('orders the shortfall as one pending order per supplier, at the items’ costs', async () => {
    const reply = await admin.post<{ orders: PurchaseOrder[]; withoutSupplier: string[] }>(
      '/api/bake-plan/purchase-orders',
      { day: '2026-11-24', adjustments: { 'Agege Bread': 4 } },
    );
    expect(reply.status).toBe(201);
    expect(reply.body.withoutSupplier).toEqual(['Salt']);
    expect(
      reply.body.orders.map((order) => ({
        supplier: order.supplier,
        status: order.status,
        expectedDelivery: order.expectedDelivery,
        totalAmount: order.totalAmount,
        items: order.items.map((line) => [line.itemName, line.quantity, line.totalCost]),
      })),
    ).toEqual([
      {
        supplier: 'Golden Penny Mills',
        status: 'pending',
        expectedDelivery: '2026-11-23',
        totalAmount: 26_400,
        items: [['Flour', 26.4, 26_400]],
      },
      {
        supplier: 'Lesaffre',
        status: 'pending',
        expectedDelivery: '2026-11-23',
        totalAmount: 1392,
        items: [['Yeast', 464, 1392]],
      },
    ]);
  });

  it('refuses a past day and a day with nothing short', async () => {
    const past = await admin.post('/api/bake-plan/purchase-orders', { day: '2026-11-22' });
    expect(past.status).toBe(400);
    expect(past.body.errors).toEqual([
      { path: 'day', message: 'A day before today cannot be planned' },
    ]);
    const saturday = await admin.post('/api/bake-plan/purchase-orders', { day: '2026-11-28' });
    expect(saturday.status).toBe(400);
    expect(saturday.body.message).toBe('Nothing is short for 2026-11-28');
  });
});

describe('the batches of the plan', () => {
  it('creates one planned batch per mix, deducting the ingredients once', async () => {
    const reply = await admin.post<{ batches: ProductionBatch[]; skipped: string[] }>(
      '/api/bake-plan/batches',
      { day: '2026-11-24', adjustments: { 'Agege Bread': 4 } },
    );
    expect(reply.status).toBe(201);
    expect(reply.body.skipped).toEqual(['Wheat Bread']);
    expect(
      reply.body.batches.map((b) => [b.batchNumber, b.recipeName, b.flourKg, b.status, b.notes]),
    ).toEqual([
      ['PLAN-20261124-01', 'Agege Bread', 18.8, 'planned', 'Bake plan for 2026-11-24: mix 1 of 3'],
      ['PLAN-20261124-02', 'Agege Bread', 18.8, 'planned', 'Bake plan for 2026-11-24: mix 2 of 3'],
      ['PLAN-20261124-03', 'Agege Bread', 18.8, 'planned', 'Bake plan for 2026-11-24: mix 3 of 3'],
    ]);
    expect(await stockOf(flourItem)).toBe(-26.4);
    expect(await stockOf(yeast)).toBe(-464);
    const events = (await admin.get<AuditEvent[]>('/api/admin/audit?action=production.create'))
      .body;
    expect(events[0]).toMatchObject({
      status: 201,
      recordType: 'production_batch',
      summary: { input: { day: '2026-11-24', adjustments: { 'Agege Bread': 4 } } },
    });
    expect((await plan('?day=2026-11-24')).body.breads[0]?.plannedBatches).toBe(3);
    // Starting and completing a planned batch deducts nothing more.
    const first = reply.body.batches[0] as ProductionBatch;
    await admin.patch(`/api/production-batches/${first.id}`, { status: 'in_progress' });
    await admin.patch(`/api/production-batches/${first.id}`, {
      status: 'completed',
      loavesProduced: 50,
    });
    expect(await stockOf(flourItem)).toBe(-26.4);
    // 50 loaves from 18.8 kg: the recipe shows 2.66 beside the 2.5 set.
    const recipes = (await admin.get<Recipe[]>('/api/recipes')).body;
    expect(recipes.find((r) => r.id === agege.id)).toMatchObject({
      loavesPerKg: 2.5,
      averageLoavesPerKg: 2.66,
    });
  });

  it('refuses the same day a second time unless asked, changing nothing', async () => {
    const twice = await admin.post('/api/bake-plan/batches', { day: '2026-11-24' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(
      '2026-11-24 already has planned batches of Agege Bread: create them again only if you mean to bake more',
    );
    expect(await stockOf(flourItem)).toBe(-26.4);
    const again = await admin.post<{ batches: ProductionBatch[] }>('/api/bake-plan/batches', {
      day: '2026-11-24',
      again: true,
    });
    expect(again.status).toBe(201);
    // 137 loaves ÷ 2.5 = 54.8 kg: 3 mixes, numbered on from the day's first three.
    expect(again.body.batches.map((b) => [b.batchNumber, b.flourKg])).toEqual([
      ['PLAN-20261124-04', 18.267],
      ['PLAN-20261124-05', 18.267],
      ['PLAN-20261124-06', 18.266],
    ]);
  });

  it('creates all the batches or none', async () => {
    const sugar = await fixtures.addItem('Sugar', { currentStock: 100 });
    const sweet = await fixtures.addRecipe('Sweet Bread', {
      loavesPerKg: 2,
      ingredients: [{ itemId: sugar.id, quantity: 0.1, unit: 'kg' }],
    });
    expect(sweet.loavesPerKg).toBe(2);
    // Sugar moves to units: Sweet Bread's batch refuses it, so Agege's are not made either.
    const moved = await admin.patch(`/api/inventory/${sugar.id}`, { unit: 'units' });
    expect(moved.status).toBe(200);
    const before = await stockOf(flourItem);
    const reply = await admin.post('/api/bake-plan/batches', {
      day: '2026-11-25',
      adjustments: { 'Sweet Bread': 10 },
    });
    expect(reply.status).toBe(409);
    expect(reply.body.code).toBe('INGREDIENT_UNIT_CHANGED');
    expect(await stockOf(flourItem)).toBe(before);
    expect((await plan('?day=2026-11-25')).body.breads[0]?.plannedBatches).toBe(0);
  });

  it('refuses a day with nothing to bake and a past day', async () => {
    const saturday = await admin.post('/api/bake-plan/batches', { day: '2026-11-28' });
    expect(saturday.status).toBe(400);
    expect(saturday.body.message).toBe('Nothing to bake on 2026-11-28');
    const past = await admin.post('/api/bake-plan/batches', { day: '2026-11-20' });
    expect(past.status).toBe(400);
  });
});

describe('the yield on the recipe', () => {
  it.each([
    [0, 'Loaves per kg must be greater than 0'],
    [1.2345, 'Loaves per kg can have at most 3 decimal places'],
  ])('refuses %s loaves per kg with 400 on the field', async (loavesPerKg, message) => {
    const reply = await admin.patch(`/api/recipes/${agege.id}`, { loavesPerKg });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([{ path: 'loavesPerKg', message }]);
  });

  it('is cleared with null', async () => {
    const wheat = (await admin.get<Recipe[]>('/api/recipes')).body.find(
      (r) => r.name === 'Wheat Bread',
    ) as Recipe;
    const set = await admin.patch<Recipe>(`/api/recipes/${wheat.id}`, { loavesPerKg: 3.125 });
    expect(set.body.loavesPerKg).toBe(3.125);
    const cleared = await admin.patch<Recipe>(`/api/recipes/${wheat.id}`, { loavesPerKg: null });
    expect(cleared.body.loavesPerKg).toBeNull();
  });
});

describe('rights', () => {
  it('reads with Production read, creates batches with Production write, orders with Purchase Orders write', async () => {
    const reader = await userWithRole(
      testApp,
      admin,
      'planreader',
      await createRole(admin, 'Plan reader', { canRead: true, canWrite: false, canDelete: false }, [
        'production',
      ]),
    );
    const baker = await userWithRole(
      testApp,
      admin,
      'planbaker',
      await createRole(admin, 'Plan baker', { canRead: true, canWrite: true, canDelete: false }, [
        'production',
      ]),
    );
    const seller = await userWithRole(
      testApp,
      admin,
      'planseller',
      await createRole(admin, 'Plan seller', { canRead: true, canWrite: true, canDelete: true }, [
        'sales',
      ]),
    );
    expect((await plan('', reader)).status).toBe(200);
    expect((await plan('', seller)).status).toBe(403);
    expect((await reader.post('/api/bake-plan/batches', { day: '2026-11-26' })).status).toBe(403);
    const order = { day: '2026-11-26' };
    expect((await baker.post('/api/bake-plan/purchase-orders', order)).status).toBe(403);
    expect((await seller.post('/api/bake-plan/batches', order)).status).toBe(403);
  });
});
