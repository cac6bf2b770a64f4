import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ProductionBatch } from '../../../src/domain/contracts/production';
import { endsWithRollupsMatchingRecords } from '../../support/rollups';
import {
  ADMIN_NAME,
  addRecipe,
  admin,
  agege,
  createBatch,
  movements,
  oil,
  patch,
  salt,
  setUpProductionApp,
  stock,
  sugar,
  testApp,
  yeast,
} from './setup';

setUpProductionApp();

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
    expect(again.body).toEqual({
      message: 'This batch has already started',
      code: 'BATCH_ALREADY_STARTED',
    });
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
      code: 'INVALID_INPUT',
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
      code: 'INVALID_INPUT',
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
      code: 'INVALID_INPUT',
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
      code: 'INVALID_INPUT',
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
      expect(a.body).toEqual({
        message: 'This batch has already been completed',
        code: 'BATCH_ALREADY_COMPLETED',
      });
      const b = await patch(cancelled, change);
      expect(b.status).toBe(409);
      expect(b.body).toEqual({ message: 'This batch has been cancelled', code: 'BATCH_CANCELLED' });
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
    expect(missing.body).toEqual({ message: 'Production batch not found', code: 'NOT_FOUND' });
    const batch = await createBatch(agege, 1);
    const planned = await patch(batch, { status: 'planned' });
    expect(planned.status).toBe(400);
    expect(planned.body).toEqual({
      message: 'Status must be in_progress, completed or cancelled',
      code: 'INVALID_INPUT',
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
      code: 'BATCH_CANCELLED',
    });
    expect(await stock(yeast, salt, oil, sugar)).toEqual(before);
    const restored = (await movements(yeast)).filter(
      (m) => m.reference === batch.batchNumber && m.reason === 'production_cancelled',
    );
    expect(restored).toHaveLength(1);
  });
});

endsWithRollupsMatchingRecords(() => testApp.database.db);
