import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SaleTransaction } from '../../../src/domain/contracts/sales';
import type { ApiClient } from '../../support/api-client';
import { firstAdmin } from '../../support/personas';
import { endsWithRollupsMatchingRecords } from '../../support/rollups';
import { createTestApp, type TestApp } from '../../support/test-app';
import { helpers } from './setup';

describe('sales list and summary, on their own database', () => {
  let own: TestApp;
  let boss: ApiClient;
  const h = helpers(() => boss);
  const sales: SaleTransaction[] = [];

  beforeAll(async () => {
    own = await createTestApp();
    boss = await firstAdmin(own);
  });
  afterAll(() => own.close());

  it('starts with empty tiles and lists', async () => {
    expect(await h.summary()).toEqual({
      totalAvailable: 0,
      totalStale: 0,
      totalSold: 0,
      transactionCount: 0,
    });
    expect((await boss.get('/api/sales-transactions')).body).toEqual([]);
  });

  it('counts available loaves, loaves sold and sales', async () => {
    await h.bake('Agege Bread', 100, 2);
    await h.bake('Agege Bread', 20, 1);
    await h.bake('Wheat Bread', 40, 1);
    await h.batch('Wheat Bread'); // planned: not available
    const ade = await h.distributor('Ade Ventures');
    const bola = await h.distributor('Bola Foods');
    for (const [to, recipeName, loaves] of [
      [ade, 'Agege Bread', 30],
      [bola, 'Wheat Bread', 5],
      [ade, 'Agege Bread', 1],
      [bola, 'Agege Bread', 4],
    ] as const) {
      const reply = await h.sell(to, recipeName, loaves);
      expect(reply.status).toBe(201);
      sales.push(reply.body);
    }
    expect(await h.summary()).toEqual({
      totalAvailable: 120, // 160 made − 40 sold
      totalStale: 0,
      totalSold: 40,
      transactionCount: 4,
    });
    // A refused sale changes nothing.
    expect((await h.sell(ade, 'Wheat Bread', 36)).status).toBe(409);
    expect(await h.summary()).toEqual({
      totalAvailable: 120,
      totalStale: 0,
      totalSold: 40,
      transactionCount: 4,
    });
  });

  it('lists sales newest first with their distributor names, paged', async () => {
    const newestFirst = [...sales].reverse();
    const list = await boss.get<SaleTransaction[]>('/api/sales-transactions');
    expect(list.status).toBe(200);
    expect(list.body).toEqual(newestFirst);
    expect(list.body.map((s) => s.distributorName)).toEqual([
      'Bola Foods',
      'Ade Ventures',
      'Bola Foods',
      'Ade Ventures',
    ]);
    expect(
      (await boss.get<SaleTransaction[]>('/api/sales-transactions?limit=2&offset=1')).body,
    ).toEqual(newestFirst.slice(1, 3));
    expect(
      (await boss.get<SaleTransaction[]>('/api/sales-transactions?limit=5&offset=4')).body,
    ).toEqual([]);
  });

  it('keeps the name of an archived distributor on its sales', async () => {
    const ade = sales[0]?.distributorId as string;
    expect((await boss.delete(`/api/distributors/${ade}`)).body).toMatchObject({
      action: 'archived',
    });
    const list = (await boss.get<SaleTransaction[]>('/api/sales-transactions')).body;
    expect(list.filter((s) => s.distributorId === ade).map((s) => s.distributorName)).toEqual([
      'Ade Ventures',
      'Ade Ventures',
    ]);
    expect(list.every((s) => s.distributorName !== null)).toBe(true);
    // Archiving changes no count.
    expect(await h.summary()).toEqual({
      totalAvailable: 120,
      totalStale: 0,
      totalSold: 40,
      transactionCount: 4,
    });
  });

  it.each([
    ['limit=0', 'limit must be at least 1'],
    ['limit=501', 'limit must be at most 500'],
    ['offset=-1', 'offset cannot be negative'],
    ['limit=ten', 'limit must be a number'],
  ])('refuses ?%s with 400', async (query, message) => {
    const reply = await boss.get(`/api/sales-transactions?${query}`);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(message);
  });

  endsWithRollupsMatchingRecords(() => own.database.db);
});
