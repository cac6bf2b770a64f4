import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { newPage, screenshot } from '../support/browser';
import { setUpSignedInPage } from '../support/signed-in-page';
import {
  holdRequests,
  mainNavigation,
  postOk,
  signInThroughApi,
  type TestUser,
  waitForPageTitle,
} from './helpers';

const OWNER: TestUser = {
  username: 'exports_admin',
  email: 'exports@bakery.ng',
  password: 'ledger-book-2026',
  firstName: 'Kemi',
  lastName: 'Adeyemi',
};
const SALES = 130;
const RETURNS = 230;
const NARROW = { width: 360, height: 800 };

/** Cells of a CSV line (these files hold no quoted cells). */
const cellsOf = (csv: string) =>
  csv
    .replace(/^\ufeff/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(','));
const kobo = (cell: string | undefined) => Math.round(Number(cell ?? 0) * 100);

/** Long lists: more rows than one page, on screen a page at a time, in the CSV all of them. */
describe('lists and exports', () => {
  const signedIn = setUpSignedInPage(OWNER);
  let page: Page;

  beforeAll(async () => {
    page = signedIn.page;
    const shop = await postOk(page, '/api/distributors', {
      name: 'Mama Nkechi Stores',
      address: 'Aba',
      phone: '0803 123 4567',
    });
    // Today, a minute apart, so every sale is in This Month; paid 100.01, 100.02, …
    await signedIn.web.database.db.execute(sql`
      insert into sales_transactions
        (distributor_id, recipe_name, loaves_taken, price_per_loaf, amount_paid, created_at)
      select ${shop.id}, 'Agege Bread', 2, 350, 100 + i / 100.0,
        date_trunc('day', now() at time zone 'Africa/Lagos') at time zone 'Africa/Lagos'
          + i * interval '1 second'
      from generate_series(1, ${SALES}) as i`);
    // Returns one a day back from yesterday, the n-th with n loaves mod 5 (+1).
    await signedIn.web.database.db.execute(sql`
      insert into bread_returns
        (distributor_id, recipe_name, loaves_returned, price_per_loaf, reason, created_at)
      select ${shop.id}, 'Agege Bread', 1 + i % 5, 350, 'spoiled', now() - i * interval '1 day'
      from generate_series(1, ${RETURNS}) as i`);
  });

  test('the accounting sales CSV holds every sale, its total their sum', async () => {
    await page.goto('/');
    await mainNavigation(page).getByRole('link', { name: 'Accounting' }).click();
    await waitForPageTitle(page, 'Accounting');
    await page.getByRole('button', { name: 'Show Details' }).click();
    const sales = page.getByTestId('detail-line');
    await expect.poll(() => sales.count()).toBe(100);
    await page.getByText(`100 of ${SALES} shown`).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download Sales Transactions as CSV' }).click();
    const rows = cellsOf(await readFile(await (await download).path(), 'utf8'));
    const [header, ...lines] = rows;
    const total = lines.pop();
    expect(header).toEqual(['Date', 'Recipe', 'Details', 'Distributor', 'Amount']);
    expect(lines).toHaveLength(SALES);
    expect(total?.[1]).toBe('Total Sales Income:');
    const sum = lines.reduce((acc, line) => acc + kobo(line.at(-1)), 0);
    expect(kobo(total?.at(-1))).toBe(sum);
    // The screen's total is the file's.
    const onScreen = (await page.getByTestId('detail-total').first().textContent()) ?? '';
    expect(kobo(onScreen.replace(/[₦,]/g, ''))).toBe(sum);

    await page.getByRole('button', { name: 'Show more' }).first().click();
    await expect.poll(() => sales.count()).toBe(SALES);
    await screenshot(page, 'e2e-exports-accounting-desktop');
  });

  test('the returns history pages back to older returns', async () => {
    await mainNavigation(page).getByRole('link', { name: 'Reports' }).click();
    await waitForPageTitle(page, 'Reports & Analytics');
    const pager = page.getByTestId('history-pager');
    await pager.getByText(`1–100 of ${RETURNS}`).waitFor();
    const history = page.getByTestId('report-table').filter({ hasText: 'All Returns History' });
    const firstDates = await history.locator('tbody tr td:first-child').allTextContents();
    expect(firstDates).toHaveLength(100);
    // While the older page is on its way the newer one stays, and the pager names no rows.
    const release = await holdRequests(page, '/api/reports/returns/history');
    await pager.getByRole('button', { name: 'Older' }).click();
    await pager.getByText('Loading returns...').waitFor();
    expect(await history.locator('tbody tr td:first-child').allTextContents()).toEqual(firstDates);
    await release();
    await pager.getByText(`101–200 of ${RETURNS}`).waitFor();
    const olderDates = await history.locator('tbody tr td:first-child').allTextContents();
    const day = (text: string | undefined) => new Date(text ?? '').getTime();
    expect(day(olderDates[0])).toBeLessThan(day(firstDates.at(-1)));
    await screenshot(page, 'e2e-exports-returns-desktop');
    await pager.getByRole('button', { name: 'Older' }).click();
    await pager.getByText(`201–${RETURNS} of ${RETURNS}`).waitFor();
    expect(await pager.getByRole('button', { name: 'Older' }).isDisabled()).toBe(true);
    await pager.getByRole('button', { name: 'Newer' }).click();
    await pager.getByText(`101–200 of ${RETURNS}`).waitFor();
  });

  test('on a narrow phone the pagers fit the screen', async () => {
    const phone = await newPage(signedIn.browser, signedIn.web.baseUrl, NARROW);
    await signInThroughApi(phone.page, OWNER);
    await phone.page.goto('/reports');
    await phone.page.getByTestId('history-pager').waitFor();
    expect(
      await phone.page.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(NARROW.width);
    await screenshot(phone.page, 'e2e-exports-returns-phone');
    await phone.page.goto('/accounting');
    await phone.page.getByRole('button', { name: 'Show Details' }).click();
    await phone.page.getByText(`100 of ${SALES} shown`).waitFor();
    expect(
      await phone.page.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(NARROW.width);
    await screenshot(phone.page, 'e2e-exports-accounting-phone');
    await phone.context.close();
  });
});
