import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { INSUFFICIENT_STOCK_WARNING } from '../../src/domain/production';
import { newPage, PHONE, screenshot } from '../support/browser';
import { setUpSignedInPage } from '../support/signed-in-page';
import {
  choose,
  dismissToast,
  expectToast,
  fieldError,
  signInThroughApi,
  statCard,
  type TestUser,
} from './helpers';

const BAKER: TestUser = {
  username: 'production_admin',
  email: 'production@bakery.ng',
  password: 'proofing-box-2026',
  firstName: 'Bola',
  lastName: 'Adeyemi',
};

/** The stock column of an item's inventory row, as shown. */
async function stockOf(page: Page, name: string): Promise<string> {
  const row = page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });
  await row.waitFor();
  return (await row.locator('td').nth(2).textContent()) ?? '';
}

async function expectStock(page: Page, expected: Record<string, string>) {
  await page.goto('/inventory');
  for (const [name, stock] of Object.entries(expected)) {
    expect(await stockOf(page, name), name).toBe(stock);
  }
}

describe('recipes, production and history', () => {
  const signedIn = setUpSignedInPage(BAKER);
  let page: Page;

  beforeAll(async () => {
    page = signedIn.page;
    for (const [name, category, unit, currentStock, unitCost] of [
      ['Flour', 'ingredients', 'kg', 100, 800],
      ['Yeast', 'ingredients', 'kg', 1, 6000],
      ['Sugar', 'ingredients', 'kg', 10, 1200],
      ['Bread Bags', 'packaging', 'units', 500, 15],
    ] as const) {
      const reply = await page.request.post('/api/inventory', {
        data: { name, category, unit, currentStock, unitCost },
      });
      expect(reply.status()).toBe(201);
    }
  });

  test('an empty recipe list says how to start, under the 1 kg flour note', async () => {
    await page.goto('/recipes');
    await page.getByText('No recipes found. Create your first recipe to get started.').waitFor();
    expect(await statCard(page, 'Total Recipes').textContent()).toContain(
      'All recipes based on 1kg flour',
    );
  });

  test('New Recipe refuses an empty form and offers only ingredient items', async () => {
    await page.getByRole('button', { name: 'New Recipe' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Create New Recipe').waitFor();
    expect(await dialog.getByLabel('Base Flour (kg)').inputValue()).toBe('1');
    const line = dialog.getByTestId('ingredient-line');
    expect(await line.getByLabel('Quantity').inputValue()).toBe('0');
    expect(await line.getByLabel('Unit', { exact: true }).inputValue()).toBe('kg');

    await dialog.getByLabel('Minutes').fill('75');
    await dialog.getByRole('button', { name: 'Create Recipe' }).click();
    expect(await fieldError(page, 'Recipe Name')).toBe('Recipe name is required');
    expect(await fieldError(page, 'Minutes')).toBe('Minutes must be between 0 and 59');
    expect(await line.getByText('Choose an ingredient').count()).toBe(1);

    await line.getByLabel('Ingredient', { exact: true }).click();
    const options = await page.getByRole('option').allTextContents();
    expect(options).toEqual(['Flour', 'Sugar', 'Yeast']);
    await page.keyboard.press('Escape');
  });

  test('a recipe with three ingredients and 2h 30m is created and shown as a card', async () => {
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Recipe Name').fill('Agege Bread');
    await dialog.getByLabel('Description (Optional)').fill('Soft and sweet');
    const lines = dialog.getByTestId('ingredient-line');
    const fillLine = async (index: number, item: string, quantity: string, unit: string) => {
      const line = lines.nth(index);
      await choose(page, line.getByLabel('Ingredient', { exact: true }), item);
      await line.getByLabel('Quantity').fill(quantity);
      await choose(page, line.getByLabel('Unit', { exact: true }), unit);
    };
    await fillLine(0, 'Flour', '1', 'kg');
    await dialog.getByRole('button', { name: 'Add Ingredient' }).click();
    await fillLine(1, 'Yeast', '20', 'g');
    await dialog.getByRole('button', { name: 'Add Ingredient' }).click();
    await fillLine(2, 'Sugar', '120', 'g');
    await dialog.getByLabel('Hours').fill('2');
    await dialog.getByLabel('Minutes').fill('30');
    await dialog.getByRole('button', { name: 'Create Recipe' }).click();
    await dismissToast(await expectToast(page, 'Recipe Created', 'Agege Bread was created'));
    await dialog.waitFor({ state: 'detached' });

    const card = page.getByTestId('recipe-card');
    await card.waitFor();
    const text = await card.textContent();
    for (const part of ['Agege Bread', 'Soft and sweet', 'Base flour: 1 kg', '2h 30m']) {
      expect(text).toContain(part);
    }
    expect(await card.getByRole('listitem').allTextContents()).toEqual([
      'Flour: 1 kg',
      'Yeast: 20 g',
      'Sugar: 120 g',
    ]);
    expect(await statCard(page, 'Total Recipes').textContent()).toContain('1');
    await screenshot(page, 'e2e-recipes-desktop');
  });

  test('Start Production opens New Batch with the recipe, and creating it takes stock', async () => {
    await page.getByRole('button', { name: 'Start Production of Agege Bread' }).click();
    await page.waitForURL('**/production**');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Create Production Batch').waitFor();
    const recipe = dialog.getByLabel('Recipe', { exact: true });
    await expect.poll(() => recipe.inputValue()).toBe('Agege Bread');
    expect(await dialog.getByLabel('Batch Number').inputValue()).toMatch(/^BATCH-\d{8}-\d{3}$/);
    const create = dialog.getByRole('button', { name: 'Create Batch' });
    expect(await create.isDisabled()).toBe(true);

    await dialog.getByLabel('Flour (kg)').fill('25');
    expect(await create.isDisabled()).toBe(false);
    const needs = dialog.getByTestId('batch-requirement');
    await expect.poll(() => needs.count()).toBe(3);
    const rows = (await needs.allTextContents()).sort();
    expect(rows).toEqual(['Flour25 kg100 kg', 'Sugar3 kg10 kg', 'Yeast0.5 kg1 kg']);
    expect(await dialog.getByText(INSUFFICIENT_STOCK_WARNING).count()).toBe(0);
    await dialog.getByLabel('Notes (Optional)').fill('Morning shift');
    await create.click();
    await dismissToast(
      await expectToast(
        page,
        'Batch Created',
        'Production batch created and ingredients deducted from inventory',
      ),
    );
    const card = page.getByTestId('batch-card');
    await card.waitFor();
    expect(await card.textContent()).toContain('Planned');
    expect(await card.textContent()).toContain('Morning shift');
    expect(await statCard(page, 'Total Batches').textContent()).toContain('1');
    await screenshot(page, 'e2e-production-desktop');

    await expectStock(page, { Flour: '75 kg', Yeast: '0.5 kg', Sugar: '7 kg' });
  });

  test('the dashboard shows today’s flour and the batch', async () => {
    await page.goto('/');
    await statCard(page, "Today's Production").getByText('25 kg').waitFor();
    expect(await page.getByText('Agege Bread').count()).toBeGreaterThan(0);
  });

  test('Start, then Mark Complete asks for loaves and shows the cost per loaf', async () => {
    await page.goto('/production');
    const card = page.getByTestId('batch-card').first();
    await card.getByRole('button', { name: 'Start' }).click();
    await dismissToast(
      await expectToast(page, 'Batch Updated', 'Production batch status updated to in progress'),
    );
    await card.getByText('In Progress', { exact: true }).waitFor();
    expect(await statCard(page, 'In Progress').first().textContent()).toContain('1');

    await card.getByRole('button', { name: 'Mark Complete' }).click();
    const dialog = page.getByRole('dialog');
    const loaves = dialog.getByLabel('Loaves Produced');
    expect(await loaves.inputValue()).toBe('1');
    await loaves.fill('0');
    await dialog.getByRole('button', { name: 'Complete Batch' }).click();
    expect(await fieldError(page, 'Loaves Produced')).toBe('Number of loaves must be at least 1');

    await loaves.fill('100');
    // 25 kg flour at ₦800 + 0.5 kg yeast at ₦6,000 + 3 kg sugar at ₦1,200 = ₦26,600, over 100 loaves.
    await dialog.getByTestId('cost-per-loaf').getByText('₦266.00').waitFor();
    await dialog.getByRole('button', { name: 'Complete Batch' }).click();
    await dismissToast(
      await expectToast(page, 'Batch Updated', 'Production batch status updated to completed'),
    );
    await card.getByText('Completed', { exact: true }).waitFor();
    expect(await card.getByRole('button').count()).toBe(0);
    expect(await card.textContent()).toContain('Loaves: 100');
  });

  test('Production History shows the completed batch and the totals', async () => {
    await page.goto('/history');
    const row = page.getByTestId('history-row');
    await row.waitFor();
    const text = await row.textContent();
    expect(text).toContain('Agege Bread');
    expect(text).toContain('25 kg');
    expect(text).toContain('100');
    expect(text).toContain('0 hours');
    expect(await statCard(page, 'Total Production').textContent()).toContain('25 kg');
    expect(await statCard(page, 'This Month').textContent()).toContain('No production last month');
    expect(await statCard(page, 'Average Batch Size').textContent()).toContain('25.0 kg');
    await screenshot(page, 'e2e-history-desktop');
  });

  test('a batch short of yeast warns, and cancelling it puts its stock back', async () => {
    await page.goto('/production');
    await page.getByRole('button', { name: 'New Batch' }).click();
    const dialog = page.getByRole('dialog');
    await choose(page, dialog.getByLabel('Recipe', { exact: true }), 'Agege Bread');
    await dialog.getByLabel('Flour (kg)').fill('50');
    await dialog.getByText(INSUFFICIENT_STOCK_WARNING).waitFor();
    await dialog.getByRole('button', { name: 'Create Batch' }).click();
    await dismissToast(
      await expectToast(
        page,
        'Batch Created',
        'Production batch created and ingredients deducted from inventory',
      ),
    );
    await expectStock(page, { Flour: '25 kg', Yeast: '-0.5 kg', Sugar: '1 kg' });

    await page.goto('/production');
    const planned = page.getByTestId('batch-card').filter({ hasText: 'Planned' });
    await planned.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel batch' }).click();
    await dismissToast(
      await expectToast(page, 'Batch Updated', 'Production batch status updated to cancelled'),
    );
    await page.getByTestId('batch-card').filter({ hasText: 'Cancelled' }).waitFor();
    await expectStock(page, { Flour: '75 kg', Yeast: '0.5 kg', Sugar: '7 kg' });
  });

  test('Delete removes a recipe at once, and the toast’s Undo brings it back', async () => {
    await page.goto('/recipes');
    await page.getByRole('button', { name: 'Delete Agege Bread' }).click();
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Recipe Deleted' });
    await toast.waitFor();
    await page.getByText('No recipes found. Create your first recipe to get started.').waitFor();
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expectToast(page, 'Recipe Restored', 'Agege Bread is back');
    await page.getByTestId('recipe-card').filter({ hasText: 'Agege Bread' }).waitFor();
  });

  test('on a phone the three pages fit the screen', async () => {
    const phone = await newPage(signedIn.browser, signedIn.web.baseUrl, PHONE);
    await signInThroughApi(phone.page, BAKER);
    for (const [path, testId] of [
      ['/recipes', 'recipe-card'],
      ['/production', 'batch-card'],
      ['/history', 'history-card'],
    ] as const) {
      await phone.page.goto(path);
      await phone.page.getByTestId(testId).first().waitFor();
      const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(PHONE.width);
      await screenshot(phone.page, `e2e-${path.slice(1)}-phone`);
    }
    await phone.context.close();
  });
});
