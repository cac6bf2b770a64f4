import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { newPage, PHONE, screenshot } from '../support/browser';
import { setUpSignedInPage } from '../support/signed-in-page';
import {
  bakeAgegeBread,
  expectToast,
  mainNavigation,
  postOk,
  signInThroughApi,
  type TestUser,
} from './helpers';

const OWNER: TestUser = {
  username: 'returns_rate_admin',
  email: 'returns.rate@bakery.ng',
  password: 'stale-loaves-2026',
  firstName: 'Bola',
  lastName: 'Ige',
};

const rateRow = (page: Page, name: string) =>
  page.getByTestId('report-table').getByRole('row').filter({ hasText: name });

describe('Reports: returns rate, and adjusting the standing order from its row', () => {
  const signedIn = setUpSignedInPage(OWNER);
  let page: Page;

  beforeAll(async () => {
    page = signedIn.page;
    await bakeAgegeBread(page, { flourKg: 10, loaves: 300 });
    const sell = async (name: string, taken: number, returned: number) => {
      const shop = await postOk(page, '/api/distributors', {
        name,
        address: 'Oshodi',
        phone: '0803 555 0101',
      });
      await postOk(page, '/api/sales-transactions', {
        distributorId: shop.id,
        recipeName: 'Agege Bread',
        loavesTaken: taken,
        pricePerLoaf: 400,
      });
      await postOk(page, '/api/bread-returns', {
        distributorId: shop.id,
        recipeName: 'Agege Bread',
        loavesReturned: returned,
        pricePerLoaf: 400,
        reason: 'spoiled',
      });
    };
    await sell('Iya Ronke Stores', 80, 20);
    await sell('Baba Sule Kiosk', 100, 5);
  });

  test('the tab shows the rate per distributor and bread, the one above 10% flagged', async () => {
    await page.goto('/');
    await mainNavigation(page).getByRole('link', { name: 'Reports', exact: true }).click();
    await page.getByRole('tab', { name: 'Returns rate', exact: true }).click();
    const flagged = rateRow(page, 'Iya Ronke Stores');
    await expect.poll(() => flagged.textContent()).toContain('25.0%');
    expect(await flagged.textContent()).toContain('Too many returns');
    const fine = rateRow(page, 'Baba Sule Kiosk');
    expect(await fine.textContent()).toContain('5.0%');
    expect(await fine.getByText('Too many returns').count()).toBe(0);
    await screenshot(page, 'reports-returns-rate-1280');
  });

  test("Adjust standing order opens that distributor's week grid on Orders", async () => {
    await rateRow(page, 'Iya Ronke Stores')
      .getByRole('link', { name: 'Adjust standing order of Iya Ronke Stores' })
      .click();
    await page.getByLabel('Iya Ronke Stores Agege Bread Mon').waitFor();
    expect(
      await page.getByRole('tab', { name: 'Standing orders' }).getAttribute('aria-selected'),
    ).toBe('true');
    expect(await page.getByLabel('Baba Sule Kiosk Agege Bread Mon').count()).toBe(0);
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']) {
      await page.getByLabel(`Iya Ronke Stores Agege Bread ${day}`).fill('60');
    }
    await page.getByRole('button', { name: 'Save Iya Ronke Stores' }).click();
    await page.getByText("Iya Ronke Stores's standing order saved").waitFor();
    await screenshot(page, 'orders-standing-one-distributor-1280');
    await page.getByRole('link', { name: 'Show all distributors' }).click();
    await page.getByLabel('Baba Sule Kiosk Agege Bread Mon').waitFor();
  });

  test('a higher threshold in Admin Settings clears the flag', async () => {
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Settings' }).click();
    const threshold = page.getByLabel('Returns-rate threshold (%)');
    expect(await threshold.inputValue()).toBe('10');
    await threshold.fill('25');
    await page.getByRole('button', { name: 'Save threshold' }).click();
    await expectToast(page, 'Success', 'Returns above 25% of the loaves taken are flagged');
    await screenshot(page, 'admin-settings-returns-rate-1280');
    await page.goto('/');
    await mainNavigation(page).getByRole('link', { name: 'Reports', exact: true }).click();
    await page.getByRole('tab', { name: 'Returns rate', exact: true }).click();
    const atThreshold = rateRow(page, 'Iya Ronke Stores');
    await expect.poll(() => atThreshold.textContent()).toContain('25.0%');
    expect(await atThreshold.getByText('Too many returns').count()).toBe(0);
  });

  test('works at phone width', async () => {
    const phone = await newPage(signedIn.browser, signedIn.web.baseUrl, PHONE);
    await signInThroughApi(phone.page, OWNER);
    await phone.page.setViewportSize({ width: 360, height: 800 });
    await phone.page.goto('/reports');
    await phone.page.getByRole('tab', { name: 'Returns rate', exact: true }).click();
    const row = rateRow(phone.page, 'Iya Ronke Stores');
    await row.waitFor();
    await screenshot(phone.page, 'reports-returns-rate-360');
    const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    // The row is a card: its rate and flag are on screen without scrolling the table sideways.
    for (const cell of await row.getByRole('cell').all()) {
      const box = await cell.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(360);
    }
    await phone.context.close();
  });
});
