import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { newPage, screenshot } from '../support/browser';
import { setUpSignedInPage } from '../support/signed-in-page';
import {
  choose,
  dismissToast,
  expectToast,
  fieldError,
  mainNavigation,
  postOk,
  signInThroughApi,
  type TestUser,
} from './helpers';

const ADMIN: TestUser = {
  username: 'store_admin',
  email: 'store@bakery.ng',
  password: 'flour-sacks-2026',
  firstName: 'Kemi',
  lastName: 'Adebayo',
};

const NARROW = { width: 360, height: 780 };

/** The desktop table row of an item. */
const row = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });

describe('inventory page', () => {
  const signedIn = setUpSignedInPage(ADMIN);
  let page: Page;

  beforeAll(async () => {
    page = signedIn.page;
    await page.goto('/');
    await mainNavigation(page).getByRole('link', { name: 'Inventory' }).click();
  });

  test('an empty inventory says how to start', async () => {
    await page.getByText('No inventory items found. Add some items to get started.').waitFor();
    await screenshot(page, 'e2e-inventory-empty-desktop');
  });

  test('Add Item refuses an empty name, then adds the item with its figures', async () => {
    await page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    expect(await fieldError(page, 'Item Name')).toBe('Item name is required');

    await dialog.getByLabel('Item Name').fill('Flour (Golden Penny)');
    await dialog.getByLabel('Current Stock').fill('50');
    await dialog.getByLabel('Min. Stock').fill('20');
    await dialog.getByLabel('Unit Cost (₦)').fill('1250.5');
    await dialog.getByLabel('Supplier (Optional)').fill('Golden Penny Mills');
    await dialog.getByRole('button', { name: 'Add Item' }).click();

    const toast = await expectToast(
      page,
      'Item Added',
      'Flour (Golden Penny) was added to inventory',
    );
    await dialog.waitFor({ state: 'detached' });
    const flour = row(page, 'Flour (Golden Penny)');
    expect(await flour.textContent()).toContain('50 kg');
    expect(await flour.textContent()).toContain('₦1,250.50');
    expect(await flour.textContent()).toContain('In Stock');
    await dismissToast(toast);
  });

  test('editing the stock below the minimum shows Low Stock and the counts change', async () => {
    await page.getByRole('button', { name: 'Edit Flour (Golden Penny)' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Current Stock').fill('12.5');
    await dialog.getByRole('button', { name: 'Update Item' }).click();
    const toast = await expectToast(page, 'Item Updated', 'Flour (Golden Penny) was updated');
    await dialog.waitFor({ state: 'detached' });
    const flour = row(page, 'Flour (Golden Penny)');
    expect(await flour.textContent()).toContain('12.5 kg');
    expect(await flour.textContent()).toContain('Low Stock');
    expect(await page.getByText('Low Stock', { exact: true }).first().isVisible()).toBe(true);
    await dismissToast(toast);
  });

  test('the stock history lists the opening stock and the adjustment, by whom', async () => {
    await page.getByRole('button', { name: 'Stock history of Flour (Golden Penny)' }).click();
    const movements = page.getByTestId('movement');
    await movements.first().waitFor();
    expect(await movements.count()).toBe(2);
    expect(await movements.nth(0).textContent()).toContain('Manual adjustment');
    expect(await movements.nth(0).textContent()).toContain('-37.5 kg');
    expect(await movements.nth(1).textContent()).toContain('Opening stock');
    expect(await movements.nth(1).textContent()).toContain('+50 kg');
    expect(await movements.nth(1).textContent()).toContain('Kemi Adebayo');
    await page.keyboard.press('Escape');
    await page.getByTestId('movement-list').waitFor({ state: 'detached' });
  });

  test('Delete asks with the spec text; an item with stock history is archived and leaves the list', async () => {
    await page.getByRole('button', { name: 'Delete Flour (Golden Penny)' }).click();
    await page
      .getByText(
        'Are you sure you want to delete "Flour (Golden Penny)"? This action cannot be undone.',
      )
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    const toast = await expectToast(
      page,
      'Item Archived',
      'Flour (Golden Penny) has stock history, so it was archived instead of deleted',
    );
    await page.getByText('No inventory items found. Add some items to get started.').waitFor();
    await dismissToast(toast);
  });

  test('Show Archived lists it as archived, with its history; Unarchive brings it back', async () => {
    const showArchived = page.getByRole('switch', { name: 'Show Archived' });
    await showArchived.check();
    const flour = row(page, 'Flour (Golden Penny)');
    await flour.getByText('Archived', { exact: true }).waitFor();
    expect(await flour.getByRole('button', { name: 'Edit Flour (Golden Penny)' }).count()).toBe(0);
    await screenshot(page, 'e2e-inventory-archived-desktop');

    await page.getByRole('button', { name: 'Stock history of Flour (Golden Penny)' }).click();
    await page.getByTestId('movement').first().waitFor();
    expect(await page.getByTestId('movement').count()).toBe(2);
    await page.keyboard.press('Escape');
    await page.getByTestId('movement-list').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Unarchive Flour (Golden Penny)' }).click();
    const toast = await expectToast(
      page,
      'Item Unarchived',
      'Flour (Golden Penny) is back on the inventory list',
    );
    await flour.getByText('Low Stock', { exact: true }).waitFor();
    await showArchived.uncheck();
    await flour.getByText('Low Stock', { exact: true }).waitFor();
    await dismissToast(toast);
  });

  test('Delete removes an item with no history at all', async () => {
    await page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Item Name').fill('Spare Labels');
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    await dismissToast(
      await expectToast(page, 'Item Added', 'Spare Labels was added to inventory'),
    );
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Delete Spare Labels' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    const toast = await expectToast(page, 'Item Deleted', 'Spare Labels was deleted');
    await row(page, 'Spare Labels').waitFor({ state: 'detached' });
    await page.getByRole('switch', { name: 'Show Archived' }).check();
    expect(await row(page, 'Spare Labels').count()).toBe(0);
    await page.getByRole('switch', { name: 'Show Archived' }).uncheck();
    await dismissToast(toast);
  });

  test('an item counted in units refuses part of a unit in stock and minimum', async () => {
    await page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Item Name').fill('Eggs (crate)');
    await choose(page, dialog.getByLabel('Unit', { exact: true }).first(), 'units');
    await dialog.getByLabel('Current Stock').fill('2.5');
    await dialog.getByLabel('Min. Stock').fill('0.5');
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    expect(await fieldError(page, 'Current Stock')).toBe(
      'Current stock must be a whole number for an item counted in units',
    );
    expect(await fieldError(page, 'Min. Stock')).toBe(
      'Minimum stock must be a whole number for an item counted in units',
    );
    await screenshot(page, 'e2e-inventory-whole-units');

    await dialog.getByLabel('Current Stock').fill('30');
    await dialog.getByLabel('Min. Stock').fill('6');
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    await dismissToast(
      await expectToast(page, 'Item Added', 'Eggs (crate) was added to inventory'),
    );
    await dialog.waitFor({ state: 'detached' });
    expect(await row(page, 'Eggs (crate)').textContent()).toContain('30 units');
  });

  test('on a phone each item is a card with its status and actions, archived ones too', async () => {
    await postOk(page, '/api/inventory', {
      name: 'Yeast',
      category: 'ingredients',
      unit: 'kg',
      currentStock: 0,
      minStock: 2,
      unitCost: 3500,
    });
    const margarine = await postOk(page, '/api/inventory', {
      name: 'Old Margarine',
      category: 'ingredients',
      unit: 'kg',
      currentStock: 4,
      unitCost: 2200,
    });
    expect((await page.request.delete(`/api/inventory/${margarine.id}`)).status()).toBe(200);
    const phone = await newPage(signedIn.browser, signedIn.web.baseUrl, NARROW);
    await signInThroughApi(phone.page, ADMIN);
    await phone.page.goto('/inventory');
    const card = phone.page.getByTestId('item-card').filter({ hasText: 'Yeast' });
    await card.waitFor();
    expect(await card.textContent()).toContain('Out of Stock');
    expect(await card.getByRole('button', { name: 'Edit Yeast' }).isVisible()).toBe(true);
    expect(await phone.page.getByText('Old Margarine').count()).toBe(0);

    await phone.page.getByRole('switch', { name: 'Show Archived' }).check();
    const archived = phone.page.getByTestId('item-card').filter({ hasText: 'Old Margarine' });
    await archived.getByText('Archived', { exact: true }).waitFor();
    expect(
      await archived.getByRole('button', { name: 'Unarchive Old Margarine' }).isVisible(),
    ).toBe(true);
    const scrollWidth = await phone.page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(NARROW.width);
    await screenshot(phone.page, 'e2e-inventory-phone');
    await phone.context.close();
  });
});
