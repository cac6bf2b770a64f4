import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DashboardSummary } from '../../src/domain/dashboard';
import type { InventoryItem, StockMovement } from '../../src/domain/inventory-schemas';
import type {
  BatchCost,
  BatchSummary,
  ProductionBatch,
  ProductionHistorySummary,
} from '../../src/domain/production-schemas';
import type { Recipe } from '../../src/domain/recipe-schemas';
import { businessMonth } from '../../src/domain/time';
import { productionBatches } from '../../src/server/db/schema';
import type { ApiClient } from '../support/api-client';
import { createRole, firstAdmin, userWithRole } from '../support/personas';
import { endsWithRollupsMatchingRecords } from '../support/rollups';
import { createTestApp, type TestApp } from '../support/test-app';

const LAGOS = 'Africa/Lagos';
const ADMIN_NAME = 'Ada Baker admin';

let testApp: TestApp;
let admin: ApiClient;
let flour: InventoryItem;
let yeast: InventoryItem;
let salt: InventoryItem;
let oil: InventoryItem;
let sugar: InventoryItem;
let agege: Recipe;
let flourLoaf: Recipe;

/** Helpers bound to one app and its admin, so that a second database can use them too. */
function helpers(client: () => ApiClient) {
  let numbered = 0;
  async function addItem(
    name: string,
    unit: string,
    currentStock: number,
    unitCost: number,
    category = 'ingredients',
  ) {
    const reply = await client().post<InventoryItem>('/api/inventory', {
      name,
      category,
      unit,
      currentStock,
      minStock: 0,
      unitCost,
    });
    if (reply.status !== 201) throw new Error(JSON.stringify(reply.body));
    return reply.body;
  }

  async function addRecipe(name: string, extra: Record<string, unknown>) {
    const reply = await client().post<Recipe>('/api/recipes', { name, ...extra });
    if (reply.status !== 201) throw new Error(JSON.stringify(reply.body));
    return reply.body;
  }

  /**
   * Creates a batch with a number of its own (the default number repeats whenever two
   * timestamps end in the same 3 digits; the tests of the default number create theirs).
   */
  async function createBatch(recipe: Recipe, flourKg: number, extra: Record<string, unknown> = {}) {
    numbered += 1;
    const reply = await client().post<ProductionBatch>('/api/production-batches', {
      recipeId: recipe.id,
      flourKg,
      batchNumber: `T-${numbered}`,
      ...extra,
    });
    if (reply.status !== 201) throw new Error(JSON.stringify(reply.body));
    return reply.body;
  }

  const patch = (batch: { id: string }, body: Record<string, unknown>) =>
    client().patch<ProductionBatch>(`/api/production-batches/${batch.id}`, body);

  async function stock(...items: { id: string }[]) {
    const all = (await client().get<InventoryItem[]>('/api/inventory')).body;
    return items.map((item) => all.find((i) => i.id === item.id)?.currentStock);
  }

  const movements = async (item: { id: string }) =>
    (await client().get<StockMovement[]>(`/api/inventory/${item.id}/movements`)).body;

  return { addItem, addRecipe, createBatch, patch, stock, movements };
}

const { addItem, addRecipe, createBatch, patch, stock, movements } = helpers(() => admin);

/** The business date as yyyyMMdd in Lagos, worked out independently of the code under test. */
const lagosDigits = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: LAGOS }).format(at).replaceAll('-', '');

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await firstAdmin(testApp);
  // Sorts before "Bread Flour" but is packaging: never the flour item of the cost rule.
  await addItem('A Flour bag', 'kg', 10, 99_999, 'packaging');
  flour = await addItem('Bread Flour', 'kg', 1000, 1150.5);
  yeast = await addItem('Instant Yeast', 'kg', 10, 3500);
  salt = await addItem('Salt', 'g', 5000, 0.35);
  oil = await addItem('Vegetable Oil', 'liters', 20, 2400);
  sugar = await addItem('Sugar', 'kg', 50, 900.2);
  agege = await addRecipe('Agege Bread', {
    ingredients: [
      { itemId: yeast.id, quantity: 20, unit: 'g' },
      { itemId: salt.id, quantity: 0.018, unit: 'kg' },
      { itemId: oil.id, quantity: 30, unit: 'ml' },
      { itemId: sugar.id, quantity: 0.1, unit: 'kg' },
    ],
  });
  flourLoaf = await addRecipe('Flour Loaf', {
    baseFlourKg: 2,
    ingredients: [
      { itemId: flour.id, quantity: 2, unit: 'kg' },
      { itemId: yeast.id, quantity: 30, unit: 'g' },
    ],
  });
});
afterAll(() => testApp.close());
afterEach(() => {
  vi.useRealTimers();
});

describe('creating a batch', () => {
  it('deducts every ingredient scaled by flour and converted to the item unit', async () => {
    expect(await stock(flour, yeast, salt, oil, sugar)).toEqual([1000, 10, 5000, 20, 50]);
    const reply = await admin.post<ProductionBatch>('/api/production-batches', {
      recipeId: agege.id,
      recipeName: 'Whatever the form sent',
      flourKg: 25,
      doughSizeGrams: 500,
      notes: 'Morning shift',
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      id: expect.any(String),
      batchNumber: expect.stringMatching(/^BATCH-\d{8}-\d{3}$/),
      recipeId: agege.id,
      recipeName: 'Agege Bread',
      flourKg: 25,
      doughSizeGrams: 500,
      status: 'planned',
      startedAt: null,
      completedAt: null,
      loavesProduced: null,
      notes: 'Morning shift',
      createdAt: expect.any(String),
    });
    // 20 g × 25 = 0.5 kg; 0.018 kg × 25 = 450 g; 30 ml × 25 = 0.75 liters; 0.1 kg × 25 = 2.5 kg.
    // The recipe names no flour item, so no flour is taken.
    expect(await stock(flour, yeast, salt, oil, sugar)).toEqual([1000, 9.5, 4550, 19.25, 47.5]);

    const reference = reply.body.batchNumber;
    for (const [item, quantityChange] of [
      [yeast, -0.5],
      [salt, -450],
      [oil, -0.75],
      [sugar, -2.5],
    ] as const) {
      const [latest] = await movements(item);
      expect(latest).toMatchObject({
        quantityChange,
        reason: 'production',
        reference,
        userName: ADMIN_NAME,
      });
    }
    expect((await movements(flour)).map((m) => m.reason)).toEqual(['initial_stock']);
  });

  it('scales by flourKg / baseFlourKg: 10 kg of a 2 kg recipe takes 5 times its lines', async () => {
    const [flourBefore, yeastBefore] = await stock(flour, yeast);
    const batch = await createBatch(flourLoaf, 10);
    expect(await stock(flour, yeast)).toEqual([
      (flourBefore as number) - 10,
      Math.round(((yeastBefore as number) - 0.15) * 1000) / 1000,
    ]);
    const [latestFlour] = await movements(flour);
    expect(latestFlour).toMatchObject({ quantityChange: -10, reference: batch.batchNumber });
    const [latestYeast] = await movements(yeast);
    expect(latestYeast).toMatchObject({ quantityChange: -0.15, reference: batch.batchNumber });
  });

  it('numbers a batch BATCH-{Lagos date}-{last 3 timestamp digits} by default', async () => {
    const first = (await admin.get<ProductionBatch[]>('/api/production-batches?limit=500')).body.at(
      -1,
    );
    const digits = /^BATCH-(\d{8})-\d{3}$/.exec(first?.batchNumber ?? '')?.[1];
    expect([lagosDigits(new Date(first?.createdAt ?? 0)), lagosDigits(new Date())]).toContain(
      digits,
    );

    // 23:30 UTC on 5 January is 00:30 on the 6th in Lagos.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-01-05T23:30:00.042Z') });
    const reply = await admin.post<ProductionBatch>('/api/production-batches', {
      recipeId: agege.id,
      flourKg: 1,
    });
    expect(reply.status).toBe(201);
    expect(reply.body.batchNumber).toBe('BATCH-20260106-042');
  });

  it('gives a batch created without a number a free one, though timestamps end alike', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-01-07T09:00:00.314Z') });
    const first = await admin.post<ProductionBatch>('/api/production-batches', {
      recipeId: agege.id,
      flourKg: 1,
    });
    expect(first.body.batchNumber).toBe('BATCH-20260107-314');
    // Five seconds later, the same day: the timestamp again ends in 314.
    vi.setSystemTime(new Date('2026-01-07T09:00:05.314Z'));
    const second = await admin.post<ProductionBatch>('/api/production-batches', {
      recipeId: agege.id,
      flourKg: 1,
    });
    expect(second.status).toBe(201);
    expect(second.body.batchNumber).toMatch(/^BATCH-20260107-\d{3}$/);
    expect(second.body.batchNumber).not.toBe(first.body.batchNumber);
  });

  it('keeps a batch number given, and refuses a duplicate in any case with 409', async () => {
    const batch = await createBatch(agege, 1, { batchNumber: 'AGG-2026-001' });
    expect(batch.batchNumber).toBe('AGG-2026-001');
    const [yeastBefore] = await stock(yeast);
    const again = await admin.post('/api/production-batches', {
      recipeId: agege.id,
      flourKg: 1,
      batchNumber: 'agg-2026-001',
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      message: 'Batch number already exists',
      errors: [{ path: 'batchNumber', message: 'Batch number already exists' }],
    });
    // Nothing was taken for the refused batch.
    expect(await stock(yeast)).toEqual([yeastBefore]);
  });

  it('starts a batch created in progress at once', async () => {
    const before = Date.now();
    const batch = await createBatch(agege, 2, { status: 'in_progress' });
    expect(batch.status).toBe('in_progress');
    const startedAt = new Date(batch.startedAt as string).getTime();
    expect(startedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(startedAt).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('lets stock go negative: the spec only warns', async () => {
    const improver = await addItem('Bread Improver', 'kg', 0.1, 5000);
    const recipe = await addRecipe('Improved Bread', {
      ingredients: [{ itemId: improver.id, quantity: 0.05, unit: 'kg' }],
    });
    const batch = await createBatch(recipe, 10);
    expect(await stock(improver)).toEqual([-0.4]);
    const [latest] = await movements(improver);
    expect(latest).toMatchObject({ quantityChange: -0.5, reference: batch.batchNumber });
  });

  it('deducts without float noise: 0.1 kg per kg, over and over', async () => {
    const caster = await addItem('Caster Sugar', 'kg', 1, 1000);
    const palmOil = await addItem('Palm Oil', 'liters', 1, 1000);
    const recipe = await addRecipe('Sweet Bread', {
      ingredients: [
        { itemId: caster.id, quantity: 0.1, unit: 'kg' },
        { itemId: palmOil.id, quantity: 100, unit: 'ml' },
      ],
    });
    await createBatch(recipe, 3); // 0.1 × 3 is 0.30000000000000004 in floating point
    expect(await stock(caster, palmOil)).toEqual([0.7, 0.7]);
    await createBatch(recipe, 1);
    await createBatch(recipe, 1);
    await createBatch(recipe, 0.7); // 0.07
    expect(await stock(caster, palmOil)).toEqual([0.43, 0.43]);
    expect((await movements(caster)).map((m) => m.quantityChange)).toEqual([
      -0.07, -0.1, -0.1, -0.3, 1,
    ]);
  });

  it.each([
    [{ flourKg: 0 }, 'flourKg', 'Flour must be greater than 0'],
    [{ flourKg: -5 }, 'flourKg', 'Flour must be greater than 0'],
    [{ doughSizeGrams: 450.5 }, 'doughSizeGrams', 'Dough size must be whole grams'],
    [{ status: 'completed' }, 'status', 'A new batch can only be planned or in progress'],
    [{ recipeId: 'agege' }, 'recipeId', 'Choose a recipe'],
  ])('refuses %j with 400 on %s', async (extra, path, message) => {
    const reply = await admin.post('/api/production-batches', {
      recipeId: agege.id,
      flourKg: 5,
      ...extra,
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message, errors: [{ path, message }] });
  });

  it('answers 404 for a recipe that does not exist', async () => {
    const reply = await admin.post('/api/production-batches', {
      recipeId: randomUUID(),
      flourKg: 5,
    });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ message: 'Recipe not found' });
  });

  it('refuses with 409, taking nothing, when an item has changed unit since the recipe', async () => {
    const margarine = await addItem('Margarine', 'kg', 5, 2000);
    const recipe = await addRecipe('Margarine Bread', {
      ingredients: [
        { itemId: yeast.id, quantity: 10, unit: 'g' },
        { itemId: margarine.id, quantity: 50, unit: 'g' },
      ],
    });
    expect((await admin.patch(`/api/inventory/${margarine.id}`, { unit: 'units' })).status).toBe(
      200,
    );
    const [yeastBefore] = await stock(yeast);
    const total = (await admin.get<BatchSummary>('/api/production-batches/summary')).body.total;

    const reply = await admin.post('/api/production-batches', { recipeId: recipe.id, flourKg: 2 });
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({
      message: 'Margarine is kept in units, so it cannot be measured in g',
    });
    expect(await stock(yeast, margarine)).toEqual([yeastBefore, 5]);
    expect((await admin.get<BatchSummary>('/api/production-batches/summary')).body.total).toBe(
      total,
    );
  });

  it('creates one of two batches given the same number at the same moment', async () => {
    const [yeastBefore] = await stock(yeast);
    const replies = await Promise.all([
      admin.post('/api/production-batches', {
        recipeId: agege.id,
        flourKg: 10,
        batchNumber: 'RACE-1',
      }),
      admin.post('/api/production-batches', {
        recipeId: agege.id,
        flourKg: 10,
        batchNumber: 'RACE-1',
      }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await stock(yeast)).toEqual([Math.round(((yeastBefore as number) - 0.2) * 1000) / 1000]);
  });

  it('creates one of two batches given the same number in different case at the same moment', async () => {
    const replies = await Promise.all([
      admin.post('/api/production-batches', {
        recipeId: agege.id,
        flourKg: 1,
        batchNumber: 'RACE-2',
      }),
      admin.post('/api/production-batches', {
        recipeId: agege.id,
        flourKg: 1,
        batchNumber: 'race-2',
      }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
    const all = (await admin.get<ProductionBatch[]>('/api/production-batches?limit=500')).body;
    expect(all.filter((b) => b.batchNumber.toLowerCase() === 'race-2')).toHaveLength(1);
  });
});

describe('starting and completing', () => {
  it('starts a planned batch now, and refuses to start it twice', async () => {
    const batch = await createBatch(agege, 1);
    const before = Date.now();
    const started = await patch(batch, { status: 'in_progress' });
    expect(started.status).toBe(200);
    expect(started.body).toEqual({
      ...batch,
      status: 'in_progress',
      startedAt: expect.any(String),
    });
    const startedAt = new Date(started.body.startedAt as string).getTime();
    expect(startedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(startedAt).toBeLessThanOrEqual(Date.now() + 1000);

    const again = await patch(batch, { status: 'in_progress' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'This batch has already started' });
  });

  it('takes a start time given, a date alone meaning Lagos midnight', async () => {
    const exact = await patch(await createBatch(agege, 1), {
      status: 'in_progress',
      startedAt: '2026-06-01T08:15:00+01:00',
    });
    expect(exact.body.startedAt).toBe('2026-06-01T07:15:00.000Z');
    const dateOnly = await patch(await createBatch(agege, 1), {
      status: 'in_progress',
      startedAt: '2026-06-01',
    });
    expect(dateOnly.body.startedAt).toBe('2026-05-31T23:00:00.000Z');
  });

  it('refuses a start time in the future', async () => {
    const batch = await createBatch(agege, 1);
    const reply = await patch(batch, {
      status: 'in_progress',
      startedAt: new Date(Date.now() + 24 * 3_600_000).toISOString(),
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      message: 'Start time cannot be in the future',
      errors: [{ path: 'startedAt', message: 'Start time cannot be in the future' }],
    });
  });

  it('completes with the loaves produced, now by default', async () => {
    const batch = await createBatch(agege, 5, { status: 'in_progress' });
    const before = Date.now();
    const reply = await patch(batch, { status: 'completed', loavesProduced: 120 });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      ...batch,
      status: 'completed',
      loavesProduced: 120,
      completedAt: expect.any(String),
    });
    const completedAt = new Date(reply.body.completedAt as string).getTime();
    expect(completedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(completedAt).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('completes a planned batch directly, leaving it never started', async () => {
    const batch = await createBatch(agege, 5);
    const reply = await patch(batch, {
      status: 'completed',
      loavesProduced: 1,
      completedAt: '2026-11-01T10:00:00Z',
    });
    expect(reply.body).toMatchObject({
      status: 'completed',
      startedAt: null,
      completedAt: '2026-11-01T10:00:00.000Z',
      loavesProduced: 1,
    });
  });

  it.each([[0], [-1]])('refuses %i loaves with the spec message', async (loavesProduced) => {
    const batch = await createBatch(agege, 1);
    const reply = await patch(batch, { status: 'completed', loavesProduced });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      message: 'Number of loaves must be at least 1',
      errors: [{ path: 'loavesProduced', message: 'Number of loaves must be at least 1' }],
    });
  });

  it('refuses a completion time before the start or in the future', async () => {
    const batch = await createBatch(agege, 1);
    await patch(batch, { status: 'in_progress', startedAt: '2026-06-01T08:00:00Z' });
    const early = await patch(batch, {
      status: 'completed',
      loavesProduced: 10,
      completedAt: '2026-06-01T07:59:59Z',
    });
    expect(early.status).toBe(400);
    expect(early.body).toEqual({
      message: 'Completion time cannot be before the start time',
      errors: [{ path: 'completedAt', message: 'Completion time cannot be before the start time' }],
    });
    const future = await patch(batch, {
      status: 'completed',
      loavesProduced: 10,
      completedAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(future.status).toBe(400);
    expect(future.body).toEqual({
      message: 'Completion time cannot be in the future',
      errors: [{ path: 'completedAt', message: 'Completion time cannot be in the future' }],
    });
    const onTime = await patch(batch, {
      status: 'completed',
      loavesProduced: 10,
      completedAt: '2026-06-01T08:00:00Z',
    });
    expect(onTime.status).toBe(200);
  });

  it('treats completed and cancelled batches as final: every change is a 409', async () => {
    const completed = await createBatch(agege, 10);
    await patch(completed, { status: 'completed', loavesProduced: 50 });
    const cancelled = await createBatch(agege, 10);
    await patch(cancelled, { status: 'cancelled' });
    const [yeastBefore] = await stock(yeast);

    for (const change of [
      { status: 'in_progress' },
      { status: 'completed', loavesProduced: 60 },
      { status: 'cancelled' },
    ]) {
      const a = await patch(completed, change);
      expect(a.status).toBe(409);
      expect(a.body).toEqual({ message: 'This batch has already been completed' });
      const b = await patch(cancelled, change);
      expect(b.status).toBe(409);
      expect(b.body).toEqual({ message: 'This batch has been cancelled' });
    }
    // Cancelling a completed batch gave nothing back, and a cancelled one gave back only once.
    expect(await stock(yeast)).toEqual([yeastBefore]);
    const completedNow = await admin.get<ProductionBatch[]>('/api/production-batches?limit=500');
    expect(completedNow.body.find((b) => b.id === completed.id)).toMatchObject({
      status: 'completed',
      loavesProduced: 50,
    });
  });

  it('answers 404 for a batch that does not exist, and 400 for a status it cannot take', async () => {
    const missing = await admin.patch(`/api/production-batches/${randomUUID()}`, {
      status: 'cancelled',
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Production batch not found' });
    const batch = await createBatch(agege, 1);
    const planned = await patch(batch, { status: 'planned' });
    expect(planned.status).toBe(400);
    expect(planned.body).toEqual({
      message: 'Status must be in_progress, completed or cancelled',
      errors: [{ path: 'status', message: 'Status must be in_progress, completed or cancelled' }],
    });
  });
});

describe('cancelling', () => {
  it('restores exactly what the batch took, even after its recipe was edited', async () => {
    const recipe = await addRecipe('Cancel Bread', {
      ingredients: [
        { itemId: yeast.id, quantity: 20, unit: 'g' },
        { itemId: salt.id, quantity: 0.018, unit: 'kg' },
        { itemId: oil.id, quantity: 30, unit: 'ml' },
      ],
    });
    const before = await stock(yeast, salt, oil, sugar);
    const batch = await createBatch(recipe, 12.5);
    // 0.25 kg of yeast, 225 g of salt, 0.375 liters of oil.
    const during = await stock(yeast, salt, oil);
    expect(
      during.map((value, i) => Math.round(((before[i] as number) - (value as number)) * 1000)),
    ).toEqual([250, 225_000, 375]);

    const edited = await admin.patch(`/api/recipes/${recipe.id}`, {
      baseFlourKg: 2,
      ingredients: [
        { itemId: yeast.id, quantity: 100, unit: 'g' },
        { itemId: sugar.id, quantity: 1, unit: 'kg' },
      ],
    });
    expect(edited.status).toBe(200);

    const cancelled = await patch(batch, { status: 'cancelled' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toEqual({ ...batch, status: 'cancelled' });
    expect(await stock(yeast, salt, oil, sugar)).toEqual(before);

    for (const [item, quantityChange] of [
      [yeast, 0.25],
      [salt, 225],
      [oil, 0.375],
    ] as const) {
      const [latest] = await movements(item);
      expect(latest).toMatchObject({
        quantityChange,
        reason: 'production_cancelled',
        reference: batch.batchNumber,
        userName: ADMIN_NAME,
      });
    }
    expect((await movements(sugar)).some((m) => m.reference === batch.batchNumber)).toBe(false);
  });

  it('restores an in-progress batch too', async () => {
    const before = await stock(yeast, salt, oil, sugar);
    const batch = await createBatch(agege, 7.5, { status: 'in_progress' });
    expect(await stock(yeast, salt, oil, sugar)).not.toEqual(before);
    const reply = await patch(batch, { status: 'cancelled' });
    expect(reply.body.status).toBe('cancelled');
    expect(reply.body.startedAt).toBe(batch.startedAt);
    expect(await stock(yeast, salt, oil, sugar)).toEqual(before);
  });

  it('restores once when the same batch is cancelled twice at the same moment', async () => {
    const before = await stock(yeast, salt, oil, sugar);
    const batch = await createBatch(agege, 20);
    const replies = await Promise.all([
      patch(batch, { status: 'cancelled' }),
      patch(batch, { status: 'cancelled' }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.status === 409)?.body).toEqual({
      message: 'This batch has been cancelled',
    });
    expect(await stock(yeast, salt, oil, sugar)).toEqual(before);
    const restored = (await movements(yeast)).filter(
      (m) => m.reference === batch.batchNumber && m.reason === 'production_cancelled',
    );
    expect(restored).toHaveLength(1);
  });
});

describe('lists and cost', () => {
  it('lists batches newest first, with limit and offset', async () => {
    const first = await createBatch(agege, 1, { batchNumber: 'LIST-1' });
    const second = await createBatch(agege, 1, { batchNumber: 'LIST-2' });
    const third = await createBatch(agege, 1, { batchNumber: 'LIST-3' });
    const top = await admin.get<ProductionBatch[]>('/api/production-batches?limit=3');
    expect(top.status).toBe(200);
    expect(top.body).toEqual([third, second, first]);
    const page = await admin.get<ProductionBatch[]>('/api/production-batches?limit=2&offset=1');
    expect(page.body.map((b) => b.batchNumber)).toEqual(['LIST-2', 'LIST-1']);

    const all = (await admin.get<ProductionBatch[]>('/api/production-batches?limit=500')).body;
    const times = all.map((b) => new Date(b.createdAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await admin.get('/api/production-batches?limit=501')).status).toBe(400);
    expect((await admin.get('/api/production-batches?offset=-1')).status).toBe(400);
  });

  it('counts all batches and those in progress', async () => {
    const summary = async () =>
      (await admin.get<BatchSummary>('/api/production-batches/summary')).body;
    const all = (await admin.get<ProductionBatch[]>('/api/production-batches?limit=500')).body;
    const before = await summary();
    expect(before).toEqual({
      total: all.length,
      inProgress: all.filter((b) => b.status === 'in_progress').length,
    });
    const started = await createBatch(agege, 1, { status: 'in_progress' });
    await createBatch(agege, 1);
    expect(await summary()).toEqual({ total: before.total + 2, inProgress: before.inProgress + 1 });
    await patch(started, { status: 'completed', loavesProduced: 5 });
    expect(await summary()).toEqual({ total: before.total + 2, inProgress: before.inProgress });
  });

  it('costs a batch to the kobo, adding the flour when the recipe has no flour item', async () => {
    const batch = await createBatch(agege, 25);
    const reply = await admin.get<BatchCost>(`/api/production-batches/${batch.id}/cost`);
    expect(reply.status).toBe(200);
    // Yeast 0.5 × 3,500 = 1,750.00; salt 450 × 0.35 = 157.50; oil 0.75 × 2,400 = 1,800.00;
    // sugar 2.5 × 900.20 = 2,250.50; Bread Flour (not the packaging "A Flour bag")
    // 25 × 1,150.50 = 28,762.50. Total 34,720.50.
    expect(reply.body).toEqual({ ingredientCost: 34_720.5 });
  });

  it('costs only the recipe lines when the recipe has its own flour', async () => {
    const batch = await createBatch(flourLoaf, 10);
    // Flour 10 × 1,150.50 = 11,505.00; yeast 0.15 × 3,500 = 525.00.
    expect((await admin.get(`/api/production-batches/${batch.id}/cost`)).body).toEqual({
      ingredientCost: 12_030,
    });
  });

  it('answers 404 for the cost of a batch that does not exist', async () => {
    const reply = await admin.get(`/api/production-batches/${randomUUID()}/cost`);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ message: 'Production batch not found' });
  });
});

describe('permissions', () => {
  it('lets a production reader list and cost batches but not create or change them', async () => {
    const batch = await createBatch(agege, 1);
    const reader = await userWithRole(
      testApp,
      admin,
      'production_reader',
      await createRole(
        admin,
        'Production readers',
        { canRead: true, canWrite: false, canDelete: false },
        ['production'],
      ),
    );
    expect((await reader.get('/api/production-batches')).status).toBe(200);
    expect((await reader.get('/api/production-batches/summary')).status).toBe(200);
    expect((await reader.get(`/api/production-batches/${batch.id}/cost`)).status).toBe(200);
    const created = await reader.post('/api/production-batches', {
      recipeId: agege.id,
      flourKg: 1,
    });
    expect(created.status).toBe(403);
    expect(created.body).toEqual({ message: 'You do not have permission to change Production' });
    expect(
      (await reader.patch(`/api/production-batches/${batch.id}`, { status: 'cancelled' })).status,
    ).toBe(403);
    expect(
      (await admin.get<ProductionBatch[]>('/api/production-batches?limit=1')).body[0]?.status,
    ).toBe('planned');
    // Reading batches is not reading recipes: the batch form's look-up needs the write right.
    expect((await reader.get('/api/recipes')).status).toBe(403);
  });

  it('lets a production writer make a batch, which takes stock it cannot otherwise touch', async () => {
    const baker = await userWithRole(
      testApp,
      admin,
      'baker',
      await createRole(admin, 'Bakers', { canRead: true, canWrite: true, canDelete: false }, [
        'production',
      ]),
    );
    expect((await baker.get('/api/recipes')).status).toBe(200);
    expect((await baker.get('/api/inventory')).status).toBe(200);
    const [yeastBefore] = await stock(yeast);
    const reply = await baker.post<ProductionBatch>('/api/production-batches', {
      recipeId: agege.id,
      flourKg: 5,
      batchNumber: 'BAKER-1',
    });
    expect(reply.status).toBe(201);
    expect(await stock(yeast)).toEqual([Math.round(((yeastBefore as number) - 0.1) * 1000) / 1000]);
    const [latest] = await movements(yeast);
    expect(latest).toMatchObject({ reference: reply.body.batchNumber, userName: 'Test baker' });
    expect(
      (await baker.patch(`/api/production-batches/${reply.body.id}`, { status: 'in_progress' }))
        .status,
    ).toBe(200);
    expect((await baker.post('/api/recipes', { name: 'X', ingredients: [] })).status).toBe(403);
    expect((await baker.patch(`/api/inventory/${yeast.id}`, { currentStock: 100 })).status).toBe(
      403,
    );
    expect((await baker.get('/api/production-history')).status).toBe(403);
  });

  it('lets a production history reader read the history but not the batches', async () => {
    const historian = await userWithRole(
      testApp,
      admin,
      'historian',
      await createRole(admin, 'Historians', { canRead: true, canWrite: false, canDelete: false }, [
        'production_history',
      ]),
    );
    const history = await historian.get<ProductionBatch[]>('/api/production-history');
    expect(history.status).toBe(200);
    expect(history.body.every((b) => b.status === 'completed')).toBe(true);
    expect(history.body.length).toBeGreaterThan(0);
    expect((await historian.get('/api/production-history/summary')).status).toBe(200);
    const batches = await historian.get('/api/production-batches');
    expect(batches.status).toBe(403);
    expect(batches.body).toEqual({ message: 'You do not have permission to view Production' });
    expect((await historian.get('/api/production-batches/summary')).status).toBe(403);
    const summary = await historian.get<DashboardSummary>('/api/dashboard/summary');
    expect(summary.body.production).toBeNull();
  });
});

describe('production history and the dashboard, on their own database', () => {
  let own: TestApp;
  let boss: ApiClient;
  const h = helpers(() => boss);
  let recipe: Recipe;
  const batches: Record<string, ProductionBatch> = {};

  beforeAll(async () => {
    own = await createTestApp();
    boss = await firstAdmin(own);
    const item = await h.addItem('Yeast', 'kg', 100, 3000);
    recipe = await h.addRecipe('Agege Bread', {
      ingredients: [{ itemId: item.id, quantity: 10, unit: 'g' }],
    });
  });
  afterAll(() => own.close());

  const summary = async () =>
    (await boss.get<ProductionHistorySummary>('/api/production-history/summary')).body;
  const history = async (query = '') =>
    (await boss.get<ProductionBatch[]>(`/api/production-history${query}`)).body;
  const moveCompletion = (batch: ProductionBatch, completedAt: Date) =>
    own.database.db
      .update(productionBatches)
      .set({ completedAt })
      .where(eq(productionBatches.id, batch.id));

  it('is empty with no completed batch: no change and an average of 0', async () => {
    expect(await summary()).toEqual({
      totalKg: 0,
      completedBatches: 0,
      thisMonthKg: 0,
      lastMonthKg: 0,
      changePercent: null,
      averageBatchKg: 0,
    });
    expect(await history()).toEqual([]);
  });

  it('lists only completed batches, by completion time, newest first', async () => {
    const now = Date.now();
    batches.a = await h.createBatch(recipe, 25, { batchNumber: 'H-A' });
    batches.b = await h.createBatch(recipe, 50.5, { batchNumber: 'H-B' });
    batches.c = await h.createBatch(recipe, 10, { batchNumber: 'H-C' });
    batches.d = await h.createBatch(recipe, 30, { batchNumber: 'H-D' });
    batches.e = await h.createBatch(recipe, 12, { batchNumber: 'H-E', status: 'in_progress' });
    batches.f = await h.createBatch(recipe, 8, { batchNumber: 'H-F' });
    // Completed in the order A, B, F, but F finished first and B last.
    await h.patch(batches.a, {
      status: 'completed',
      loavesProduced: 100,
      completedAt: new Date(now - 60_000).toISOString(),
    });
    await h.patch(batches.b, { status: 'completed', loavesProduced: 210 });
    await h.patch(batches.f, {
      status: 'completed',
      loavesProduced: 30,
      completedAt: new Date(now - 120_000).toISOString(),
    });
    await h.patch(batches.d, { status: 'cancelled' });

    const list = await history();
    expect(list.map((b) => b.batchNumber)).toEqual(['H-B', 'H-A', 'H-F']);
    expect(list.map((b) => b.loavesProduced)).toEqual([210, 100, 30]);
    expect(list.every((b) => b.status === 'completed')).toBe(true);
    expect((await history('?limit=1&offset=1')).map((b) => b.batchNumber)).toEqual(['H-A']);
    expect((await boss.get('/api/production-history?limit=0')).status).toBe(400);
  });

  it('sums completed flour, this month and last, with no change while last month is 0', async () => {
    // 25 + 50.5 + 8 = 83.5 kg over 3 batches: 27.8 kg on average.
    expect(await summary()).toEqual({
      totalKg: 83.5,
      completedBatches: 3,
      thisMonthKg: 83.5,
      lastMonthKg: 0,
      changePercent: null,
      averageBatchKg: 27.8,
    });
  });

  it('compares with last month by the Lagos calendar', async () => {
    const thisMonth = businessMonth(new Date(), LAGOS);
    const lastMonth = businessMonth(new Date(), LAGOS, 1);
    // A in the middle of last month.
    await moveCompletion(
      batches.a as ProductionBatch,
      new Date(lastMonth.start.getTime() + 36 * 3_600_000),
    );
    expect(await summary()).toEqual({
      totalKg: 83.5,
      completedBatches: 3,
      thisMonthKg: 58.5,
      lastMonthKg: 25,
      changePercent: 134, // (58.5 - 25) / 25
      averageBatchKg: 27.8,
    });

    // F at 23:30 Lagos on the last day of last month (22:30 UTC); B at 00:30 Lagos on the 1st.
    await moveCompletion(
      batches.f as ProductionBatch,
      new Date(thisMonth.start.getTime() - 30 * 60_000),
    );
    await moveCompletion(
      batches.b as ProductionBatch,
      new Date(thisMonth.start.getTime() + 30 * 60_000),
    );
    expect(await summary()).toEqual({
      totalKg: 83.5,
      completedBatches: 3,
      thisMonthKg: 50.5,
      lastMonthKg: 33,
      changePercent: 53, // (50.5 - 33) / 33 = 53.03
      averageBatchKg: 27.8,
    });

    // Two months ago counts in the total but in neither month.
    await moveCompletion(
      batches.a as ProductionBatch,
      new Date(lastMonth.start.getTime() - 3_600_000),
    );
    expect(await summary()).toMatchObject({
      totalKg: 83.5,
      thisMonthKg: 50.5,
      lastMonthKg: 8,
      changePercent: 531.3, // (50.5 - 8) / 8
    });
    expect((await history()).map((b) => b.batchNumber)).toEqual(['H-B', 'H-F', 'H-A']);
  });

  it("shows today's flour of batches not cancelled, and the 3 newest batches", async () => {
    const dashboard = (await boss.get<DashboardSummary>('/api/dashboard/summary')).body;
    // A 25 + B 50.5 + C 10 + E 12 + F 8, all made today; D (30) was cancelled.
    expect(dashboard.production?.todaysFlourKg).toBe(105.5);
    expect(dashboard.production?.recentBatches).toEqual(
      (
        [
          [batches.f, 'completed'],
          [batches.e, 'in_progress'],
          [batches.d, 'cancelled'],
        ] as const
      ).map(([b, status]) => ({
        id: b?.id,
        recipeName: 'Agege Bread',
        batchNumber: b?.batchNumber,
        flourKg: b?.flourKg,
        status,
        createdAt: b?.createdAt,
      })),
    );

    const next = await h.createBatch(recipe, 4.25, { batchNumber: 'H-G' });
    const after = (await boss.get<DashboardSummary>('/api/dashboard/summary')).body;
    expect(after.production?.todaysFlourKg).toBe(109.75);
    expect(after.production?.recentBatches.map((b) => b.batchNumber)).toEqual([
      'H-G',
      'H-F',
      'H-E',
    ]);
    await h.patch(next, { status: 'cancelled' });
    expect(
      (await boss.get<DashboardSummary>('/api/dashboard/summary')).body.production?.todaysFlourKg,
    ).toBe(105.5);
  });
});

endsWithRollupsMatchingRecords(() => testApp.database.db);
