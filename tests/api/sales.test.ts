import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DistributorWithAccount } from '../../src/domain/distributor-schemas';
import type { InventoryItem } from '../../src/domain/inventory-schemas';
import type { ProductionBatch } from '../../src/domain/production-schemas';
import type { Recipe } from '../../src/domain/recipe-schemas';
import type {
  AvailableLoaves,
  SalesSummary,
  SaleTransaction,
} from '../../src/domain/sales-schemas';
import { ApiClient } from '../support/api-client';
import { createRole, firstAdmin, userWithRole } from '../support/personas';
import { endsWithRollupsMatchingRecords } from '../support/rollups';
import { createTestApp, type TestApp } from '../support/test-app';

let testApp: TestApp;
let admin: ApiClient;
let mama: DistributorWithAccount;

const HOUR = 3_600_000;

/** Helpers bound to one app and its admin, so that a second database can use them too. */
function helpers(client: () => ApiClient) {
  let numbered = 0;
  let yeast: InventoryItem | undefined;
  const recipes = new Map<string, Recipe>();

  async function recipe(name: string) {
    const known = recipes.get(name);
    if (known) return known;
    if (!yeast) {
      const item = await client().post<InventoryItem>('/api/inventory', {
        name: 'Yeast',
        category: 'ingredients',
        unit: 'kg',
        currentStock: 10_000,
        minStock: 0,
        unitCost: 3000,
      });
      if (item.status !== 201) throw new Error(JSON.stringify(item.body));
      yeast = item.body;
    }
    const reply = await client().post<Recipe>('/api/recipes', {
      name,
      ingredients: [{ itemId: yeast.id, quantity: 10, unit: 'g' }],
    });
    if (reply.status !== 201) throw new Error(JSON.stringify(reply.body));
    recipes.set(name, reply.body);
    return reply.body;
  }

  /** A planned batch of the recipe, with a number of its own. */
  async function batch(recipeName: string) {
    numbered += 1;
    const reply = await client().post<ProductionBatch>('/api/production-batches', {
      recipeId: (await recipe(recipeName)).id,
      flourKg: 1,
      batchNumber: `S-${numbered}`,
    });
    if (reply.status !== 201) throw new Error(JSON.stringify(reply.body));
    return reply.body;
  }

  /** A batch completed with that many loaves, `hoursAgo` hours ago. */
  async function bake(recipeName: string, loavesProduced: number, hoursAgo = 0) {
    const planned = await batch(recipeName);
    const reply = await client().patch<ProductionBatch>(`/api/production-batches/${planned.id}`, {
      status: 'completed',
      loavesProduced,
      completedAt: new Date(Date.now() - hoursAgo * HOUR - 1000).toISOString(),
    });
    if (reply.status !== 200) throw new Error(JSON.stringify(reply.body));
    return reply.body;
  }

  async function distributor(name: string) {
    const reply = await client().post<DistributorWithAccount>('/api/distributors', {
      name,
      address: '12 Allen Avenue, Ikeja',
      phone: '0803 000 0000',
    });
    if (reply.status !== 201) throw new Error(JSON.stringify(reply.body));
    return reply.body;
  }

  const sell = (
    to: { id: string },
    recipeName: string,
    loavesTaken: number,
    extra: Record<string, unknown> = {},
  ) =>
    client().post<SaleTransaction>('/api/sales-transactions', {
      distributorId: to.id,
      recipeName,
      loavesTaken,
      pricePerLoaf: 500,
      ...extra,
    });

  const available = async () =>
    (await client().get<AvailableLoaves[]>('/api/available-loaves')).body;
  const availableOf = async (recipeName: string) =>
    (await available()).find((entry) => entry.recipeName === recipeName);
  const summary = async () =>
    (await client().get<SalesSummary>('/api/sales-transactions/summary')).body;

  return { recipe, batch, bake, distributor, sell, available, availableOf, summary };
}

const { batch, bake, distributor, sell, available, availableOf } = helpers(() => admin);

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await firstAdmin(testApp);
  mama = await distributor('Mama Tunde Stores');
});
afterAll(() => testApp.close());

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
        errors: [{ path: 'loavesTaken', message: `No loaves of ${recipeName} are available` }],
      });
    }
  });

  it('answers 404 for a distributor that does not exist', async () => {
    const reply = await sell({ id: randomUUID() }, 'Wheat Bread', 1);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ message: 'Distributor not found' });
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
    expect(reply.body).toEqual({ message, errors: [{ path, message }] });
  });

  it('refuses a body with fields the sale does not take', async () => {
    const reply = await sell(mama, 'Wheat Bread', 1, { productionBatchId: randomUUID() });
    expect(reply.status).toBe(400);
  });
});

describe('two sales racing for the last loaves', () => {
  it('never sells more than were made: 8 sales of 3 for 10 loaves, 3 succeed', async () => {
    await bake('Race Bread', 10, 1);
    const replies = await Promise.all(Array.from({ length: 8 }, () => sell(mama, 'Race Bread', 3)));
    const statuses = replies.map((reply) => reply.status).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    const sold = replies
      .filter((reply) => reply.status === 201)
      .reduce((total, reply) => total + reply.body.loavesTaken, 0);
    expect(sold).toBe(9);
    for (const reply of replies.filter((r) => r.status === 409)) {
      expect(reply.body).toMatchObject({
        message: 'Only 1 loaf of Race Bread is available',
      });
    }
    expect((await availableOf('Race Bread'))?.totalAvailable).toBe(1);
  });

  it('sells each of the last 5 loaves once to 12 sales of 1', async () => {
    await bake('Last Loaf', 5, 1);
    const replies = await Promise.all(Array.from({ length: 12 }, () => sell(mama, 'Last Loaf', 1)));
    expect(replies.filter((reply) => reply.status === 201)).toHaveLength(5);
    expect(replies.filter((reply) => reply.status === 409)).toHaveLength(7);
    expect(await availableOf('Last Loaf')).toBeUndefined();
    const sales = (await admin.get<SaleTransaction[]>('/api/sales-transactions?limit=500')).body;
    expect(
      sales.filter((s) => s.recipeName === 'Last Loaf').reduce((t, s) => t + s.loavesTaken, 0),
    ).toBe(5);
  });
});

describe('sales are financial records', () => {
  it('cannot be edited or deleted: there is no such call', async () => {
    const [latest] = (await admin.get<SaleTransaction[]>('/api/sales-transactions')).body;
    if (!latest) throw new Error('no sale');
    const attempts = [
      await admin.patch(`/api/sales-transactions/${latest.id}`, { loavesTaken: 1 }),
      await admin.call('PUT', `/api/sales-transactions/${latest.id}`, { loavesTaken: 1 }),
      await admin.delete(`/api/sales-transactions/${latest.id}`),
    ];
    for (const reply of attempts) {
      expect(reply.status).toBe(404);
    }
    const [after] = (await admin.get<SaleTransaction[]>('/api/sales-transactions')).body;
    expect(after).toEqual(latest);
  });
});

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
    expect(await h.summary()).toEqual({ totalAvailable: 0, totalSold: 0, transactionCount: 0 });
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
      totalSold: 40,
      transactionCount: 4,
    });
    // A refused sale changes nothing.
    expect((await h.sell(ade, 'Wheat Bread', 36)).status).toBe(409);
    expect(await h.summary()).toEqual({
      totalAvailable: 120,
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
});

describe('who may sell', () => {
  let seller: ApiClient;
  let viewer: ApiClient;

  beforeAll(async () => {
    seller = await userWithRole(
      testApp,
      admin,
      'seller',
      await createRole(admin, 'Sellers', { canRead: true, canWrite: true, canDelete: false }, [
        'sales',
      ]),
    );
    viewer = await userWithRole(
      testApp,
      admin,
      'viewer',
      await createRole(
        admin,
        'Sales Viewers',
        { canRead: true, canWrite: false, canDelete: false },
        ['sales'],
      ),
    );
  });

  it("lets a sales writer choose from distributors and loaves, but not open the distributors' accounts", async () => {
    const options = await seller.get<{ id: string; name: string }[]>('/api/distributors/options');
    expect(options.status).toBe(200);
    expect(options.body).toContainEqual({ id: mama.id, name: mama.name });
    expect(options.body.every((d) => Object.keys(d).join() === 'id,name')).toBe(true);
    const loaves = await seller.get<AvailableLoaves[]>('/api/available-loaves');
    expect(loaves.status).toBe(200);
    expect(loaves.body).toEqual(await available());

    const add = await seller.post('/api/distributors', {
      name: 'New Shop',
      address: 'Yaba',
      phone: '08030000000',
    });
    expect(add.status).toBe(403);
    expect(add.body).toEqual({ message: 'You do not have permission to change Distributors' });
    for (const url of [
      '/api/distributors',
      `/api/distributors/${mama.id}`,
      `/api/distributors/${mama.id}/statement`,
      `/api/distributors/${mama.id}/statement.csv`,
      `/api/distributors/${mama.id}/returnable`,
      '/api/distributor-payments',
      '/api/bread-returns',
    ]) {
      const reply = await seller.get(url);
      expect(reply.status, url).toBe(403);
      expect(reply.body).toEqual({ message: 'You do not have permission to view Distributors' });
    }
    expect(
      (await seller.post('/api/distributor-payments', { distributorId: mama.id, amount: 1 }))
        .status,
    ).toBe(403);
  });

  it('lets a sales writer record a sale', async () => {
    await bake('Seller Bread', 4, 1);
    const reply = await seller.post<SaleTransaction>('/api/sales-transactions', {
      distributorId: mama.id,
      recipeName: 'Seller Bread',
      loavesTaken: 4,
      pricePerLoaf: 450,
    });
    expect(reply.status).toBe(201);
    expect(reply.body.value).toBe(1800);
  });

  it('lets a sales reader see sales and loaves, but not sell or list distributors', async () => {
    expect((await viewer.get('/api/sales-transactions')).status).toBe(200);
    expect((await viewer.get('/api/sales-transactions/summary')).status).toBe(200);
    expect((await viewer.get('/api/available-loaves')).status).toBe(200);
    const reply = await viewer.post('/api/sales-transactions', {
      distributorId: mama.id,
      recipeName: 'Wheat Bread',
      loavesTaken: 1,
      pricePerLoaf: 500,
    });
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ message: 'You do not have permission to change Sales' });
    // A refused caller learns nothing from validation: still 403 with a bad body.
    expect((await viewer.post('/api/sales-transactions', { loavesTaken: 0 })).status).toBe(403);
    expect((await viewer.get('/api/distributors')).status).toBe(403);
    expect((await viewer.get('/api/distributors/options')).status).toBe(403);
  });

  it('lets a user who may only write sales choose from distributors and loaves', async () => {
    const writeOnly = await userWithRole(
      testApp,
      admin,
      'writeonly',
      await createRole(
        admin,
        'Sales Writers',
        { canRead: false, canWrite: true, canDelete: false },
        ['sales'],
      ),
    );
    expect((await writeOnly.get('/api/available-loaves')).status).toBe(200);
    expect((await writeOnly.get('/api/distributors/options')).status).toBe(200);
    expect((await writeOnly.get('/api/distributors')).status).toBe(403);
    const list = await writeOnly.get('/api/sales-transactions');
    expect(list.status).toBe(403);
    expect(list.body).toEqual({ message: 'You do not have permission to view Sales' });
  });

  it('keeps signed-out callers out', async () => {
    const stranger = new ApiClient(testApp);
    for (const url of ['/api/available-loaves', '/api/sales-transactions']) {
      const reply = await stranger.get(url);
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ message: 'Please sign in to continue' });
    }
  });
});

endsWithRollupsMatchingRecords(() => testApp.database.db);
