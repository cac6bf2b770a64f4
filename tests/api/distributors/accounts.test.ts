import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NOTHING_OWED } from '../../../src/domain/ageing';
import type { DistributorWithAccount } from '../../../src/domain/contracts/distributors';
import { endsWithRollupsMatchingRecords } from '../../support/rollups';
import {
  account,
  admin,
  distributor,
  figures,
  giveBack,
  list,
  newDistributor,
  pay,
  sell,
  setUpDistributorsApp,
  testApp,
} from './setup';

setUpDistributorsApp();

describe('adding and editing distributors', () => {
  it('answers 201 with an active distributor and an empty account', async () => {
    const reply = await newDistributor(' Mama Tunde Stores ', {
      address: ' 5 Market Road, Oshodi ',
      phone: '+234 (803) 111-2222',
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      id: expect.any(String),
      name: 'Mama Tunde Stores',
      address: '5 Market Road, Oshodi',
      phone: '+234 (803) 111-2222',
      archived: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      totalOwed: 0,
      totalPaid: 0,
      totalReturns: 0,
      balance: 0,
      creditLimit: null,
      paymentTermsDays: null,
      ageing: NOTHING_OWED,
      lastReminder: null,
    });
    expect(await account(reply.body)).toEqual(reply.body);
  });

  it.each([
    [{ name: '' }, 'name', 'Name is required'],
    [{ name: '   ' }, 'name', 'Name is required'],
    [{ name: undefined }, 'name', 'Name is required'],
    [{ address: undefined }, 'address', 'Address is required'],
    [{ address: ' ' }, 'address', 'Address is required'],
    [{ phone: undefined }, 'phone', 'Phone is required'],
    [{ phone: '' }, 'phone', 'Phone is required'],
    [{ phone: 'ring me' }, 'phone', 'Enter a phone number: digits, spaces, +, - and brackets'],
  ])('refuses %j with 400 on %s', async (extra, path, message) => {
    const reply = await newDistributor('Refused', extra);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message, code: 'INVALID_INPUT', errors: [{ path, message }] });
  });

  it('refuses a new distributor that says it is archived', async () => {
    expect((await newDistributor('Sneaky', { archived: true })).status).toBe(400);
    expect((await list('?includeArchived=true')).map((d) => d.name)).not.toContain('Sneaky');
  });

  it('edits name, address and phone, keeping the account', async () => {
    const shop = await distributor('Iya Basira');
    await sell(shop, 'Agege Bread', 2, 400);
    const reply = await admin.patch<DistributorWithAccount>(`/api/distributors/${shop.id}`, {
      name: ' Iya Basira & Sons ',
      address: '9 Ojuelegba Road, Surulere',
      phone: '0809 999 0000',
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      ...shop,
      name: 'Iya Basira & Sons',
      address: '9 Ojuelegba Road, Surulere',
      phone: '0809 999 0000',
      updatedAt: expect.any(String),
      totalOwed: 800,
      balance: 800,
      // Sold today with no terms: due today, so current, not overdue.
      ageing: expect.objectContaining({ current: 800, overdue: 0, daysOverdue: 0 }),
    });
    expect(Date.parse(reply.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(shop.updatedAt));

    const phoneOnly = await admin.patch<DistributorWithAccount>(`/api/distributors/${shop.id}`, {
      phone: '0701 000 0000',
    });
    expect(phoneOnly.body).toMatchObject({ name: 'Iya Basira & Sons', phone: '0701 000 0000' });
    expect(await account(shop)).toEqual(phoneOnly.body);
  });

  it('refuses a bad edit with 400 and changes nothing', async () => {
    const shop = await distributor('Edit Target');
    for (const [body, path, message] of [
      [{ name: '' }, 'name', 'Name is required'],
      [{ address: '  ' }, 'address', 'Address is required'],
      [{ phone: 'abc' }, 'phone', 'Enter a phone number: digits, spaces, +, - and brackets'],
    ] as const) {
      const reply = await admin.patch(`/api/distributors/${shop.id}`, body);
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ message, code: 'INVALID_INPUT', errors: [{ path, message }] });
    }
    // Archiving goes through delete, not an edit.
    expect((await admin.patch(`/api/distributors/${shop.id}`, { archived: true })).status).toBe(
      400,
    );
    expect(await account(shop)).toEqual(shop);
  });

  it('answers 404 for a distributor that does not exist, and 400 for a bad id', async () => {
    const missing = randomUUID();
    for (const reply of [
      await admin.get(`/api/distributors/${missing}`),
      await admin.patch(`/api/distributors/${missing}`, { name: 'Ghost' }),
      await admin.delete(`/api/distributors/${missing}`),
      await admin.patch(`/api/distributors/${missing}/unarchive`),
      await admin.get(`/api/distributors/${missing}/statement`),
    ]) {
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ message: 'Distributor not found', code: 'NOT_FOUND' });
    }
    const bad = await admin.get('/api/distributors/not-an-id');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      message: 'Not a valid id',
      code: 'INVALID_INPUT',
      errors: [{ path: 'id', message: 'Not a valid id' }],
    });
  });
});

describe('balances', () => {
  it('is Σ loaves × price − paid at sale − payments − returns, exact to the kobo', async () => {
    const kobo = await distributor('Kobo Counter');
    await sell(kobo, 'Agege Bread', 3, 0.1, 0.1); // 0.30 owed, 0.10 paid
    await sell(kobo, 'Wheat Bread', 7, 1234.56, 1000.5); // 8,641.92 owed
    expect((await pay(kobo, 0.1)).status).toBe(201);
    expect((await pay(kobo, 0.1)).status).toBe(201);
    expect((await pay(kobo, 2000.3, { paymentMethod: 'bank_transfer' })).status).toBe(201);
    expect((await giveBack(kobo, 'Wheat Bread', 2, 1234.56)).status).toBe(201); // 2,469.12

    const expected = {
      totalOwed: 8642.22,
      totalPaid: 3001.1, // 0.1 + 1000.5 + 0.1 + 0.1 + 2000.3
      totalReturns: 2469.12,
      balance: 3172, // 8,642.22 − 3,001.10 − 2,469.12
    };
    expect(figures(await account(kobo))).toEqual(expected);
    const listed = (await list()).find((d) => d.id === kobo.id) as DistributorWithAccount;
    expect(figures(listed)).toEqual(expected);
  });

  it('adds many small amounts without drift', async () => {
    const drip = await distributor('Drip Feed');
    for (let i = 0; i < 10; i += 1) await sell(drip, 'Agege Bread', 1, 0.1, 0);
    for (let i = 0; i < 3; i += 1) expect((await pay(drip, 0.1)).status).toBe(201);
    expect(figures(await account(drip))).toEqual({
      totalOwed: 1,
      totalPaid: 0.3,
      totalReturns: 0,
      balance: 0.7,
    });
  });

  it('goes below zero when the distributor has paid ahead', async () => {
    const ahead = await distributor('Paid Ahead');
    await sell(ahead, 'Agege Bread', 2, 500, 0);
    expect((await pay(ahead, 1500.01)).status).toBe(201);
    expect(figures(await account(ahead))).toEqual({
      totalOwed: 1000,
      totalPaid: 1500.01,
      totalReturns: 0,
      balance: -500.01,
    });
  });

  it('lists active distributors by name, and archived ones only when asked', async () => {
    const zed = await distributor('Zed Bakery Outlet');
    await pay(zed, 1);
    await admin.delete(`/api/distributors/${zed.id}`);
    const names = (await list()).map((d) => d.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(names).not.toContain('Zed Bakery Outlet');
    const all = await list('?includeArchived=true');
    expect(all.find((d) => d.id === zed.id)).toMatchObject({ archived: true, balance: -1 });
    expect((await list('?includeArchived=false')).map((d) => d.name)).toEqual(names);
    const bad = await admin.get('/api/distributors?includeArchived=yes');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('includeArchived must be true or false');
  });
});

endsWithRollupsMatchingRecords(() => testApp.database.db);
