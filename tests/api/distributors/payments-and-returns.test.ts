import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  BreadReturn,
  DistributorPayment,
  DistributorWithAccount,
  ReturnableBread,
} from '../../../src/domain/contracts/distributors';
import type { AvailableLoaves } from '../../../src/domain/contracts/sales';
import { endsWithRollupsMatchingRecords } from '../../support/rollups';
import {
  account,
  admin,
  distributor,
  figures,
  giveBack,
  pay,
  sell,
  setUpDistributorsApp,
  testApp,
} from './setup';

setUpDistributorsApp();

describe('payments', () => {
  it('answers 201 with the payment, cash by default, and lists it newest first', async () => {
    const shop = await distributor('Payment Shop');
    const first = await pay(shop, 2500);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(String),
      distributorId: shop.id,
      distributorName: 'Payment Shop',
      amount: 2500,
      paymentMethod: 'cash',
      description: null,
      createdAt: expect.any(String),
      status: 'recorded',
      receiptNumber: expect.any(Number),
      receiptLabel: expect.stringMatching(/^RCT-\d{6}$/),
    });
    const second = await pay(shop, 0.01, {
      paymentMethod: 'mobile_money',
      description: ' OPay transfer ',
    });
    expect(second.body).toMatchObject({
      amount: 0.01,
      paymentMethod: 'mobile_money',
      description: 'OPay transfer',
    });
    const listed = await admin.get<DistributorPayment[]>(
      `/api/distributor-payments?distributorId=${shop.id}`,
    );
    expect(listed.body).toEqual([second.body, first.body]);
    expect(
      (
        await admin.get<DistributorPayment[]>(
          `/api/distributor-payments?distributorId=${shop.id}&limit=1&offset=1`,
        )
      ).body,
    ).toEqual([first.body]);
    expect(figures(await account(shop)).balance).toBe(-2500.01);
  });

  it.each([
    [{ amount: 0 }, 'amount', 'Payment amount must be greater than 0'],
    [{ amount: -10 }, 'amount', 'Payment amount must be greater than 0'],
    [{ amount: 0.001 }, 'amount', 'Amount must be at least ₦0.01'],
    [{ paymentMethod: 'bitcoin' }, 'paymentMethod', 'Choose a payment method'],
    [{ distributorId: 'shop' }, 'distributorId', 'Choose a distributor'],
  ])('refuses %j with 400 on %s', async (extra, path, message) => {
    const reply = await admin.post('/api/distributor-payments', {
      distributorId: randomUUID(),
      amount: 100,
      ...extra,
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message, code: 'INVALID_INPUT', errors: [{ path, message }] });
  });

  it('refuses a list filter that is not an id', async () => {
    const reply = await admin.get('/api/distributor-payments?distributorId=shop');
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('distributorId must be an id');
  });

  it('answers 404 for a payment from a distributor that does not exist', async () => {
    const reply = await pay({ id: randomUUID() }, 100);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ message: 'Distributor not found', code: 'NOT_FOUND' });
  });

  it('takes payments from an archived distributor: they settle old debts', async () => {
    const old = await distributor('Settling Up');
    await sell(old, 'Agege Bread', 10, 450, 0);
    expect((await admin.delete(`/api/distributors/${old.id}`)).body).toMatchObject({
      action: 'archived',
    });
    const reply = await pay(old, 4500);
    expect(reply.status).toBe(201);
    expect(await account(old)).toMatchObject({ archived: true, balance: 0, totalPaid: 4500 });
  });
});

describe('returns', () => {
  let shop: DistributorWithAccount;

  beforeAll(async () => {
    shop = await distributor('Returns Shop');
    await sell(shop, 'Agege Bread', 6, 500);
    await sell(shop, 'Agege Bread', 4, 550);
    await sell(shop, 'Wheat Bread', 3, 700);
  });

  it('lists what the distributor can return, with the price it last paid', async () => {
    const reply = await admin.get<ReturnableBread[]>(`/api/distributors/${shop.id}/returnable`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([
      { recipeName: 'Agege Bread', returnable: 10, lastPrice: 550, maxPrice: 550 },
      { recipeName: 'Wheat Bread', returnable: 3, lastPrice: 700, maxPrice: 700 },
    ]);
  });

  it('answers 201 with the return, spoiled by default, without adding loaves back', async () => {
    const before = (await admin.get<AvailableLoaves[]>('/api/available-loaves')).body;
    const reply = await giveBack(shop, 'Agege Bread', 4, 550, { notes: 'Mouldy' });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      id: expect.any(String),
      distributorId: shop.id,
      recipeName: 'Agege Bread',
      loavesReturned: 4,
      pricePerLoaf: 550,
      reason: 'spoiled',
      notes: 'Mouldy',
      createdAt: expect.any(String),
    });
    expect((await admin.get('/api/available-loaves')).body).toEqual(before);
    expect(
      (await admin.get<BreadReturn[]>(`/api/bread-returns?distributorId=${shop.id}`)).body,
    ).toEqual([reply.body]);
    expect(figures(await account(shop))).toEqual({
      totalOwed: 7300, // 3,000 + 2,200 + 2,100
      totalPaid: 0,
      totalReturns: 2200,
      balance: 5100,
    });
  });

  it('refuses more loaves than the distributor bought less what it returned', async () => {
    const tooMany = await giveBack(shop, 'Agege Bread', 7, 500, { reason: 'damaged' });
    expect(tooMany.status).toBe(409);
    const message = 'Returns Shop can return at most 6 loaves of Agege Bread';
    expect(tooMany.body).toEqual({
      message,
      code: 'LOAVES_NOT_RETURNABLE',
      errors: [{ path: 'loavesReturned', message }],
    });

    expect((await giveBack(shop, 'Agege Bread', 5, 500, { reason: 'damaged' })).status).toBe(201);
    const one = await giveBack(shop, 'Agege Bread', 2, 500);
    expect(one.body).toMatchObject({
      message: 'Returns Shop can return at most 1 loaf of Agege Bread',
    });
    expect((await giveBack(shop, 'Agege Bread', 1, 500, { reason: 'damaged' })).status).toBe(201);
    expect(
      (await admin.get<ReturnableBread[]>(`/api/distributors/${shop.id}/returnable`)).body,
    ).toEqual([{ recipeName: 'Wheat Bread', returnable: 3, lastPrice: 700, maxPrice: 700 }]);

    const none = await giveBack(shop, 'Agege Bread', 1, 500);
    expect(none.status).toBe(409);
    const noneLeft = 'Returns Shop has no loaves of Agege Bread to return';
    expect(none.body).toEqual({
      message: noneLeft,
      code: 'LOAVES_NOT_RETURNABLE',
      errors: [{ path: 'loavesReturned', message: noneLeft }],
    });
  });

  it('refuses a bread the distributor never bought', async () => {
    const reply = await giveBack(shop, 'Coconut Bread', 1, 500);
    expect(reply.status).toBe(409);
    expect(reply.body).toMatchObject({
      message: 'Returns Shop has no loaves of Coconut Bread to return',
    });
    // Another distributor's purchases do not count.
    const other = await distributor('Never Bought');
    const theirs = await giveBack(other, 'Wheat Bread', 1, 700);
    expect(theirs.status).toBe(409);
    expect(theirs.body).toMatchObject({
      message: 'Never Bought has no loaves of Wheat Bread to return',
    });
    expect(
      (await admin.get<ReturnableBread[]>(`/api/distributors/${other.id}/returnable`)).body,
    ).toEqual([]);
  });

  it('lets only one of two returns of the last loaves through', async () => {
    const replies = await Promise.all([
      giveBack(shop, 'Wheat Bread', 2, 700),
      giveBack(shop, 'Wheat Bread', 2, 700),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(
      (await admin.get<ReturnableBread[]>(`/api/distributors/${shop.id}/returnable`)).body,
    ).toEqual([{ recipeName: 'Wheat Bread', returnable: 1, lastPrice: 700, maxPrice: 700 }]);
  });

  it('refuses a price per loaf above the most the distributor paid for that bread, recording nothing', async () => {
    const buyer = await distributor('Price Cap Shop');
    await sell(buyer, 'Agege Bread', 5, 600);
    await sell(buyer, 'Agege Bread', 5, 450);
    // Another bread's and another distributor's prices are no limit for this one.
    await sell(buyer, 'Wheat Bread', 1, 900);
    await sell(shop, 'Agege Bread', 1, 1000);
    expect(
      (await admin.get<ReturnableBread[]>(`/api/distributors/${buyer.id}/returnable`)).body,
    ).toEqual([
      { recipeName: 'Agege Bread', returnable: 10, lastPrice: 450, maxPrice: 600 },
      { recipeName: 'Wheat Bread', returnable: 1, lastPrice: 900, maxPrice: 900 },
    ]);
    const before = await account(buyer);

    const message =
      'Price per loaf cannot be more than ₦600.00, the most this distributor paid for Agege Bread';
    for (const price of [600.01, 5000, 1_000_000_000]) {
      const reply = await giveBack(buyer, 'Agege Bread', 1, price);
      expect(reply.status, String(price)).toBe(400);
      expect(reply.body).toEqual({
        message,
        code: 'INVALID_INPUT',
        errors: [{ path: 'pricePerLoaf', message }],
      });
    }
    expect(await account(buyer)).toEqual(before);
    expect((await admin.get(`/api/bread-returns?distributorId=${buyer.id}`)).body).toEqual([]);

    // The highest price it paid, not the last, is the limit; below it is a lower credit.
    expect((await giveBack(buyer, 'Agege Bread', 1, 600)).status).toBe(201);
    expect((await giveBack(buyer, 'Agege Bread', 1, 0)).status).toBe(201);
    expect(figures(await account(buyer))).toMatchObject({ totalReturns: 600 });
  });

  it('asks for the price per loaf: the spec gives it no default', async () => {
    const reply = await admin.post('/api/bread-returns', {
      distributorId: shop.id,
      recipeName: 'Wheat Bread',
      loavesReturned: 1,
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ errors: [{ path: 'pricePerLoaf' }] });
  });

  it.each([
    [{ loavesReturned: 0 }, 'loavesReturned', 'Must return at least 1 loaf'],
    [{ loavesReturned: 2.5 }, 'loavesReturned', 'Whole loaves only'],
    [{ pricePerLoaf: -1 }, 'pricePerLoaf', 'Price cannot be negative'],
    [{ reason: 'stale' }, 'reason', 'Choose a reason'],
    [{ recipeName: '' }, 'recipeName', 'Choose a bread type'],
  ])('refuses %j with 400 on %s', async (extra, path, message) => {
    const reply = await giveBack(shop, 'Wheat Bread', 1, 700, extra);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message, code: 'INVALID_INPUT', errors: [{ path, message }] });
  });

  it('answers 404 for a distributor that does not exist', async () => {
    const reply = await giveBack({ id: randomUUID() }, 'Wheat Bread', 1, 700);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ message: 'Distributor not found', code: 'NOT_FOUND' });
  });

  it('answers 404 for the returnable breads of a distributor that does not exist', async () => {
    // Every other /api/distributors/{id}… call answers 404 for an unknown id.
    const returnable = await admin.get(`/api/distributors/${randomUUID()}/returnable`);
    expect(returnable.status).toBe(404);
    expect(returnable.body).toEqual({ message: 'Distributor not found', code: 'NOT_FOUND' });
  });
});

describe('payments and returns are financial records', () => {
  it('cannot be edited or deleted: there is no such call', async () => {
    const shop = await distributor('Fixed Records');
    await sell(shop, 'Agege Bread', 5, 500);
    const payment = (await pay(shop, 100)).body;
    const back = (await giveBack(shop, 'Agege Bread', 1, 500)).body;
    const before = await account(shop);
    for (const url of [
      `/api/distributor-payments/${payment.id}`,
      `/api/bread-returns/${back.id}`,
    ]) {
      for (const reply of [
        await admin.patch(url, { amount: 1, loavesReturned: 1 }),
        await admin.call('PUT', url, { amount: 1 }),
        await admin.delete(url),
      ]) {
        expect(reply.status, url).toBe(404);
      }
    }
    expect(await account(shop)).toEqual(before);
  });
});

endsWithRollupsMatchingRecords(() => testApp.database.db);
