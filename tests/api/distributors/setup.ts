import { afterAll, beforeAll } from 'vitest';
import type {
  BreadReturn,
  DistributorPayment,
  DistributorWithAccount,
} from '../../../src/domain/contracts/distributors';
import type { SaleTransaction } from '../../../src/domain/contracts/sales';
import type { ApiClient } from '../../support/api-client';
import { bakeryFixtures, created } from '../../support/fixtures';
import { firstAdmin } from '../../support/personas';
import { createTestApp, type TestApp } from '../../support/test-app';

export let testApp: TestApp;
export let admin: ApiClient;

const fixtures = bakeryFixtures(() => admin);
export const { newDistributor, distributor } = fixtures;

export const sell = (
  to: { id: string },
  recipeName: string,
  loavesTaken: number,
  pricePerLoaf: number,
  amountPaid = 0,
) =>
  created(
    admin.post<SaleTransaction>('/api/sales-transactions', {
      distributorId: to.id,
      recipeName,
      loavesTaken,
      pricePerLoaf,
      amountPaid,
    }),
  );

export const pay = (to: { id: string }, amount: number, extra: Record<string, unknown> = {}) =>
  admin.post<DistributorPayment>('/api/distributor-payments', {
    distributorId: to.id,
    amount,
    ...extra,
  });

export const giveBack = (
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

export const account = async (of: { id: string }) =>
  (await admin.get<DistributorWithAccount>(`/api/distributors/${of.id}`)).body;
export const figures = ({
  totalOwed,
  totalPaid,
  totalReturns,
  balance,
}: DistributorWithAccount) => ({
  totalOwed,
  totalPaid,
  totalReturns,
  balance,
});
export const list = async (query = '') =>
  (await admin.get<DistributorWithAccount[]>(`/api/distributors${query}`)).body;

/** One app for the test file: an admin, and 1,000 loaves each of Agege and Wheat Bread to sell. */
export function setUpDistributorsApp() {
  beforeAll(async () => {
    testApp = await createTestApp();
    admin = await firstAdmin(testApp);
    await fixtures.bake('Agege Bread', 1000, { prefix: 'D' });
    await fixtures.bake('Wheat Bread', 1000, { prefix: 'D' });
  });
  afterAll(() => testApp.close());
}
