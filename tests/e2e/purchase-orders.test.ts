import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { newPage, PHONE, screenshot } from '../support/browser';
import { setUpSignedInPage } from '../support/signed-in-page';
import {
  choose,
  dismissToast,
  expectToast,
  signInThroughApi,
  statCard,
  type TestUser,
} from './helpers';

const ADMIN: TestUser = {
  username: 'orders_admin',
  email: 'orders@bakery.ng',
  password: 'golden-crust-2026',
  firstName: 'Musa',
  lastName: 'Ibrahim',
};

describe('purchase orders and the dashboard', () => {
  const signedIn = setUpSignedInPage(ADMIN);
  let page: Page;

  beforeAll(async () => {
    page = signedIn.page;
    for (const [name, currentStock, minStock, unitCost] of [
      ['Flour', 10, 20, 1000],
      ['Sugar', 0, 5, 0],
    ] as const) {
      const reply = await page.request.post('/api/inventory', {
        data: { name, category: 'ingredients', unit: 'kg', currentStock, minStock, unitCost },
      });
      expect(reply.status()).toBe(201);
    }
  });

  test('the dashboard shows the stock value, two low items and no pending orders', async () => {
    await page.goto('/');
    await page
      .getByText('Loading dashboard...')
      .or(page.getByText('Total Inventory Value'))
      .first()
      .waitFor();
    await statCard(page, 'Total Inventory Value').getByText('₦10,000.00').waitFor();
    expect(await statCard(page, 'Low Stock Items').textContent()).toContain(
      'Requires immediate attention',
    );
    await page.getByText('No pending orders').waitFor();
    await page.getByText('No production batches yet').waitFor();
  });

  test('an empty order list says how to start', async () => {
    await page.goto('/purchases');
    await page
      .getByText('No purchase orders found. Create your first order to get started.')
      .waitFor();
  });

  test('Create Order with two items shows the exact total and creates a pending order', async () => {
    await page.getByRole('button', { name: 'Create Order' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel('Order Number').inputValue()).toMatch(/^PO-\d{4}-\d{6}$/);
    await dialog.getByLabel('Supplier').fill('Golden Penny Mills');

    await dialog.getByRole('button', { name: 'Create Order' }).click();
    await dialog.getByText('Choose an item').first().waitFor();

    const lines = dialog.getByTestId('order-line');
    await choose(page, lines.nth(0).getByLabel('Item', { exact: true }), 'Flour (kg)');
    await lines
      .nth(0)
      .getByLabel(/^Quantity/)
      .fill('30');
    await lines.nth(0).getByLabel('Total Cost (₦)').fill('36000');
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    await choose(page, lines.nth(1).getByLabel('Item', { exact: true }), 'Sugar (kg)');
    await lines
      .nth(1)
      .getByLabel(/^Quantity/)
      .fill('3');
    await lines.nth(1).getByLabel('Total Cost (₦)').fill('0');
    await dialog.getByRole('button', { name: 'Create Order' }).click();
    await dialog
      .getByText('Total cost must be greater than 0 when quantity is specified')
      .waitFor();

    await lines.nth(1).getByLabel('Total Cost (₦)').fill('10000');
    expect(await dialog.getByTestId('order-total').textContent()).toBe('Total: ₦46,000.00');
    expect(await lines.nth(1).textContent()).toContain('₦3,333.33');
    await dialog.getByRole('button', { name: 'Create Order' }).click();

    const toast = await expectToast(page, 'Order Created', await toastMessage(page));
    await dialog.waitFor({ state: 'detached' });
    const card = page.getByTestId('order-card').first();
    expect(await card.textContent()).toContain('Golden Penny Mills');
    expect(await card.textContent()).toContain('Pending');
    expect(await card.textContent()).toContain('₦46,000.00');
    // Receive shows on a card only once the order has shipped.
    expect(await card.getByRole('button', { name: 'Mark as Received' }).count()).toBe(0);
    await dismissToast(toast);
  });

  test('receiving from the details dialog raises stock, averages the unit cost and records it', async () => {
    await page.getByRole('button', { name: 'View Details' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Mark as Received' }).click();
    await expectToast(
      page,
      'Order Received',
      'Purchase order marked as received and inventory updated',
    );
    await dialog.locator('.mantine-Badge-root').filter({ hasText: 'Delivered' }).waitFor();
    await page.keyboard.press('Escape');

    await page.goto('/inventory');
    const flour = page.getByRole('row').filter({ has: page.getByText('Flour', { exact: true }) });
    await flour.waitFor();
    expect(await flour.textContent()).toContain('40 kg');
    // (10 kg at ₦1,000 + 30 kg at ₦1,200) / 40 kg = ₦1,150
    expect(await flour.textContent()).toContain('₦1,150.00');
    await page.getByRole('button', { name: 'Stock history of Flour' }).click();
    const latest = page.getByTestId('movement').first();
    await latest.waitFor();
    expect(await latest.textContent()).toContain('Purchase order received · PO-');
    expect(await latest.textContent()).toContain('+30 kg');
    await page.keyboard.press('Escape');
  });

  test('the dashboard cards follow: new value, one low item left', async () => {
    await page.goto('/');
    // 40 kg flour at ₦1,150 + 3 kg sugar at ₦3,333.3333 = ₦46,000 + ₦10,000 = ₦56,000.00
    await statCard(page, 'Total Inventory Value').getByText('₦56,000.00').waitFor();
    expect(await statCard(page, 'Low Stock Items').textContent()).toContain('1');
    expect(await page.getByTestId('low-stock-alert').count()).toBe(1);
    await screenshot(page, 'e2e-dashboard-filled-desktop');
  });

  test('Reorder shows its toast and opens Create Order with the item and its supplier', async () => {
    await page.getByTestId('low-stock-alert').getByRole('button', { name: 'Reorder' }).click();
    await expectToast(page, 'Reorder Initiated', 'Purchase order process started for this item');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Create Purchase Order').waitFor();
    // The line is filled once the item list arrives, which may be after the dialog shows.
    const item = dialog.getByTestId('order-line').getByLabel('Item', { exact: true });
    await expect.poll(() => item.inputValue()).toBe('Sugar (kg)');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/purchases');
  });

  test('on a phone the dashboard and the orders fit the screen', async () => {
    const phone = await newPage(signedIn.browser, signedIn.web.baseUrl, PHONE);
    await signInThroughApi(phone.page, ADMIN);
    for (const path of ['/', '/purchases']) {
      await phone.page.goto(path);
      await phone.page.locator('.mantine-Card-root').first().waitFor();
      const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(PHONE.width);
    }
    await screenshot(phone.page, 'e2e-purchases-phone');
    await phone.context.close();
  });
});

/** The Order Created toast names the new order, whose number the test does not know in advance. */
async function toastMessage(page: Page): Promise<string> {
  const description = page
    .locator('.mantine-Notification-root')
    .filter({ hasText: 'Order Created' })
    .locator('.mantine-Notification-description');
  await description.waitFor();
  const text = (await description.textContent()) ?? '';
  expect(text).toMatch(/^PO-\d{4}-\d{6} for ₦46,000\.00$/);
  return text;
}
