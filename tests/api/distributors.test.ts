import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BreadReturn,
  DistributorPayment,
  DistributorWithAccount,
  ReturnableBread,
} from '../../src/domain/distributor-schemas';
import type { InventoryItem } from '../../src/domain/inventory-schemas';
import type { ProductionBatch } from '../../src/domain/production-schemas';
import type { Recipe } from '../../src/domain/recipe-schemas';
import type { AvailableLoaves, SaleTransaction } from '../../src/domain/sales-schemas';
import type { Statement } from '../../src/domain/statement';
import { breadReturns, distributorPayments, salesTransactions } from '../../src/server/db/schema';
import { ApiClient } from '../support/api-client';
import { createRole, firstAdmin, userWithRole } from '../support/personas';
import { endsWithRollupsMatchingRecords } from '../support/rollups';
import { createTestApp, type TestApp } from '../support/test-app';

const LAGOS = 'Africa/Lagos';

let testApp: TestApp;
let admin: ApiClient;
let yeast: InventoryItem;
let numbered = 0;
const recipes = new Map<string, Recipe>();

async function recipe(name: string) {
  const known = recipes.get(name);
  if (known) return known;
  const reply = await admin.post<Recipe>('/api/recipes', {
    name,
    ingredients: [{ itemId: yeast.id, quantity: 10, unit: 'g' }],
  });
  if (reply.status !== 201) throw new Error(JSON.stringify(reply.body));
  recipes.set(name, reply.body);
  return reply.body;
}

/** A batch of the recipe completed with that many loaves. */
async function bake(recipeName: string, loavesProduced: number) {
  numbered += 1;
  const batch = await admin.post<ProductionBatch>('/api/production-batches', {
    recipeId: (await recipe(recipeName)).id,
    flourKg: 1,
    batchNumber: `D-${numbered}`,
  });
  if (batch.status !== 201) throw new Error(JSON.stringify(batch.body));
  const done = await admin.patch(`/api/production-batches/${batch.body.id}`, {
    status: 'completed',
    loavesProduced,
  });
  if (done.status !== 200) throw new Error(JSON.stringify(done.body));
}

const newDistributor = (name: string, extra: Record<string, unknown> = {}) =>
  admin.post<DistributorWithAccount>('/api/distributors', {
    name,
    address: '12 Allen Avenue, Ikeja',
    phone: '0803 000 0000',
    ...extra,
  });

async function distributor(name: string) {
  const reply = await newDistributor(name);
  if (reply.status !== 201) throw new Error(JSON.stringify(reply.body));
  return reply.body;
}

async function sell(
  to: { id: string },
  recipeName: string,
  loavesTaken: number,
  pricePerLoaf: number,
  amountPaid = 0,
) {
  const reply = await admin.post<SaleTransaction>('/api/sales-transactions', {
    distributorId: to.id,
    recipeName,
    loavesTaken,
    pricePerLoaf,
    amountPaid,
  });
  if (reply.status !== 201) throw new Error(JSON.stringify(reply.body));
  return reply.body;
}

const pay = (to: { id: string }, amount: number, extra: Record<string, unknown> = {}) =>
  admin.post<DistributorPayment>('/api/distributor-payments', {
    distributorId: to.id,
    amount,
    ...extra,
  });

const giveBack = (
  from: { id: string },
  recipeName: string,
  loavesReturned: number,
  pricePerLoaf: number,
  extra: Record<string, unknown> = {},
) =>
  admin.post<BreadReturn>('/api/bread-returns', {
    distributorId: from.id,
    recipeName,
    loavesReturned,
    pricePerLoaf,
    ...extra,
  });

const account = async (of: { id: string }) =>
  (await admin.get<DistributorWithAccount>(`/api/distributors/${of.id}`)).body;
const figures = ({ totalOwed, totalPaid, totalReturns, balance }: DistributorWithAccount) => ({
  totalOwed,
  totalPaid,
  totalReturns,
  balance,
});
const list = async (query = '') =>
  (await admin.get<DistributorWithAccount[]>(`/api/distributors${query}`)).body;

/** The Lagos calendar date, worked out independently of the code under test. */
const lagosDate = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: LAGOS }).format(at);

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await firstAdmin(testApp);
  const item = await admin.post<InventoryItem>('/api/inventory', {
    name: 'Yeast',
    category: 'ingredients',
    unit: 'kg',
    currentStock: 10_000,
    minStock: 0,
    unitCost: 3000,
  });
  yeast = item.body;
  await bake('Agege Bread', 1000);
  await bake('Wheat Bread', 1000);
});
afterAll(() => testApp.close());

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
    expect(reply.body).toEqual({ message, errors: [{ path, message }] });
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
      expect(reply.body).toEqual({ message, errors: [{ path, message }] });
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
      expect(reply.body).toEqual({ message: 'Distributor not found' });
    }
    const bad = await admin.get('/api/distributors/not-an-id');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      message: 'Not a valid id',
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

describe('payments', () => {
  it('answers 201 with the payment, cash by default, and lists it newest first', async () => {
    const shop = await distributor('Payment Shop');
    const first = await pay(shop, 2500);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(String),
      distributorId: shop.id,
      amount: 2500,
      paymentMethod: 'cash',
      description: null,
      createdAt: expect.any(String),
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
    expect(reply.body).toEqual({ message, errors: [{ path, message }] });
  });

  it('refuses a list filter that is not an id', async () => {
    const reply = await admin.get('/api/distributor-payments?distributorId=shop');
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('distributorId must be an id');
  });

  it('answers 404 for a payment from a distributor that does not exist', async () => {
    const reply = await pay({ id: randomUUID() }, 100);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ message: 'Distributor not found' });
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
    expect(tooMany.body).toEqual({ message, errors: [{ path: 'loavesReturned', message }] });

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
      expect(reply.body).toEqual({ message, errors: [{ path: 'pricePerLoaf', message }] });
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
    expect(reply.body).toEqual({ message, errors: [{ path, message }] });
  });

  it('answers 404 for a distributor that does not exist', async () => {
    const reply = await giveBack({ id: randomUUID() }, 'Wheat Bread', 1, 700);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ message: 'Distributor not found' });
  });

  it('answers 404 for the returnable breads of a distributor that does not exist', async () => {
    // Every other /api/distributors/{id}… call answers 404 for an unknown id.
    const returnable = await admin.get(`/api/distributors/${randomUUID()}/returnable`);
    expect(returnable.status).toBe(404);
    expect(returnable.body).toEqual({ message: 'Distributor not found' });
  });
});

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
  ])('archives a distributor with %s instead of deleting it', async (_what, record) => {
    const used = await distributor(`Used ${randomUUID().slice(0, 8)}`);
    await record(used);
    const before = await account(used);
    const reply = await admin.delete(`/api/distributors/${used.id}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      action: 'archived',
      message: `${used.name} has sales, payments or returns, so it was archived instead of deleted`,
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
    expect(again.body).toEqual({ message: 'Come Back Stores is already archived' });
    expect((await account(shop)).archived).toBe(true);

    const back = await admin.patch(`/api/distributors/${shop.id}/unarchive`);
    expect(back.status).toBe(200);
    expect(back.body).toEqual({ message: 'Come Back Stores is back on the active list' });
    expect(await account(shop)).toMatchObject({ archived: false, totalOwed: 1000, balance: 1000 });
    expect((await list()).map((d) => d.id)).toContain(shop.id);

    const twice = await admin.patch(`/api/distributors/${shop.id}/unarchive`);
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ message: 'Come Back Stores is not archived' });

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

describe('statements', () => {
  let shop: DistributorWithAccount;
  const ids: Record<string, string> = {};

  /** An instant given as Lagos wall-clock time (UTC+1 all year). */
  const lagos = (wallClock: string) => new Date(`${wallClock}+01:00`);
  const move = async (
    table: typeof salesTransactions | typeof distributorPayments | typeof breadReturns,
    id: string,
    createdAt: Date,
  ) => {
    await testApp.database.db.update(table).set({ createdAt }).where(eq(table.id, id));
  };
  const statement = (query = '') =>
    admin.get<Statement>(`/api/distributors/${shop.id}/statement${query}`);

  beforeAll(async () => {
    shop = await distributor("Mama Nkechi's Store, Yaba");
    // Before March 2025: 10 × 100 paid 200, then a payment of 100 at 23:30 on 28 February.
    ids.s0 = (await sell(shop, 'Agege Bread', 10, 100, 200)).id;
    await move(salesTransactions, ids.s0, lagos('2025-02-27T10:00:00'));
    ids.p0 = (await pay(shop, 100)).body.id;
    await move(distributorPayments, ids.p0, lagos('2025-02-28T23:30:00'));
    // March 2025, recorded in the reverse of their dates: a return at 23:30 on the 31st,
    // a payment mid-month, and a sale at 00:30 on the 1st.
    ids.r1 = (await giveBack(shop, 'Agege Bread', 2, 100, { reason: 'quality_issue' })).body.id;
    await move(breadReturns, ids.r1, lagos('2025-03-31T23:30:00'));
    ids.p1 = (await pay(shop, 0.2, { paymentMethod: 'bank_transfer', description: 'GTB' })).body.id;
    await move(distributorPayments, ids.p1, lagos('2025-03-15T12:00:00'));
    ids.s1 = (await sell(shop, 'Agege Bread', 5, 0.1, 0.1)).id;
    await move(salesTransactions, ids.s1, lagos('2025-03-01T00:30:00'));
    // 00:30 on 1 April in Lagos is still 31 March in UTC.
    ids.p2 = (await pay(shop, 50)).body.id;
    await move(distributorPayments, ids.p2, lagos('2025-04-01T00:30:00'));
  });

  it('lists the lines of the range in date order with a running balance', async () => {
    const reply = await statement('?startDate=2025-03-01&endDate=2025-03-31');
    expect(reply.status).toBe(200);
    const { createdAt, updatedAt, id, name, address, phone } = shop;
    expect(reply.body).toEqual({
      distributor: { id, name, address, phone, archived: false, createdAt, updatedAt },
      startDate: '2025-03-01',
      endDate: '2025-03-31',
      openingBalance: 700, // 1,000 − 200 paid − 100
      totalCharges: 0.5,
      totalCredits: 200.3,
      closingBalance: 500.2,
      lines: [
        {
          kind: 'sale',
          id: ids.s1,
          at: '2025-02-28T23:30:00.000Z',
          description: '5 × Agege Bread at ₦0.10, ₦0.10 paid',
          charge: 0.5,
          credit: 0.1,
          balance: 700.4,
        },
        {
          kind: 'payment',
          id: ids.p1,
          at: '2025-03-15T11:00:00.000Z',
          description: 'Payment by Bank Transfer: GTB',
          charge: 0,
          credit: 0.2,
          balance: 700.2,
        },
        {
          kind: 'return',
          id: ids.r1,
          at: '2025-03-31T22:30:00.000Z',
          description: '2 × Agege Bread returned (Quality Issue) at ₦100.00',
          charge: 0,
          credit: 200,
          balance: 500.2,
        },
      ],
    });
  });

  it('keeps 23:30 Lagos time on the end date in, and 00:30 the next day out', async () => {
    const lastDay = (await statement('?startDate=2025-03-31&endDate=2025-03-31')).body;
    expect(lastDay.lines.map((line) => line.id)).toEqual([ids.r1]);
    expect(lastDay.openingBalance).toBe(700.2);
    expect(lastDay.closingBalance).toBe(500.2);

    const firstOfApril = (await statement('?startDate=2025-04-01&endDate=2025-04-01')).body;
    expect(firstOfApril.lines.map((line) => line.id)).toEqual([ids.p2]);
    expect(firstOfApril.openingBalance).toBe(500.2);
    expect(firstOfApril.closingBalance).toBe(450.2);

    const february = (await statement('?startDate=2025-02-01&endDate=2025-02-28')).body;
    expect(february.lines.map((line) => line.id)).toEqual([ids.s0, ids.p0]);
    expect(february.openingBalance).toBe(0);
    expect(february.closingBalance).toBe(700);
  });

  it('has nothing but the opening balance for a quiet range', async () => {
    const quiet = (await statement('?startDate=2025-03-16&endDate=2025-03-30')).body;
    expect(quiet).toMatchObject({
      openingBalance: 700.2,
      lines: [],
      totalCharges: 0,
      totalCredits: 0,
      closingBalance: 700.2,
    });
  });

  it("covers this month so far by default, closing at the card's balance", async () => {
    const now = new Date();
    const today = lagosDate(now);
    const empty = (await statement()).body;
    expect(empty).toMatchObject({
      startDate: `${today.slice(0, 8)}01`,
      endDate: today,
      openingBalance: 450.2,
      lines: [],
      closingBalance: 450.2,
    });

    const sale = await sell(shop, 'Wheat Bread', 3, 0.1, 0);
    const payment = (await pay(shop, 0.1)).body;
    const current = (await statement()).body;
    expect(current.openingBalance).toBe(450.2);
    expect(current.lines.map((line) => [line.id, line.balance])).toEqual([
      [sale.id, 450.5],
      [payment.id, 450.4],
    ]);
    expect(current.closingBalance).toBe(450.4);
    expect(current.closingBalance).toBe((await account(shop)).balance);
  });

  it('refuses an end date before the start date, and dates that are not dates', async () => {
    const backwards = await statement('?startDate=2025-03-10&endDate=2025-03-09');
    expect(backwards.status).toBe(400);
    expect(backwards.body).toEqual({
      message: 'End date cannot be before the start date',
      errors: [{ path: 'endDate', message: 'End date cannot be before the start date' }],
    });
    for (const [query, path, message] of [
      ['?startDate=10/03/2025', 'startDate', 'Start date must be a date (yyyy-MM-dd)'],
      ['?endDate=2025-02-30', 'endDate', 'End date must be a date (yyyy-MM-dd)'],
      ['?startDate=1899-12-31', 'startDate', 'Start date cannot be before 1900-01-01'],
    ] as const) {
      const reply = await statement(query);
      expect(reply.status, query).toBe(400);
      expect(reply.body).toEqual({ message, errors: [{ path, message }] });
    }
    expect((await statement('?from=2025-03-01')).status).toBe(400);
  });

  it('never answers with a range that ends before it starts', async () => {
    // Only a start date, after today: the end date defaults to today.
    const tomorrow = lagosDate(new Date(Date.now() + 24 * 3_600_000));
    const reply = await statement(`?startDate=${tomorrow}`);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      message: 'Start date cannot be in the future',
      errors: [{ path: 'startDate', message: 'Start date cannot be in the future' }],
    });
  });

  it('downloads as CSV with a byte-order mark and a file name', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/distributors/${shop.id}/statement.csv?startDate=2025-03-01&endDate=2025-03-31`,
      headers: { cookie: admin.sessionCookie as string },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="statement-Mama-Nkechi-s-Store-Yaba-2025-03-01-to-2025-03-31.csv"',
    );
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(response.body.startsWith('\ufeff')).toBe(true);
    expect(response.body.slice(1).split('\r\n')).toEqual([
      'Date,Type,Description,Charge,Credit,Balance',
      '2025-03-01,,Opening balance,,,700.00',
      '2025-03-01 00:30,Sale,"5 × Agege Bread at ₦0.10, ₦0.10 paid",0.50,0.10,700.40',
      '2025-03-15 12:00,Payment,Payment by Bank Transfer: GTB,,0.20,700.20',
      '2025-03-31 23:30,Return,2 × Agege Bread returned (Quality Issue) at ₦100.00,,200.00,500.20',
      '2025-03-31,,Closing balance,0.50,200.30,500.20',
      '',
    ]);
  });

  it('refuses a CSV for a bad range or an unknown distributor', async () => {
    const inject = (url: string) =>
      testApp.app.inject({
        method: 'GET',
        url,
        headers: { cookie: admin.sessionCookie as string },
      });
    const backwards = await inject(
      `/api/distributors/${shop.id}/statement.csv?startDate=2025-03-10&endDate=2025-03-09`,
    );
    expect(backwards.statusCode).toBe(400);
    expect(JSON.parse(backwards.body).message).toBe('End date cannot be before the start date');
    const missing = await inject(`/api/distributors/${randomUUID()}/statement.csv`);
    expect(missing.statusCode).toBe(404);
  });
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

    const change = { message: 'You do not have permission to change Distributors' };
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
    });
    expect((await account(shop)).archived).toBe(false);

    await admin.delete(`/api/distributors/${shop.id}`);
    const unarchive = await writer.patch(`/api/distributors/${shop.id}/unarchive`);
    expect(unarchive.status).toBe(403);
    expect(unarchive.body).toEqual({
      message: 'You do not have permission to delete from Distributors',
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
