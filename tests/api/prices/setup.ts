import { afterAll, beforeAll } from 'vitest';
import type { PriceChangeRecord, PriceList, SalePrice } from '../../../src/domain/contracts/prices';
import type { ApiClient } from '../../support/api-client';
import { testClock } from '../../support/clock';
import { bakeryFixtures, lagos } from '../../support/fixtures';
import { firstAdmin } from '../../support/personas';
import { createTestApp, type TestApp } from '../../support/test-app';

export let testApp: TestApp;
export let admin: ApiClient;
export let mama: { id: string; name: string };
export let alhaji: { id: string; name: string };

/** The bakery's clock: 09:00 in Lagos on Wednesday 10 June 2026, moved by tests. */
export const clock = testClock(lagos('2026-06-10T09:00:00').getTime());
export const TODAY = '2026-06-10';
export const TOMORROW = '2026-06-11';

export const fixtures = bakeryFixtures(() => admin);

export const setPrice = (body: Record<string, unknown>, client: () => ApiClient = () => admin) =>
  client().post<PriceChangeRecord>('/api/bread-prices', { effectiveFrom: TODAY, ...body });

export const priceList = async (date?: string) =>
  (await admin.get<PriceList>(`/api/bread-prices${date ? `?date=${date}` : ''}`)).body;

export const breadOn = async (recipeName: string, date?: string) =>
  (await priceList(date)).breads.find((bread) => bread.recipeName === recipeName);

export const priceForSale = async (to: { id: string }, recipeName: string) =>
  (
    await admin.get<SalePrice>(
      `/api/bread-prices/for-sale?distributorId=${to.id}&recipeName=${encodeURIComponent(recipeName)}`,
    )
  ).body;

/** One app on the moved clock for the test file, its admin and two distributors. */
export function setUpPricesApp() {
  beforeAll(async () => {
    testApp = await createTestApp({ now: clock.now });
    admin = await firstAdmin(testApp);
    mama = await fixtures.distributor('Mama Tunde Stores');
    alhaji = await fixtures.distributor('Alhaji Bello Ventures');
  });
  afterAll(() => testApp.close());
}
