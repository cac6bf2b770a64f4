import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SaleTransaction } from '../../../src/domain/contracts/sales';
import { endsWithRollupsMatchingRecords } from '../../support/rollups';
import {
  admin,
  available,
  availableOf,
  bake,
  batch,
  distributor,
  mama,
  sell,
  setUpSalesApp,
  testApp,
} from './setup';

setUpSalesApp();

describe('available loaves', () => {
  it('lists nothing before any batch is completed', async () => {
    expect(await available()).toEqual([]);
  });

  it('counts completed batches only, oldest completion first', async () => {
    // Created first but completed last: the newer of the two.
    const newer = await bake('Agege Bread', 50, 1);
    const older = await bake('Agege Bread', 30, 2);
    // Planned, in progress and cancelled batches have no loaves to sell.
    await batch('Agege Bread');
    const started = await batch('Agege Bread');
    await admin.patch(`/api/production-batches/${started.id}`, { status: 'in_progress' });
    const dropped = await batch('Agege Bread');
    await admin.patch(`/api/production-batches/${dropped.id}`, { status: 'cancelled' });

    expect(await available()).toEqual([
      {
        recipeName: 'Agege Bread',
        totalAvailable: 80,
        staleLoaves: 0,
        batches: [
          {
            id: older.id,
            batchNumber: older.batchNumber,
            completedAt: older.completedAt,
            available: 30,
          },
          {
            id: newer.id,
            batchNumber: newer.batchNumber,
            completedAt: newer.completedAt,
            available: 50,
          },
        ],
      },
    ]);
  });

  it('draws sales from the oldest batch first', async () => {
    const [older, newer] = (await availableOf('Agege Bread'))?.batches ?? [];
    const first = await sell(mama, 'Agege Bread', 20);
    expect(first.status).toBe(201);
    expect(first.body.productionBatchId).toBe(older?.id);
    expect((await availableOf('Agege Bread'))?.batches.map((b) => [b.id, b.available])).toEqual([
      [older?.id, 10],
      [newer?.id, 50],
    ]);

    // 15 loaves: the last 10 of the older batch and 5 of the newer; the sale names the oldest.
    const second = await sell(mama, 'Agege Bread', 15);
    expect(second.body.productionBatchId).toBe(older?.id);
    expect(await availableOf('Agege Bread')).toEqual({
      recipeName: 'Agege Bread',
      totalAvailable: 45,
      staleLoaves: 0,
      batches: [{ ...newer, available: 45 }],
    });

    const third = await sell(mama, 'Agege Bread', 45);
    expect(third.status).toBe(201);
    expect(third.body.productionBatchId).toBe(newer?.id);
    expect(await availableOf('Agege Bread')).toBeUndefined();
  });

  it('keeps each recipe name to its own loaves, listed by name', async () => {
    await bake('Wheat Bread', 12, 3);
    await bake('Coconut Bread', 7, 3);
    await sell(mama, 'Wheat Bread', 2);
    const list = await available();
    expect(list.map((entry) => [entry.recipeName, entry.totalAvailable])).toEqual([
      ['Coconut Bread', 7],
      ['Wheat Bread', 10],
    ]);
  });

  it('adds a newly completed batch after the older ones', async () => {
    const wheat = await bake('Wheat Bread', 5);
    const entry = await availableOf('Wheat Bread');
    expect(entry?.totalAvailable).toBe(15);
    expect(entry?.batches.map((b) => b.available)).toEqual([10, 5]);
    expect(entry?.batches.at(-1)?.id).toBe(wheat.id);
  });

  it('places a completed batch without a completion time (restored from an older version) as the oldest, at its start or creation time', async () => {
    const undated = await bake('Rye Bread', 6, 1);
    const dated = await bake('Rye Bread', 4, 2);
    // The API always records a completion time; a restored database may not have one.
    await testApp.database.db.execute(
      sql`update production_batches set completed_at = null where id = ${undated.id}`,
    );

    expect((await availableOf('Rye Bread'))?.batches).toEqual([
      {
        id: undated.id,
        batchNumber: undated.batchNumber,
        completedAt: undated.createdAt,
        available: 6,
      },
      {
        id: dated.id,
        batchNumber: dated.batchNumber,
        completedAt: dated.completedAt,
        available: 4,
      },
    ]);
    // Sales draw from it first, as from any oldest batch.
    expect((await sell(mama, 'Rye Bread', 2)).body.productionBatchId).toBe(undated.id);
  });
});

describe('recording a sale', () => {
  it('answers 201 with the sale, its distributor name and its value', async () => {
    const batchOf = (await availableOf('Coconut Bread'))?.batches[0];
    const reply = await sell(mama, 'Coconut Bread', 3, {
      pricePerLoaf: 0.1,
      amountPaid: 0.1,
      notes: '  Early delivery ',
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      id: expect.any(String),
      distributorId: mama.id,
      distributorName: 'Mama Tunde Stores',
      recipeName: 'Coconut Bread',
      productionBatchId: batchOf?.id,
      loavesTaken: 3,
      pricePerLoaf: 0.1,
      amountPaid: 0.1,
      value: 0.3,
      notes: 'Early delivery',
      createdAt: expect.any(String),
    });
    expect(Math.abs(Date.parse(reply.body.createdAt) - Date.now())).toBeLessThan(60_000);
    expect((await availableOf('Coconut Bread'))?.totalAvailable).toBe(4);
  });

  it('defaults the amount paid to 0 and takes a price of 0', async () => {
    const reply = await sell(mama, 'Coconut Bread', 1, { pricePerLoaf: 0 });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ amountPaid: 0, pricePerLoaf: 0, value: 0, notes: null });
  });

  it('refuses more loaves than are available with 409 naming the number, recording nothing', async () => {
    const before = (await admin.get<SaleTransaction[]>('/api/sales-transactions')).body.length;
    const reply = await sell(mama, 'Coconut Bread', 4);
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({
      message: 'Only 3 loaves of Coconut Bread are available',
      code: 'LOAVES_NOT_AVAILABLE',
      errors: [{ path: 'loavesTaken', message: 'Only 3 loaves of Coconut Bread are available' }],
    });
    expect((await availableOf('Coconut Bread'))?.totalAvailable).toBe(3);
    expect((await admin.get<SaleTransaction[]>('/api/sales-transactions')).body).toHaveLength(
      before,
    );
    // Exactly what is left can be taken.
    expect((await sell(mama, 'Coconut Bread', 3)).status).toBe(201);
  });

  it('says no loaves are available of a bread sold out or never made', async () => {
    for (const recipeName of ['Coconut Bread', 'Agege Bread', 'Croissant']) {
      const reply = await sell(mama, recipeName, 1);
      expect(reply.status).toBe(409);
      expect(reply.body).toEqual({
        message: `No loaves of ${recipeName} are available`,
        code: 'LOAVES_NOT_AVAILABLE',
        errors: [{ path: 'loavesTaken', message: `No loaves of ${recipeName} are available` }],
      });
    }
  });

  it('answers 404 for a distributor that does not exist', async () => {
    const reply = await sell({ id: randomUUID() }, 'Wheat Bread', 1);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ message: 'Distributor not found', code: 'NOT_FOUND' });
  });

  it('refuses a sale to an archived distributor with 409 until it is unarchived', async () => {
    const gone = await distributor('Old Corner Shop');
    expect((await sell(gone, 'Wheat Bread', 1)).status).toBe(201);
    const archived = await admin.delete(`/api/distributors/${gone.id}`);
    expect(archived.body).toMatchObject({ action: 'archived' });
    const before = (await availableOf('Wheat Bread'))?.totalAvailable;

    const reply = await sell(gone, 'Wheat Bread', 1);
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({
      message: 'Old Corner Shop is archived and takes no new sales; unarchive first',
      code: 'DISTRIBUTOR_ARCHIVED',
    });
    expect((await availableOf('Wheat Bread'))?.totalAvailable).toBe(before);

    expect((await admin.patch(`/api/distributors/${gone.id}/unarchive`)).status).toBe(200);
    expect((await sell(gone, 'Wheat Bread', 1)).status).toBe(201);
  });

  it.each([
    [{ loavesTaken: 0 }, 'loavesTaken', 'Must take at least 1 loaf'],
    [{ loavesTaken: -2 }, 'loavesTaken', 'Must take at least 1 loaf'],
    [{ loavesTaken: 1.5 }, 'loavesTaken', 'Whole loaves only'],
    [{ pricePerLoaf: -1 }, 'pricePerLoaf', 'Price cannot be negative'],
    [{ pricePerLoaf: 500.125 }, 'pricePerLoaf', 'Price can have at most 2 decimal places'],
    [{ amountPaid: -0.01 }, 'amountPaid', 'Amount paid cannot be negative'],
    [{ distributorId: 'mama' }, 'distributorId', 'Choose a distributor'],
    [{ distributorId: null }, 'distributorId', 'Choose a distributor'],
    [{ recipeName: '  ' }, 'recipeName', 'Choose a bread type'],
    [{ recipeName: 42 }, 'recipeName', 'Choose a bread type'],
  ])('refuses %j with 400 on %s', async (extra, path, message) => {
    const reply = await sell(mama, 'Wheat Bread', 1, extra);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message, code: 'INVALID_INPUT', errors: [{ path, message }] });
  });

  it('refuses a body with fields the sale does not take', async () => {
    const reply = await sell(mama, 'Wheat Bread', 1, { productionBatchId: randomUUID() });
    expect(reply.status).toBe(400);
  });
});

endsWithRollupsMatchingRecords(() => testApp.database.db);
