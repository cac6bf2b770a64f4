import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import type { InventoryItem, StockMovement } from '../../../src/domain/contracts/inventory';
import type { ProductionBatch } from '../../../src/domain/contracts/production';
import type { Recipe } from '../../../src/domain/contracts/recipes';
import type { ApiClient } from '../../support/api-client';
import { bakeryFixtures, created, lagosDate } from '../../support/fixtures';
import { firstAdmin } from '../../support/personas';
import { createTestApp, type TestApp } from '../../support/test-app';

export const LAGOS = 'Africa/Lagos';
export const ADMIN_NAME = 'Ada Baker admin';

export let testApp: TestApp;
export let admin: ApiClient;
export let flour: InventoryItem;
export let yeast: InventoryItem;
export let salt: InventoryItem;
export let oil: InventoryItem;
export let sugar: InventoryItem;
export let agege: Recipe;
export let flourLoaf: Recipe;

/** Helpers bound to one app and its admin, so that a second database can use them too. */
export function helpers(client: () => ApiClient) {
  let numbered = 0;
  const fixtures = bakeryFixtures(client);
  const addItem = (
    name: string,
    unit: string,
    currentStock: number,
    unitCost: number,
    category = 'ingredients',
  ) => fixtures.addItem(name, { unit, currentStock, unitCost, category });
  const { addRecipe } = fixtures;

  /**
   * Creates a batch with a number of its own (the default number repeats whenever two
   * timestamps end in the same 3 digits; the tests of the default number create theirs).
   */
  async function createBatch(recipe: Recipe, flourKg: number, extra: Record<string, unknown> = {}) {
    numbered += 1;
    return created(
      client().post<ProductionBatch>('/api/production-batches', {
        recipeId: recipe.id,
        flourKg,
        batchNumber: `T-${numbered}`,
        ...extra,
      }),
    );
  }

  const patch = (batch: { id: string }, body: Record<string, unknown>) =>
    client().patch<ProductionBatch>(`/api/production-batches/${batch.id}`, body);

  async function stock(...items: { id: string }[]) {
    const all = (await client().get<InventoryItem[]>('/api/inventory')).body;
    return items.map((item) => all.find((i) => i.id === item.id)?.currentStock);
  }

  const movements = async (item: { id: string }) =>
    (await client().get<StockMovement[]>(`/api/inventory/${item.id}/movements`)).body;

  return { addItem, addRecipe, createBatch, patch, stock, movements };
}

export const { addItem, addRecipe, createBatch, patch, stock, movements } = helpers(() => admin);

/** The business date as yyyyMMdd in Lagos, worked out independently of the code under test. */
export const lagosDigits = (at: Date) => lagosDate(at).replaceAll('-', '');

/** One app for the test file: an admin, five ingredients, Agege Bread and a 2 kg Flour Loaf. */
export function setUpProductionApp() {
  beforeAll(async () => {
    testApp = await createTestApp();
    admin = await firstAdmin(testApp);
    // Sorts before "Bread Flour" but is packaging: never the flour item of the cost rule.
    await addItem('A Flour bag', 'kg', 10, 99_999, 'packaging');
    flour = await addItem('Bread Flour', 'kg', 1000, 1150.5);
    yeast = await addItem('Instant Yeast', 'kg', 10, 3500);
    salt = await addItem('Salt', 'g', 5000, 0.35);
    oil = await addItem('Vegetable Oil', 'liters', 20, 2400);
    sugar = await addItem('Sugar', 'kg', 50, 900.2);
    agege = await addRecipe('Agege Bread', {
      ingredients: [
        { itemId: yeast.id, quantity: 20, unit: 'g' },
        { itemId: salt.id, quantity: 0.018, unit: 'kg' },
        { itemId: oil.id, quantity: 30, unit: 'ml' },
        { itemId: sugar.id, quantity: 0.1, unit: 'kg' },
      ],
    });
    flourLoaf = await addRecipe('Flour Loaf', {
      baseFlourKg: 2,
      ingredients: [
        { itemId: flour.id, quantity: 2, unit: 'kg' },
        { itemId: yeast.id, quantity: 30, unit: 'g' },
      ],
    });
  });
  afterAll(() => testApp.close());
  afterEach(() => {
    vi.useRealTimers();
  });
}
