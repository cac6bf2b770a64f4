import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { BatchSummary, ProductionBatch } from '../../../src/domain/contracts/production';
import { inventoryItems } from '../../../src/server/db/schema';
import { endsWithRollupsMatchingRecords } from '../../support/rollups';
import {
  ADMIN_NAME,
  addItem,
  addRecipe,
  admin,
  agege,
  createBatch,
  flour,
  flourLoaf,
  lagosDigits,
  movements,
  oil,
  salt,
  setUpProductionApp,
  stock,
  sugar,
  testApp,
  yeast,
} from './setup';

setUpProductionApp();

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
      code: 'BATCH_NUMBER_TAKEN',
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
    expect(reply.body).toEqual({ message, code: 'INVALID_INPUT', errors: [{ path, message }] });
  });

  it('answers 404 for a recipe that does not exist', async () => {
    const reply = await admin.post('/api/production-batches', {
      recipeId: randomUUID(),
      flourKg: 5,
    });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ message: 'Recipe not found', code: 'NOT_FOUND' });
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
      code: 'INGREDIENT_UNIT_CHANGED',
    });
    expect(await stock(yeast, margarine)).toEqual([yeastBefore, 5]);
    expect((await admin.get<BatchSummary>('/api/production-batches/summary')).body.total).toBe(
      total,
    );
  });

  it('refuses with 409, taking nothing, when an ingredient is no longer in inventory', async () => {
    const raisins = await addItem('Raisins', 'kg', 0, 1500);
    const recipe = await addRecipe('Raisin Bread', {
      ingredients: [
        { itemId: yeast.id, quantity: 10, unit: 'g' },
        { itemId: raisins.id, quantity: 0.2, unit: 'kg' },
      ],
    });
    // The app archives an item a recipe needs; only a change outside it removes one.
    await testApp.database.db.delete(inventoryItems).where(eq(inventoryItems.id, raisins.id));
    const [yeastBefore] = await stock(yeast);

    const reply = await admin.post('/api/production-batches', { recipeId: recipe.id, flourKg: 2 });
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({
      message: 'An ingredient of Raisin Bread is no longer in inventory; edit the recipe',
      code: 'BATCH_INGREDIENT_GONE',
    });
    expect(await stock(yeast)).toEqual([yeastBefore]);
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

endsWithRollupsMatchingRecords(() => testApp.database.db);
