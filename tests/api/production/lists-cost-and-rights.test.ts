import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { DashboardSummary } from '../../../src/domain/contracts/dashboard';
import {
  type BatchCost,
  type BatchSummary,
  batchSummarySchema,
  type ProductionBatch,
  productionBatchSchema,
} from '../../../src/domain/contracts/production';
import { productionHistorySummarySchema } from '../../../src/domain/contracts/production-history';
import { createRole, userWithRole } from '../../support/personas';
import { endsWithRollupsMatchingRecords } from '../../support/rollups';
import {
  admin,
  agege,
  createBatch,
  flourLoaf,
  movements,
  patch,
  setUpProductionApp,
  stock,
  testApp,
  yeast,
} from './setup';

setUpProductionApp();

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
    expect(reply.body).toEqual({ message: 'Production batch not found', code: 'NOT_FOUND' });
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
    expect(created.body).toEqual({
      message: 'You do not have permission to change Production',
      code: 'FORBIDDEN',
    });
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
    expect(batches.body).toEqual({
      message: 'You do not have permission to view Production',
      code: 'FORBIDDEN',
    });
    expect((await historian.get('/api/production-batches/summary')).status).toBe(403);
    const summary = await historian.get<DashboardSummary>('/api/dashboard/summary');
    expect(summary.body.production).toBeNull();
  });
});

describe('answers', () => {
  it('carry only the fields the contracts declare', async () => {
    const keysOf = (answer: object | undefined) => Object.keys(answer ?? {}).sort();
    const batchKeys = Object.keys(productionBatchSchema.shape).sort();
    const batch = await createBatch(agege, 1, { status: 'in_progress', notes: 'Declared' });
    const completed = (await patch(batch, { status: 'completed', loavesProduced: 3 })).body;
    const [listed] = (await admin.get<ProductionBatch[]>('/api/production-batches?limit=1')).body;
    const [done] = (await admin.get<ProductionBatch[]>('/api/production-history?limit=1')).body;
    for (const answer of [batch, completed, listed, done])
      expect(keysOf(answer)).toEqual(batchKeys);
    expect(keysOf((await admin.get('/api/production-batches/summary')).body)).toEqual(
      Object.keys(batchSummarySchema.shape).sort(),
    );
    expect(keysOf((await admin.get('/api/production-history/summary')).body)).toEqual(
      Object.keys(productionHistorySummarySchema.shape).sort(),
    );
  });
});

endsWithRollupsMatchingRecords(() => testApp.database.db);
