import { afterAll, beforeAll } from 'vitest';
import type { BreadReturn, DistributorPayment, DistributorWithAccount } from '../../../src/domain/distributor-schemas';
import type { InventoryItem } from '../../../src/domain/contracts/inventory';
import type { ProductionBatch } from '../../../src/domain/production-schemas';
import type { Recipe } from '../../../src/domain/contracts/recipes';
import type { SaleTransaction } from '../../../src/domain/contracts/sales';
import { ApiClient } from '../../support/api-client';
import { firstAdmin } from '../../support/personas';
import { createTestApp, type TestApp } from '../../support/test-app';

const LAGOS = 'Africa/Lagos';

export let testApp: TestApp;
export let admin: ApiClient;
let yeast: InventoryItem;
let numbered = 0;
const recipes = new Map<string, Recipe>();

export async function recipe(name: string) {
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
export async function bake(recipeName: string, loavesProduced: number) {
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

export const newDistributor = (name: string, extra: Record<string, unknown> = {}) =>
  admin.post<DistributorWithAccount>('/api/distributors', {
    name,
    address: '12 Allen Avenue, Ikeja',
    phone: '0803 000 0000',
    ...extra,
  });

export async function distributor(name: string) {
  const reply = await newDistributor(name);
  if (reply.status !== 201) throw new Error(JSON.stringify(reply.body));
  return reply.body;
}

export async function sell(
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
export const figures = ({ totalOwed, totalPaid, totalReturns, balance }: DistributorWithAccount) => ({
  totalOwed,
  totalPaid,
  totalReturns,
  balance,
});
export const list = async (query = '') =>
  (await admin.get<DistributorWithAccount[]>(`/api/distributors${query}`)).body;

/** The Lagos calendar date, worked out independently of the code under test. */
export const lagosDate = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: LAGOS }).format(at);

/** One app for the test file: an admin, and 1,000 loaves each of Agege and Wheat Bread to sell. */
export function useDistributorsApp() {
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
}
