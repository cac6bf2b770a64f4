import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { newPage, PHONE, screenshot } from '../support/browser';
import { setUpSignedInPage } from '../support/signed-in-page';
import {
  bakeAgegeBread,
  lagosToday,
  pickDayOfThisMonth,
  postOk,
  signInThroughApi,
  statCard,
  type TestUser,
} from './helpers';

const OWNER: TestUser = {
  username: 'reports_admin',
  email: 'reports@bakery.ng',
  password: 'oven-report-2026',
  firstName: 'Kemi',
  lastName: 'Adebayo',
};

const { year, month, day } = lagosToday();
const SHORT_MONTH = new Intl.DateTimeFormat('en-US', { month: 'short' }).format(
  new Date(Date.UTC(year, month - 1, 15)),
);

describe('reports and analytics', () => {
  const signedIn = setUpSignedInPage(OWNER);
  let page: Page;

  beforeAll(async () => {
    page = signedIn.page;
    const post = (url: string, data: object) => postOk(page, url, data);
    await bakeAgegeBread(page, { flourKg: 10, loaves: 300, minStock: 150, started: true });
    const shop = await post('/api/distributors', {
      name: 'Mama Nkechi Stores',
      address: 'Aba',
      phone: '0803 123 4567',
    });
    await post('/api/sales-transactions', {
      distributorId: shop.id,
      recipeName: 'Agege Bread',
      loavesTaken: 120,
      pricePerLoaf: 350.1,
      amountPaid: 30000,
    });
    await post('/api/bread-returns', {
      distributorId: shop.id,
      recipeName: 'Agege Bread',
      loavesReturned: 5,
      pricePerLoaf: 350.1,
      reason: 'spoiled',
      notes: 'Caught in the rain',
    });
  });

  test('Returns is the first tab, with the totals, the reason cards and both tables', async () => {
    await page.goto('/reports');
    expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('Returns');
    await statCard(page, 'Total Returns').first().getByText('₦1,750.50').waitFor();
    expect(await statCard(page, 'Spoiled').first().textContent()).toContain('5 loaves');
    expect(await statCard(page, 'Damaged').first().textContent()).toContain('₦0.00');
    const history = page.getByTestId('report-table').filter({ hasText: 'All Returns History' });
    expect(await history.getByRole('row').nth(1).textContent()).toContain('Caught in the rain');
    await screenshot(page, 'e2e-reports-returns-desktop');
  });

  test('a date filter reads its wording and narrows the figures; Clear Filters undoes it', async () => {
    await page.getByRole('button', { name: 'End Date' }).click();
    // The day before today (or today on the 1st): no records are that old.
    const before = day > 1 ? day - 1 : day;
    await pickDayOfThisMonth(page, before);
    const wording = `Showing data up to ${SHORT_MONTH} ${String(before).padStart(2, '0')}, ${year}`;
    await page.getByTestId('filter-wording').getByText(wording).waitFor();
    if (day > 1) await statCard(page, 'Total Returns').first().getByText('₦0.00').waitFor();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await page.getByTestId('filter-wording').waitFor({ state: 'detached' });
    await statCard(page, 'Total Returns').first().getByText('₦1,750.50').waitFor();
  });

  test('every tab shows its figures', async () => {
    await page.getByRole('tab', { name: 'Sales' }).click();
    // 120 × ₦350.10 = ₦42,012.00; less ₦30,000 paid and ₦1,750.50 returned.
    await statCard(page, 'Total Sales').first().getByText('₦42,012.00').waitFor();
    expect(await statCard(page, 'Outstanding Balance').first().textContent()).toContain(
      '₦10,261.50',
    );
    await page.getByTestId('trend-chart').waitFor();

    await page.getByRole('tab', { name: 'Production' }).click();
    await statCard(page, 'Total Loaves Produced').first().getByText('300').waitFor();
    expect(await statCard(page, 'Completed').first().textContent()).toContain('1');

    await page.getByRole('tab', { name: 'Inventory' }).click();
    await statCard(page, 'Low Stock Items').first().getByText('1', { exact: true }).waitFor();
    expect(await page.getByText('Low Stock Alerts').count()).toBe(1);

    await page.getByRole('tab', { name: 'Financial' }).click();
    const summary = page.getByTestId('financial-summary');
    await summary.waitFor();
    expect(await summary.textContent()).toContain('Net Sales₦40,261.50');
    await screenshot(page, 'e2e-reports-financial-desktop');
  });

  test('a table downloads as CSV with the same figures', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Distributor Balances as CSV' }).click();
    const csv = await readFile(await (await download).path(), 'utf8');
    expect(csv).toBe(
      '\ufeffDistributor,Sales,Payments,Returns,Balance Owed\r\n' +
        'Mama Nkechi Stores,42012.00,30000.00,1750.50,10261.50\r\n',
    );
  });

  test('on a 360 px phone each report row is a card whose figures are all on screen', async () => {
    const phone = await newPage(signedIn.browser, signedIn.web.baseUrl, {
      width: 360,
      height: 800,
    });
    await signInThroughApi(phone.page, OWNER);
    await phone.page.goto('/reports');
    const tables = [
      { tab: 'Returns', table: 'All Returns History', row: 'Caught in the rain' },
      { tab: 'Sales', table: 'Sales by Distributor', row: 'Mama Nkechi Stores' },
      { tab: 'Financial', table: 'Distributor Balances', row: 'Mama Nkechi Stores' },
    ];
    for (const { tab, table, row: text } of tables) {
      await phone.page.getByRole('tab', { name: tab, exact: true }).click();
      const row = phone.page
        .getByRole('table', { name: table })
        .getByRole('row')
        .filter({ hasText: text });
      await row.waitFor();
      for (const cell of await row.getByRole('cell').all()) {
        const box = await cell.boundingBox();
        expect(
          box && box.x + box.width,
          `${table}: ${await cell.textContent()}`,
        ).toBeLessThanOrEqual(360);
      }
      await screenshot(phone.page, `e2e-reports-${tab.toLowerCase()}-phone`);
    }
    await phone.context.close();
  });

  test('a user who reads only inventory sees only the Inventory tab', async () => {
    const role = await page.request.post('/api/admin/roles', { data: { name: 'Store Keepers' } });
    const roleId = (await role.json()).id;
    await page.request.put(`/api/admin/roles/${roleId}/permissions`, {
      data: {
        permissions: [{ module: 'inventory', canRead: true, canWrite: false, canDelete: false }],
      },
    });
    const keeper = {
      username: 'store_keeper',
      email: 'keeper@bakery.ng',
      password: 'keeper-pass-1',
    };
    const created = await page.request.post('/api/admin/users', {
      data: { ...keeper, firstName: 'Sade', lastName: 'Keeper', roleId },
    });
    expect(created.status()).toBe(201);
    const phone = await newPage(signedIn.browser, signedIn.web.baseUrl, PHONE);
    await signInThroughApi(phone.page, keeper);
    await phone.page.goto('/reports');
    await statCard(phone.page, 'Total Items').first().waitFor();
    expect(await phone.page.getByRole('tab').allTextContents()).toEqual(['Inventory']);
    const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await screenshot(phone.page, 'e2e-reports-phone');
    await phone.context.close();
  });
});
