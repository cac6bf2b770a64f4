import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { newPage, PHONE, screenshot } from '../support/browser';
import { setUpSignedInPage } from '../support/signed-in-page';
import {
  bakeAgegeBread,
  choose,
  lagosToday,
  pickDayOfThisMonth,
  postOk,
  signInThroughApi,
  statCard,
  type TestUser,
} from './helpers';

const OWNER: TestUser = {
  username: 'accounts_admin',
  email: 'accounts@bakery.ng',
  password: 'ledger-book-2026',
  firstName: 'Tunde',
  lastName: 'Bakare',
};

const { year, day, monthName } = lagosToday();

const period = (page: Page) => page.getByLabel('Period', { exact: true }).first();

describe('accounting', () => {
  const signedIn = setUpSignedInPage(OWNER);
  let page: Page;

  beforeAll(async () => {
    page = signedIn.page;
    const post = (url: string, data: object) => postOk(page, url, data);
    const { flourId } = await bakeAgegeBread(page, { flourKg: 10, loaves: 200 });
    const shop = await post('/api/distributors', {
      name: 'Mama Nkechi Stores',
      address: 'Aba',
      phone: '0803 123 4567',
    });
    await post('/api/sales-transactions', {
      distributorId: shop.id,
      recipeName: 'Agege Bread',
      loavesTaken: 100,
      pricePerLoaf: 350,
      amountPaid: 30000,
    });
    await post('/api/distributor-payments', { distributorId: shop.id, amount: 5000.5 });
    await post('/api/purchase-orders', {
      supplier: 'Golden Penny Mills',
      items: [{ itemId: flourId, quantity: 50, totalCost: 40000 }],
    });
  });

  test('This Month is the default and shows the four figures with their colours', async () => {
    await page.goto('/accounting');
    await page.getByTestId('reporting-period').waitFor();
    expect(await period(page).inputValue()).toBe('This Month');
    expect(await page.getByTestId('reporting-period').textContent()).toMatch(
      /^Reporting Period: [A-Z][a-z]{2} 01, \d{4} to [A-Z][a-z]{2} \d{2}, \d{4}$/,
    );
    await statCard(page, 'Total Income').getByText('₦35,000.50').waitFor();
    expect(await statCard(page, 'Total Expenditure').textContent()).toContain('₦40,000.00');
    const profit = statCard(page, 'Net Profit').getByText('-₦4,999.50');
    await profit.waitFor();
    // The theme's red-6 (#c92a2a, 5.5:1 on white), not Mantine's #fa5252 (3.3:1).
    expect(await profit.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(201, 42, 42)');
    // -4,999.50 ÷ 35,000.50 = -14.28…%
    expect(await statCard(page, 'Profit Margin').textContent()).toContain('-14.3%');
    await screenshot(page, 'e2e-accounting-desktop');
  });

  test('Show Details lists the sales, payments and orders with their totals', async () => {
    await page.getByRole('button', { name: 'Show Details' }).click();
    await page.getByText('Total Sales Income:').waitFor();
    const lines = page.getByTestId('detail-line');
    await expect.poll(() => lines.count()).toBe(3);
    const texts = await lines.allTextContents();
    expect(texts[0]).toContain('Agege Bread100 loaves @ ₦350.00');
    expect(texts[0]).toContain('₦30,000.00');
    expect(await page.getByTestId('detail-total').allTextContents()).toEqual([
      '₦30,000.00',
      '₦5,000.50',
      '₦40,000.00',
    ]);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download Purchase Orders as CSV' }).click();
    const csv = await readFile(await (await download).path(), 'utf8');
    expect(csv.split('\r\n').slice(0, 1)).toEqual(['\ufeffDate,Order Number,Supplier,Amount']);
    expect(csv).toContain(',Golden Penny Mills,40000.00\r\n,Total Expenditures:,,40000.00\r\n');
    await page.getByRole('button', { name: 'Hide Details' }).click();
    await page.getByText('Total Sales Income:').waitFor({ state: 'detached' });
  });

  test('Last Year has nothing in it', async () => {
    await choose(page, period(page), 'Last Year');
    await page.getByText(`Reporting Period: Jan 01, ${year - 1} to Dec 31, ${year - 1}`).waitFor();
    await statCard(page, 'Total Income').getByText('₦0.00').waitFor();
    expect(await statCard(page, 'Profit Margin').textContent()).toContain('0.0%');
  });

  test('a custom range asks for both dates, then reports on them', async () => {
    await choose(page, period(page), 'Custom Range');
    await page
      .getByText(
        'Please select both start and end dates to view financial data for the custom range.',
      )
      .waitFor();
    await page.getByRole('button', { name: 'Start Date' }).click();
    // Days after today cannot be picked.
    if (day < 28) {
      expect(
        await page.getByRole('button', { name: `${day + 1} ${monthName} ${year}` }).isDisabled(),
      ).toBe(true);
    }
    await pickDayOfThisMonth(page, 1);
    // As a person does: the start date shows in its field before the end date is opened.
    await page
      .getByRole('button', { name: 'Start Date' })
      .filter({ hasText: `${monthName.slice(0, 3)} 01, ${year}` })
      .waitFor();
    await page.getByRole('button', { name: 'End Date' }).click();
    await pickDayOfThisMonth(page, day);
    const reporting = page.getByTestId('reporting-period');
    await expect.poll(() => reporting.textContent()).toContain('to');
    expect(
      await page.locator('.mantine-Badge-root').filter({ hasText: 'Custom Range' }).count(),
    ).toBe(1);
    await statCard(page, 'Total Income').getByText('₦35,000.50').waitFor();
    await screenshot(page, 'e2e-accounting-custom-desktop');
  });

  test('on a phone the page fits the screen', async () => {
    const phone = await newPage(signedIn.browser, signedIn.web.baseUrl, PHONE);
    await signInThroughApi(phone.page, OWNER);
    await phone.page.goto('/accounting');
    await phone.page.getByTestId('reporting-period').waitFor();
    const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await screenshot(phone.page, 'e2e-accounting-phone');
    await phone.context.close();
  });
});
