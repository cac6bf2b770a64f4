import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newPage, startWebApp } from '../support/browser';
import {
  choose,
  dismissToast,
  expectToast,
  mainNavigation,
  postOk,
  registerThroughApi,
  signInThroughApi,
  statCard,
  type TestUser,
  waitForPageTitle,
} from './helpers';

const OWNER: TestUser = {
  username: 'floor_owner',
  email: 'floor@bakery.ng',
  password: 'steady-screens-2026',
  firstName: 'Bisi',
  lastName: 'Adeyemi',
};
const DISTRIBUTOR = 'Iya Basira Kiosk';

/**
 * After every write, the next page reached through the sidebar shows it: no
 * page may keep figures that another page's write changed. The app is loaded
 * once; every later move is a click in the sidebar, as a person works (a
 * reload would hide a stale client cache).
 */
describe('screens stay in step after writes, moving with the sidebar', () => {
  let web: Awaited<ReturnType<typeof startWebApp>>;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  const go = async (entry: string, title = entry) => {
    await mainNavigation(page).getByRole('link', { name: entry, exact: true }).click();
    await waitForPageTitle(page, title);
  };

  beforeAll(async () => {
    [web, browser] = await Promise.all([startWebApp(), launchBrowser()]);
    ({ context, page } = await newPage(browser, web.baseUrl));
    await registerThroughApi(page, OWNER);
    await signInThroughApi(page, OWNER);
    const flour = await postOk(page, '/api/inventory', {
      name: 'Flour',
      category: 'ingredients',
      unit: 'kg',
      currentStock: 100,
      minStock: 0,
      unitCost: 800,
    });
    await postOk(page, '/api/recipes', {
      name: 'Agege Bread',
      ingredients: [{ itemId: flour.id, quantity: 1, unit: 'kg' }],
    });
    await postOk(page, '/api/distributors', {
      name: DISTRIBUTOR,
      address: '4 Oja Oba, Ibadan',
      phone: '0805 555 0101',
    });
    await page.goto('/');
    await waitForPageTitle(page, 'Dashboard');
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await web?.close();
  });

  test('a batch completed on Production shows on Sales, in Record Sale and on Inventory', async () => {
    // Each page is seen once before the write, so its answers are in the client cache.
    await go('Sales', 'Sales Management');
    await page.getByText('No loaves available from production').waitFor();
    await go('Inventory');
    await page.getByRole('row', { name: /Flour/ }).getByText('100 kg').waitFor();

    await go('Production');
    await page.getByRole('button', { name: 'New Batch' }).click();
    const dialog = page.getByRole('dialog');
    await choose(page, dialog.getByLabel('Recipe', { exact: true }), 'Agege Bread');
    await dialog.getByLabel('Flour (kg)').fill('20');
    await dialog.getByRole('button', { name: 'Create Batch' }).click();
    await dismissToast(
      await expectToast(
        page,
        'Batch Created',
        'Production batch created and ingredients deducted from inventory',
      ),
    );
    const card = page.getByTestId('batch-card').first();
    await card.getByRole('button', { name: 'Mark Complete' }).click();
    await page.getByRole('dialog').getByLabel('Loaves Produced').fill('80');
    await page.getByRole('dialog').getByRole('button', { name: 'Complete Batch' }).click();
    await dismissToast(
      await expectToast(page, 'Batch Updated', 'Production batch status updated to completed'),
    );

    await go('Sales', 'Sales Management');
    expect(await page.getByTestId('available-loaves').textContent()).toBe(
      'Agege BreadFrom 1 batch80 loaves',
    );
    await page.getByRole('button', { name: 'Record Sale' }).click();
    const sale = page.getByRole('dialog');
    await choose(page, sale.getByLabel('Distributor', { exact: true }), DISTRIBUTOR);
    await choose(
      page,
      sale.getByLabel('Bread Type', { exact: true }),
      'Agege Bread (80 available)',
    );
    await sale.getByLabel('Loaves Taken').fill('30');
    await sale.getByLabel('Price per Loaf (₦)').fill('400');
    await sale.getByRole('button', { name: 'Record Sale' }).click();
    await dismissToast(
      await expectToast(page, 'Sale Recorded', `30 loaves of Agege Bread to ${DISTRIBUTOR}`),
    );

    // The batch took 20 kg of flour.
    await go('Inventory');
    await page.getByRole('row', { name: /Flour/ }).getByText('80 kg').waitFor();
  });

  test('a sale and a payment show on Distributors, the Dashboard and Accounting', async () => {
    await go('Distributors', 'Distributor Management');
    const distributor = page.getByTestId('distributor-card').filter({ hasText: DISTRIBUTOR });
    await distributor.getByText('₦12,000.00').first().waitFor();

    await distributor.getByRole('button', { name: 'Record Payment' }).click();
    const payment = page.getByRole('dialog');
    await payment.getByLabel('Amount (₦)').fill('5000');
    await payment.getByRole('button', { name: 'Record Payment' }).click();
    await dismissToast(
      await expectToast(
        page,
        'Payment Recorded',
        `₦5,000.00 from ${DISTRIBUTOR} · Receipt RCT-000001`,
      ),
    );

    await go('Accounting');
    await statCard(page, 'Total Income').getByText('₦5,000.00').waitFor();
    await go('Sales', 'Sales Management');
    await statCard(page, 'Total Sold').getByText('30', { exact: true }).waitFor();
    expect(await page.getByTestId('available-loaves').textContent()).toContain('50 loaves');
    await go('Distributors', 'Distributor Management');
    await distributor.getByText('₦7,000.00').first().waitFor();
  });
});
