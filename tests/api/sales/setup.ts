import { afterAll, beforeAll } from 'vitest';
import type { DistributorWithAccount } from '../../../src/domain/contracts/distributors';
import type {
  AvailableLoaves,
  SalesSummary,
  SaleTransaction,
} from '../../../src/domain/contracts/sales';
import type { ApiClient } from '../../support/api-client';
import { bakeryFixtures } from '../../support/fixtures';
import { firstAdmin } from '../../support/personas';
import { createTestApp, type TestApp } from '../../support/test-app';

export let testApp: TestApp;
export let admin: ApiClient;
export let mama: DistributorWithAccount;

/** Helpers bound to one app and its admin, so that a second database can use them too. */
export function helpers(client: () => ApiClient) {
  const fixtures = bakeryFixtures(client);
  const { distributor } = fixtures;
  /** A planned batch of the bread, with a number of its own. */
  const batch = (breadName: string) => fixtures.batch(breadName, 'S');
  /** A batch completed with that many loaves, `hoursAgo` hours ago. */
  const bake = (breadName: string, loavesProduced: number, hoursAgo = 0) =>
    fixtures.bake(breadName, loavesProduced, { hoursAgo, prefix: 'S' });

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

  return { batch, bake, distributor, sell, available, availableOf, summary };
}

export const { batch, bake, distributor, sell, available, availableOf } = helpers(() => admin);

/** One app for the test file, its admin and a distributor, Mama Tunde Stores. */
export function setUpSalesApp() {
  beforeAll(async () => {
    testApp = await createTestApp();
    admin = await firstAdmin(testApp);
    mama = await distributor('Mama Tunde Stores');
  });
  afterAll(() => testApp.close());
}
