import { describe, expect, it } from 'vitest';
import type { PriceChangeRecord } from '../../../src/domain/contracts/prices';
import {
  admin,
  alhaji,
  breadOn,
  clock,
  fixtures,
  mama,
  priceForSale,
  setPrice,
  setUpPricesApp,
  TODAY,
  TOMORROW,
} from './setup';

setUpPricesApp();

const HOUR = 3_600_000;

describe('the price list and the price a sale prefills', () => {
  it('lists every bread offered, without a price until one is set', async () => {
    await fixtures.bread('Agege Bread');
    await fixtures.bread('Deleted Loaf');
    const gone = await fixtures.bread('Deleted Loaf');
    expect((await admin.delete(`/api/recipes/${gone.id}`)).status).toBe(200);
    expect(await breadOn('Agege Bread')).toEqual({
      recipeName: 'Agege Bread',
      defaultPrice: null,
      ownPrices: [],
      scheduled: [],
    });
    expect(await breadOn('Deleted Loaf')).toBeUndefined();
    expect(await priceForSale(mama, 'Agege Bread')).toEqual({ pricePerLoaf: null, source: 'none' });
  });

  it('gives the default to everyone and an own price, with its difference, to its distributor', async () => {
    const set = await setPrice({ recipeName: 'Agege Bread', pricePerLoaf: 500 });
    expect(set.status).toBe(201);
    expect(set.body).toMatchObject({
      recipeName: 'Agege Bread',
      distributorId: null,
      pricePerLoaf: 500,
      effectiveFrom: TODAY,
      createdByName: expect.any(String),
    });
    expect(
      (await setPrice({ recipeName: 'Agege Bread', distributorId: mama.id, pricePerLoaf: 480.5 }))
        .status,
    ).toBe(201);
    expect(await breadOn('Agege Bread')).toMatchObject({
      defaultPrice: 500,
      ownPrices: [
        {
          distributorId: mama.id,
          distributorName: 'Mama Tunde Stores',
          pricePerLoaf: 480.5,
          difference: -19.5,
        },
      ],
      scheduled: [],
    });
    expect(await priceForSale(mama, 'Agege Bread')).toEqual({ pricePerLoaf: 480.5, source: 'own' });
    expect(await priceForSale(alhaji, 'Agege Bread')).toEqual({
      pricePerLoaf: 500,
      source: 'default',
    });
  });

  it('keeps a change dated later as scheduled until its day, then in force', async () => {
    await setPrice({ recipeName: 'Agege Bread', pricePerLoaf: 550, effectiveFrom: TOMORROW });
    const today = await breadOn('Agege Bread');
    expect(today?.defaultPrice).toBe(500);
    expect(today?.scheduled).toMatchObject([{ pricePerLoaf: 550, effectiveFrom: TOMORROW }]);
    expect(await breadOn('Agege Bread', TOMORROW)).toMatchObject({
      defaultPrice: 550,
      ownPrices: [{ pricePerLoaf: 480.5, difference: -69.5 }],
      scheduled: [],
    });
    expect((await priceForSale(alhaji, 'Agege Bread')).pricePerLoaf).toBe(500);
    // To midnight in Lagos, reading on the way so the session stays alive.
    for (let step = 0; step < 3; step += 1) {
      clock.advance(5 * HOUR);
      await priceForSale(alhaji, 'Agege Bread');
    }
    expect((await priceForSale(alhaji, 'Agege Bread')).pricePerLoaf).toBe(550);
    expect((await breadOn('Agege Bread'))?.defaultPrice).toBe(550);
  });

  it('takes the newest change of the same day, and falls back to the default when an own price is withdrawn', async () => {
    await setPrice({
      recipeName: 'Agege Bread',
      distributorId: alhaji.id,
      pricePerLoaf: 520,
      effectiveFrom: TOMORROW,
    });
    await setPrice({
      recipeName: 'Agege Bread',
      distributorId: alhaji.id,
      pricePerLoaf: 530,
      effectiveFrom: TOMORROW,
    });
    expect(await priceForSale(alhaji, 'Agege Bread')).toEqual({ pricePerLoaf: 530, source: 'own' });
    await setPrice({
      recipeName: 'Agege Bread',
      distributorId: alhaji.id,
      pricePerLoaf: null,
      effectiveFrom: TOMORROW,
    });
    expect(await priceForSale(alhaji, 'Agege Bread')).toEqual({
      pricePerLoaf: 550,
      source: 'default',
    });
    expect((await breadOn('Agege Bread'))?.ownPrices.map((own) => own.distributorId)).toEqual([
      mama.id,
    ]);
  });

  it("keeps every change: a bread's and a distributor's history, newest first, paged", async () => {
    const history = async (query: string) =>
      (await admin.get<PriceChangeRecord[]>(`/api/bread-prices/history?${query}`)).body;
    const ofAlhaji = await history(`distributorId=${alhaji.id}`);
    expect(ofAlhaji.map((change) => change.pricePerLoaf)).toEqual([null, 530, 520]);
    expect(ofAlhaji[0]?.distributorName).toBe('Alhaji Bello Ventures');
    const ofBread = await history('recipeName=Agege%20Bread');
    expect(ofBread).toHaveLength(6);
    expect(ofBread.map((change) => change.effectiveFrom)).toEqual([
      TOMORROW,
      TOMORROW,
      TOMORROW,
      TOMORROW,
      TODAY,
      TODAY,
    ]);
    expect(await history('recipeName=Agege%20Bread&limit=2&offset=4')).toEqual(ofBread.slice(4));
  });
});

// From here on the bakery's today is TOMORROW: TODAY is in the past.
describe('refused changes', () => {
  const refused = async (body: Record<string, unknown>) => {
    const reply = await setPrice({
      recipeName: 'Agege Bread',
      pricePerLoaf: 500,
      effectiveFrom: TOMORROW,
      ...body,
    });
    return { status: reply.status, body: reply.body as unknown as Record<string, unknown> };
  };

  it('answers 400 with the field and its message, and records nothing', async () => {
    const before = (await admin.get<unknown[]>('/api/bread-prices/history?limit=500')).body.length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ recipeName: 'Moon Bread' }, 'recipeName', 'No bread is named Moon Bread'],
      [{ pricePerLoaf: -1 }, 'pricePerLoaf', 'Price cannot be negative'],
      [{ pricePerLoaf: 500.123 }, 'pricePerLoaf', 'Price can have at most 2 decimal places'],
      [{ effectiveFrom: TODAY }, 'effectiveFrom', 'A price change cannot be dated in the past'],
      [
        { pricePerLoaf: null },
        'pricePerLoaf',
        'A default price cannot be withdrawn: set a new price instead',
      ],
      [
        { distributorId: '7f0c2a8e-7a8a-4e43-9d36-1c2b6f3f1a11' },
        'distributorId',
        'No such distributor',
      ],
    ];
    for (const [body, path, message] of cases) {
      const reply = await refused(body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.code).toBe('INVALID_INPUT');
      expect(reply.body.errors).toContainEqual({ path, message });
    }
    expect((await admin.get<unknown[]>('/api/bread-prices/history?limit=500')).body).toHaveLength(
      before,
    );
  });

  it("refuses an archived distributor's price with 409", async () => {
    const gone = await fixtures.distributor('Closed Kiosk');
    await fixtures.bake('Agege Bread', 2);
    await admin.post('/api/sales-transactions', {
      distributorId: gone.id,
      recipeName: 'Agege Bread',
      loavesTaken: 1,
      pricePerLoaf: 500,
    });
    expect((await admin.delete(`/api/distributors/${gone.id}`)).body).toMatchObject({
      action: 'archived',
    });
    const reply = await refused({ distributorId: gone.id });
    expect(reply.status).toBe(409);
    expect(reply.body).toMatchObject({ code: 'DISTRIBUTOR_ARCHIVED' });
    expect(reply.body.errors).toEqual([
      {
        path: 'distributorId',
        message: 'Closed Kiosk is archived: unarchive it to give it a price',
      },
    ]);
  });
});
