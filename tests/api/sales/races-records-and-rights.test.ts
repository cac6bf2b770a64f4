import { beforeAll, describe, expect, it } from 'vitest';
import type { AvailableLoaves, SaleTransaction } from '../../../src/domain/contracts/sales';
import { ApiClient } from '../../support/api-client';
import { createRole, userWithRole } from '../../support/personas';
import { endsWithRollupsMatchingRecords } from '../../support/rollups';
import { admin, available, availableOf, bake, mama, sell, setUpSalesApp, testApp } from './setup';

setUpSalesApp();

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
    expect(add.body).toEqual({
      message: 'You do not have permission to change Distributors',
      code: 'FORBIDDEN',
    });
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
      expect(reply.body).toEqual({
        message: 'You do not have permission to view Distributors',
        code: 'FORBIDDEN',
      });
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
    expect(reply.body).toEqual({
      message: 'You do not have permission to change Sales',
      code: 'FORBIDDEN',
    });
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
    expect(list.body).toEqual({
      message: 'You do not have permission to view Sales',
      code: 'FORBIDDEN',
    });
  });

  it('keeps signed-out callers out', async () => {
    const stranger = new ApiClient(testApp);
    for (const url of ['/api/available-loaves', '/api/sales-transactions']) {
      const reply = await stranger.get(url);
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ message: 'Please sign in to continue', code: 'NOT_SIGNED_IN' });
    }
  });
});

endsWithRollupsMatchingRecords(() => testApp.database.db);
