import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardSummary } from '../../../src/domain/contracts/dashboard';
import type { ProductionBatch } from '../../../src/domain/contracts/production';
import type { ProductionHistorySummary } from '../../../src/domain/contracts/production-history';
import type { Recipe } from '../../../src/domain/contracts/recipes';
import { businessMonth } from '../../../src/domain/time';
import { productionBatches } from '../../../src/server/db/schema';
import type { ApiClient } from '../../support/api-client';
import { firstAdmin } from '../../support/personas';
import { endsWithRollupsMatchingRecords } from '../../support/rollups';
import { createTestApp, type TestApp } from '../../support/test-app';
import { helpers, LAGOS } from './setup';

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

  endsWithRollupsMatchingRecords(() => own.database.db);
});
