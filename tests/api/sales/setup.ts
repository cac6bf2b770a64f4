import { afterAll, beforeAll } from 'vitest';
import type { DistributorWithAccount } from '../../../src/domain/distributor-schemas';
import type { InventoryItem } from '../../../src/domain/contracts/inventory';
import type { ProductionBatch } from '../../../src/domain/production-schemas';
import type { Recipe } from '../../../src/domain/contracts/recipes';
import type { AvailableLoaves, SalesSummary, SaleTransaction } from '../../../src/domain/contracts/sales';
import { ApiClient } from '../../support/api-client';
import { firstAdmin } from '../../support/personas';
import { createTestApp, type TestApp } from '../../support/test-app';

export let testApp: TestApp;
export let admin: ApiClient;
export let mama: DistributorWithAccount;

export const HOUR = 3_600_000;

/** Helpers bound to one app and its admin, so that a second database can use them too. */
export function helpers(client: () => ApiClient) {
  let numbered = 0;
  let yeast: InventoryItem | undefined;
  const recipes = new Map<string, Recipe>();

  async function recipe(name: string) {
    const known = recipes.get(name);
    if (known) return known;
    if (!yeast) {
      const item = await client().post<InventoryItem>('/api/inventory', {
        name: 'Yeast',
        category: 'ingredients',
        unit: 'kg',
        currentStock: 10_000,
        minStock: 0,
        unitCost: 3000,
      });
      if (item.status !== 201) throw new Error(JSON.stringify(item.body));
      yeast = item.body;
    }
    const reply = await client().post<Recipe>('/api/recipes', {
      name,
      ingredients: [{ itemId: yeast.id, quantity: 10, unit: 'g' }],
    });
    if (reply.status !== 201) throw new Error(JSON.stringify(reply.body));
    recipes.set(name, reply.body);
    return reply.body;
  }

  /** A planned batch of the recipe, with a number of its own. */
  async function batch(recipeName: string) {
    numbered += 1;
    const reply = await client().post<ProductionBatch>('/api/production-batches', {
      recipeId: (await recipe(recipeName)).id,
      flourKg: 1,
      batchNumber: `S-${numbered}`,
    });
    if (reply.status !== 201) throw new Error(JSON.stringify(reply.body));
    return reply.body;
  }

  /** A batch completed with that many loaves, `hoursAgo` hours ago. */
  async function bake(recipeName: string, loavesProduced: number, hoursAgo = 0) {
    const planned = await batch(recipeName);
    const reply = await client().patch<ProductionBatch>(`/api/production-batches/${planned.id}`, {
      status: 'completed',
      loavesProduced,
      completedAt: new Date(Date.now() - hoursAgo * HOUR - 1000).toISOString(),
    });
    if (reply.status !== 200) throw new Error(JSON.stringify(reply.body));
    return reply.body;
  }

  async function distributor(name: string) {
    const reply = await client().post<DistributorWithAccount>('/api/distributors', {
      name,
      address: '12 Allen Avenue, Ikeja',
      phone: '0803 000 0000',
    });
    if (reply.status !== 201) throw new Error(JSON.stringify(reply.body));
    return reply.body;
  }

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

  return { recipe, batch, bake, distributor, sell, available, availableOf, summary };
}

export const { batch, bake, distributor, sell, available, availableOf } = helpers(() => admin);

/** One app for the test file, its admin and a distributor, Mama Tunde Stores. */
export function useSalesApp() {
beforeAll(async () => {
  testApp = await createTestApp();
  admin = await firstAdmin(testApp);
  mama = await distributor('Mama Tunde Stores');
});
afterAll(() => testApp.close());
}
