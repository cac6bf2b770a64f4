import { afterAll, beforeAll } from 'vitest';
import type { InventoryItem } from '../../../src/domain/contracts/inventory';
import type { Recipe } from '../../../src/domain/contracts/recipes';
import type { ApiClient } from '../../support/api-client';
import { bakeryFixtures, created } from '../../support/fixtures';
import { firstAdmin } from '../../support/personas';
import { createTestApp, type TestApp } from '../../support/test-app';

export let testApp: TestApp;
export let admin: ApiClient;
export let yeast: InventoryItem;
export let salt: InventoryItem;
export let oil: InventoryItem;
export let eggs: InventoryItem;
export let bags: InventoryItem;

const fixtures = bakeryFixtures(() => admin);
export const addItem = (name: string, unit: string, category = 'ingredients') =>
  fixtures.addItem(name, { unit, category, currentStock: 100, unitCost: 10 });

/** One app for the test file, its admin and five items to make recipes of. */
export function setUpRecipesApp() {
  beforeAll(async () => {
    testApp = await createTestApp();
    admin = await firstAdmin(testApp);
    yeast = await addItem('Instant Yeast', 'kg');
    salt = await addItem('Salt', 'g');
    oil = await addItem('Vegetable Oil', 'liters');
    eggs = await addItem('Eggs', 'units');
    bags = await addItem('Nylon Bags', 'units', 'packaging');
  });
  afterAll(() => testApp.close());
}

export const lines = () => [
  { itemId: yeast.id, quantity: 20, unit: 'g' },
  { itemId: salt.id, quantity: 0.018, unit: 'kg' },
  { itemId: oil.id, quantity: 30, unit: 'ml' },
];

export const body = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  ingredients: lines(),
  ...extra,
});

export const createRecipe = (name: string, extra: Record<string, unknown> = {}) =>
  created(admin.post<Recipe>('/api/recipes', body(name, extra)));

export const listNames = async () =>
  (await admin.get<Recipe[]>('/api/recipes')).body.map((recipe) => recipe.name);
