import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DistributorWithAccount } from '../../../src/domain/contracts/distributors';
import { businessDate, DEFAULT_TIME_ZONE } from '../../../src/domain/time';
import { ApiClient } from '../../support/api-client';
import { createRole, userWithRole } from '../../support/personas';
import { endsWithRollupsMatchingRecords } from '../../support/rollups';
import {
  account,
  admin,
  distributor,
  list,
  pay,
  sell,
  setUpDistributorsApp,
  testApp,
} from './setup';

setUpDistributorsApp();

describe('deleting and archiving', () => {
  it('deletes a distributor with no sale, payment or return', async () => {
    const unused = await distributor('Never Used');
    const reply = await admin.delete(`/api/distributors/${unused.id}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ action: 'deleted', message: 'Never Used was deleted' });
    expect((await admin.get(`/api/distributors/${unused.id}`)).status).toBe(404);
    expect((await list('?includeArchived=true')).map((d) => d.id)).not.toContain(unused.id);
  });

  it.each([
    ['a sale', (d: { id: string }) => sell(d, 'Agege Bread', 1, 500)],
    ['a payment', (d: { id: string }) => pay(d, 100)],
    // Prices and orders point at the distributor too: archived, never a cascade.
    [
      'an own price',
      (d: { id: string }) =>
        admin.post('/api/bread-prices', {
          recipeName: 'Agege Bread',
          distributorId: d.id,
          pricePerLoaf: 450,
          effectiveFrom: businessDate(new Date(), DEFAULT_TIME_ZONE),
        }),
    ],
    [
      'a standing order',
      (d: { id: string }) =>
        admin.call('PUT', `/api/orders/standing/${d.id}`, {
          breads: [{ recipeName: 'Agege Bread', days: [10, 10, 10, 10, 10, 0, 0] }],
        }),
    ],
  ])('archives a distributor with %s instead of deleting it', async (_what, record) => {
    const used = await distributor(`Used ${randomUUID().slice(0, 8)}`);
    await record(used);
    const before = await account(used);
    const reply = await admin.delete(`/api/distributors/${used.id}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      action: 'archived',
      message: `${used.name} has sales, payments, returns, prices or orders, so it was archived instead of deleted`,
    });
    const after = await account(used);
    expect(after).toEqual({ ...before, archived: true, updatedAt: expect.any(String) });
    expect((await list()).map((d) => d.id)).not.toContain(used.id);
    expect((await list('?includeArchived=true')).find((d) => d.id === used.id)?.archived).toBe(
      true,
    );
  });

  it('refuses to delete an archived distributor again, and unarchives it', async () => {
    const shop = await distributor('Come Back Stores');
    await sell(shop, 'Agege Bread', 2, 500);
    await admin.delete(`/api/distributors/${shop.id}`);

    const again = await admin.delete(`/api/distributors/${shop.id}`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      message: 'Come Back Stores is already archived',
      code: 'DISTRIBUTOR_ALREADY_ARCHIVED',
    });
    expect((await account(shop)).archived).toBe(true);

    const back = await admin.patch(`/api/distributors/${shop.id}/unarchive`);
    expect(back.status).toBe(200);
    expect(back.body).toEqual({ message: 'Come Back Stores is back on the active list' });
    expect(await account(shop)).toMatchObject({ archived: false, totalOwed: 1000, balance: 1000 });
    expect((await list()).map((d) => d.id)).toContain(shop.id);

    const twice = await admin.patch(`/api/distributors/${shop.id}/unarchive`);
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({
      message: 'Come Back Stores is not archived',
      code: 'DISTRIBUTOR_NOT_ARCHIVED',
    });

    // Active again: it can buy again, and a delete archives it again.
    await sell(shop, 'Agege Bread', 1, 500);
    expect((await admin.delete(`/api/distributors/${shop.id}`)).body).toMatchObject({
      action: 'archived',
    });
  });
});

describe('a delete racing the first record of a distributor', () => {
  it.each([
    [
      'sale',
      (d: { id: string }) =>
        admin.post('/api/sales-transactions', {
          distributorId: d.id,
          recipeName: 'Agege Bread',
          loavesTaken: 1,
          pricePerLoaf: 500,
        }),
    ],
    ['payment', (d: { id: string }) => pay(d, 100)],
  ])(
    'either records the %s and archives, or deletes and answers 404: never 500',
    async (_what, record) => {
      const outcomes: string[] = [];
      for (let i = 0; i < 10; i += 1) {
        const shop = await distributor(`Racing ${_what} ${i}`);
        const [created, removed] = await Promise.all([
          record(shop),
          admin.delete(`/api/distributors/${shop.id}`),
        ]);
        const action = (removed.body as { action?: string }).action;
        outcomes.push(`${created.status} ${removed.status} ${action}`);
        const after = await admin.get<DistributorWithAccount>(`/api/distributors/${shop.id}`);
        if (created.status === 201) {
          expect(action).toBe('archived');
          expect(after.body.archived).toBe(true);
        } else {
          expect(action).toBe('deleted');
          expect(after.status).toBe(404);
        }
      }
      expect(
        outcomes.filter((o) => !/^(201 200 archived|404 200 deleted)$/.test(o)),
        outcomes.join('; '),
      ).toEqual([]);
    },
  );
});

describe('who may manage distributors', () => {
  let shop: DistributorWithAccount;
  let reader: ApiClient;
  let writer: ApiClient;

  beforeAll(async () => {
    shop = await distributor('Permission Test Shop');
    await sell(shop, 'Agege Bread', 4, 500);
    reader = await userWithRole(
      testApp,
      admin,
      'dreader',
      await createRole(
        admin,
        'Distributor Readers',
        {
          canRead: true,
          canWrite: false,
          canDelete: false,
        },
        ['distributors'],
      ),
    );
    writer = await userWithRole(
      testApp,
      admin,
      'dwriter',
      await createRole(
        admin,
        'Distributor Writers',
        {
          canRead: true,
          canWrite: true,
          canDelete: false,
        },
        ['distributors'],
      ),
    );
  });

  it('lets a reader see accounts and statements but change nothing', async () => {
    expect((await reader.get('/api/distributors')).status).toBe(200);
    expect((await reader.get(`/api/distributors/${shop.id}`)).status).toBe(200);
    expect((await reader.get(`/api/distributors/${shop.id}/statement`)).status).toBe(200);
    expect((await reader.get(`/api/distributors/${shop.id}/returnable`)).status).toBe(200);
    expect((await reader.get('/api/distributor-payments')).status).toBe(200);
    expect((await reader.get('/api/bread-returns')).status).toBe(200);

    const change = {
      message: 'You do not have permission to change Distributors',
      code: 'FORBIDDEN',
    };
    for (const reply of [
      await reader.post('/api/distributor-payments', { distributorId: shop.id, amount: 100 }),
      await reader.post('/api/bread-returns', {
        distributorId: shop.id,
        recipeName: 'Agege Bread',
        loavesReturned: 1,
        pricePerLoaf: 500,
      }),
      await reader.post('/api/distributors', { name: 'X', address: 'Y', phone: '08030000000' }),
      await reader.patch(`/api/distributors/${shop.id}`, { name: 'Renamed' }),
    ]) {
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual(change);
    }
    const remove = await reader.delete(`/api/distributors/${shop.id}`);
    expect(remove.status).toBe(403);
    expect(remove.body).toEqual({
      message: 'You do not have permission to delete from Distributors',
      code: 'FORBIDDEN',
    });
    expect((await reader.post('/api/sales-transactions', {})).status).toBe(403);
    expect(await account(shop)).toMatchObject({ name: 'Permission Test Shop', balance: 2000 });
  });

  it('lets a writer add, edit, take payments and returns, but not delete or unarchive', async () => {
    expect(
      (
        await writer.post('/api/distributors', {
          name: 'Writer Added',
          address: 'Ikeja',
          phone: '08030000000',
        })
      ).status,
    ).toBe(201);
    expect(
      (await writer.patch(`/api/distributors/${shop.id}`, { phone: '0810 000 0000' })).status,
    ).toBe(200);
    expect(
      (await writer.post('/api/distributor-payments', { distributorId: shop.id, amount: 500 }))
        .status,
    ).toBe(201);
    expect(
      (
        await writer.post('/api/bread-returns', {
          distributorId: shop.id,
          recipeName: 'Agege Bread',
          loavesReturned: 1,
          pricePerLoaf: 500,
        })
      ).status,
    ).toBe(201);
    expect(await account(shop)).toMatchObject({ phone: '0810 000 0000', balance: 1000 });

    const remove = await writer.delete(`/api/distributors/${shop.id}`);
    expect(remove.status).toBe(403);
    expect(remove.body).toEqual({
      message: 'You do not have permission to delete from Distributors',
      code: 'FORBIDDEN',
    });
    expect((await account(shop)).archived).toBe(false);

    await admin.delete(`/api/distributors/${shop.id}`);
    const unarchive = await writer.patch(`/api/distributors/${shop.id}/unarchive`);
    expect(unarchive.status).toBe(403);
    expect(unarchive.body).toEqual({
      message: 'You do not have permission to delete from Distributors',
      code: 'FORBIDDEN',
    });
    expect((await account(shop)).archived).toBe(true);
  });

  it('keeps signed-out callers out', async () => {
    const stranger = new ApiClient(testApp);
    for (const url of ['/api/distributors', `/api/distributors/${shop.id}/statement`]) {
      const reply = await stranger.get(url);
      expect(reply.status).toBe(401);
    }
  });
});

endsWithRollupsMatchingRecords(() => testApp.database.db);
