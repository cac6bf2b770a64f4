import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { addDays } from '../../src/domain/orders';
import { newPage, screenshot } from '../support/browser';
import { lagosDate } from '../support/fixtures';
import { setUpSignedInPage } from '../support/signed-in-page';
import {
  expectCellsOnScreen,
  mainNavigation,
  postOk,
  signInThroughApi,
  type TestUser,
  tileLabels,
  waitForPageTitle,
} from './helpers';

const OWNER: TestUser = {
  username: 'plan_admin',
  email: 'plan@bakery.ng',
  password: 'dough-mixer-2026',
  firstName: 'Kemi',
  lastName: 'Adeyemi',
};

const breadRow = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Breads to bake' }).getByRole('row').filter({ hasText: name });
const needRow = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Ingredient needs' }).getByRole('row').filter({ hasText: name });
const cells = async (page: Page, name: string) =>
  (await breadRow(page, name).getByRole('cell').allTextContents()).map((text) => text.trim());

describe('Bake plan: a yield on the recipe, tomorrow from the order book, the order and the batches', () => {
  const signedIn = setUpSignedInPage(OWNER);
  let page: Page;

  beforeAll(async () => {
    page = signedIn.page;
    const flour = await postOk(page, '/api/inventory', {
      name: 'Flour',
      category: 'ingredients',
      unit: 'kg',
      currentStock: 10,
      minStock: 0,
      unitCost: 800,
      supplier: 'Golden Penny Mills',
    });
    await postOk(page, '/api/recipes', {
      name: 'Agege Bread',
      ingredients: [{ itemId: flour.id, quantity: 1, unit: 'kg' }],
    });
    const shop = await postOk(page, '/api/distributors', {
      name: 'Iya Basira Stores',
      address: '3 Oke-Arin Street, Lagos Island',
      phone: '0803 111 2222',
    });
    const standing = await page.request.put(`/api/orders/standing/${shop.id}`, {
      data: { breads: [{ recipeName: 'Agege Bread', days: [100, 100, 100, 100, 100, 100, 100] }] },
    });
    expect(standing.status()).toBe(200);
    // After today's cut-off tomorrow keeps what it had ordered: its own change sets it
    // (the owner holds Sales delete, so the change is taken after the cut-off too).
    const tomorrow = addDays(lagosDate(new Date()), 1);
    const day = await page.request.put(`/api/orders/book/${shop.id}`, {
      data: { day: tomorrow, breads: [{ recipeName: 'Agege Bread', loaves: 100 }] },
    });
    expect(day.status()).toBe(200);
  });

  test('the yield is set on the recipe', async () => {
    await page.goto('/');
    await mainNavigation(page).getByRole('link', { name: 'Recipes', exact: true }).click();
    await page.getByRole('button', { name: 'Edit Agege Bread' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Loaves per kg of flour (Optional)').fill('2.5');
    await dialog.getByRole('button', { name: 'Update Recipe' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.getByTestId('recipe-yield').textContent())
      .toBe('Loaves per kg: 2.5');
  });

  test("tomorrow's plan shows the loaves, flour, mixes and what is short", async () => {
    await mainNavigation(page).getByRole('link', { name: 'Bake plan', exact: true }).click();
    await waitForPageTitle(page, 'Bake plan');
    // 100 ordered + 5% = 105 loaves ÷ 2.5 = 42 kg: 2 mixes of 21 kg (mixer 25 kg).
    await expect
      .poll(() => cells(page, 'Agege Bread'))
      .toEqual(['Agege Bread', '100', '5', '', '105', '2.5', '42 kg', '2 × 21 kg']);
    await expect
      .poll(() => needRow(page, 'Flour').getByRole('cell').allTextContents())
      .toEqual(['Flour', '42 kg', '10 kg', '32 kg', 'Golden Penny Mills']);
    // 100,000 loaves more would be 1,602 mixes: refused, and the adjustments can be cleared.
    await page.getByLabel('Adjustment for Agege Bread').fill('100000');
    await page.getByText('Agege Bread would take 1,602 mixes of 25 kg').waitFor();
    await screenshot(page, 'bake-plan-too-many-mixes-1280');
    await page.getByRole('button', { name: 'Clear the adjustments' }).click();
    await expect.poll(() => cells(page, 'Agege Bread')).toContain('2 × 21 kg');
    await page.getByLabel('Adjustment for Agege Bread').fill('5');
    // 110 loaves ÷ 2.5 = 44 kg: 2 mixes of 22 kg; 34 kg short.
    await expect.poll(() => cells(page, 'Agege Bread')).toContain('44 kg');
    expect(await cells(page, 'Agege Bread')).toContain('2 × 22 kg');
    await expect.poll(() => needRow(page, 'Flour').textContent()).toContain('34 kg');
    await screenshot(page, 'bake-plan-1280');
    await page.emulateMedia({ media: 'print' });
    await page.getByTestId('baker-sheet').getByText('Mix 2 of 2 (22 kg flour)').waitFor();
    await screenshot(page, 'bake-plan-sheet-print');
    await page.emulateMedia({ media: 'screen' });
  });

  test('Create purchase order orders the shortfall from the supplier', async () => {
    await page.getByRole('button', { name: 'Create purchase order' }).click();
    await page.getByText(/^PO-\S+ \(pending\) on Purchase Orders\.$/).waitFor();
    await mainNavigation(page).getByRole('link', { name: 'Purchase Orders', exact: true }).click();
    await page.getByText('Golden Penny Mills').first().waitFor();
    await mainNavigation(page).getByRole('link', { name: 'Bake plan', exact: true }).click();
  });

  test('Create batches plans one batch per mix, once, and Production shows them', async () => {
    await page.getByLabel('Adjustment for Agege Bread').fill('5');
    await expect.poll(() => cells(page, 'Agege Bread')).toContain('44 kg');
    await page.getByRole('button', { name: 'Create batches' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Their ingredients are out of stock now' })
      .getByText('2 planned batches created')
      .waitFor();
    await expect
      .poll(() => breadRow(page, 'Agege Bread').textContent())
      .toContain('2 batches planned');
    // A second click asks first, and Cancel plans nothing more.
    await page.getByRole('button', { name: 'Create batches' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('already has planned batches of Agege Bread').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await mainNavigation(page).getByRole('link', { name: 'Production', exact: true }).click();
    await waitForPageTitle(page, 'Production');
    await page.getByText(/PLAN-\d{8}-01/).waitFor();
    await page.getByText(/PLAN-\d{8}-02/).waitFor();
    expect(await page.getByText(/PLAN-\d{8}-03/).count()).toBe(0);
  });

  test('the mixer capacity set in Admin Settings splits the flour into more mixes', async () => {
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByLabel('Mixer capacity (kg of flour per mix)').fill('20');
    await page.getByRole('button', { name: 'Save bake plan settings' }).click();
    await page.getByText('Bake plan settings saved').waitFor();
    await page.getByRole('button', { name: 'Save bake plan settings' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'bake-plan-settings-1280');
    await page.goto('/bake-plan');
    // 105 loaves ÷ 2.5 = 42 kg in mixes of at most 20 kg: 3 × 14 kg.
    await expect.poll(() => cells(page, 'Agege Bread')).toContain('3 × 14 kg');
  });

  test('works at phone width: each bread and item a card with every figure on screen', async () => {
    const phone = await newPage(signedIn.browser, signedIn.web.baseUrl, {
      width: 360,
      height: 800,
    });
    await signInThroughApi(phone.page, OWNER);
    await phone.page.goto('/bake-plan');
    await breadRow(phone.page, 'Agege Bread').waitFor();
    // Loaves, flour, mixes, the shortfall and the supplier, beside the rest, each named.
    await expectCellsOnScreen(breadRow(phone.page, 'Agege Bread'), 360);
    expect(await tileLabels(breadRow(phone.page, 'Agege Bread'))).toEqual([
      'none',
      '"Ordered"',
      '"Margin"',
      '"Adjustment"',
      '"Loaves"',
      '"Loaves per kg"',
      '"Flour"',
      '"Mixes"',
    ]);
    await expectCellsOnScreen(needRow(phone.page, 'Flour'), 360);
    expect(await tileLabels(needRow(phone.page, 'Flour'))).toEqual([
      'none',
      '"Needed"',
      '"In stock"',
      '"Short"',
      '"Supplier"',
    ]);
    // The adjustment is typed on the phone too: the card's figures follow.
    await phone.page.getByLabel('Adjustment for Agege Bread').fill('5');
    await expect.poll(() => cells(phone.page, 'Agege Bread')).toContain('44 kg');
    await screenshot(phone.page, 'bake-plan-360');
    const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await phone.context.close();
  });
});
