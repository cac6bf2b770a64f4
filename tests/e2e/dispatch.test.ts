import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { newPage, screenshot } from '../support/browser';
import { setUpSignedInPage } from '../support/signed-in-page';
import {
  expectToast,
  mainNavigation,
  orderedForToday,
  signInThroughApi,
  type TestUser,
  waitForPageTitle,
} from './helpers';

const OWNER: TestUser = {
  username: 'dispatch_admin',
  email: 'dispatch@bakery.ng',
  password: 'bread-van-2026',
  firstName: 'Kemi',
  lastName: 'Ade',
};
const FIRST = 'Adunni Stores';
const SHORT = 'Bode Ventures';

const card = (page: Page, name: string) =>
  page.getByRole('region', { name: `Dispatch for ${name}` });
const linesOf = (page: Page, name: string) =>
  page
    .getByRole('table', { name: `Lines for ${name}` })
    .getByRole('row')
    .filter({ hasText: 'Agege Bread' });

describe('Dispatch: the loading list, one distributor short of loaves, the delivery notes', () => {
  const signedIn = setUpSignedInPage(OWNER);
  let page: Page;

  beforeAll(async () => {
    page = signedIn.page;
    await orderedForToday(page, [FIRST, SHORT], { baked: 10, pricePerLoaf: 512.5, ordered: 6 });
  });

  test('dispatches the first in full, then the second one short: the shortfall shows', async () => {
    await page.goto('/');
    await mainNavigation(page).getByRole('link', { name: 'Dispatch', exact: true }).click();
    await waitForPageTitle(page, 'Dispatch');
    const list = page.getByRole('table', { name: 'Loading list' });
    await expect.poll(() => list.getByRole('row').nth(1).textContent()).toBe('Agege Bread1212100');
    await card(page, FIRST).getByRole('button', { name: 'Dispatch' }).click();
    await expectToast(page, 'Dispatched', `6 loaves loaded for ${FIRST} (₦3,075.00)`);
    // Four left for six ordered: the field starts at four, the line shows two short.
    await expect.poll(() => linesOf(page, SHORT).textContent()).toBe('Agege Bread624₦512.50');
    expect(await page.getByLabel(`Agege Bread to load for ${SHORT}`).inputValue()).toBe('4');
    await screenshot(page, 'dispatch-short-1280');
    await card(page, SHORT).getByRole('button', { name: 'Dispatch' }).click();
    await expectToast(page, 'Dispatched', `4 loaves loaded for ${SHORT} (₦2,050.00)`);
    await expect.poll(() => linesOf(page, SHORT).textContent()).toBe('Agege Bread6420₦512.50');
    await expect.poll(() => list.getByRole('row').nth(1).textContent()).toBe('Agege Bread120010');
    expect(
      await card(page, SHORT)
        .getByText(/^Dispatched \d\d:\d\d$/)
        .count(),
    ).toBe(1);
    await screenshot(page, 'dispatch-done-1280');
  });

  test('prints one delivery note per page with signature lines', async () => {
    await page.emulateMedia({ media: 'print' });
    try {
      const notes = page.getByTestId('delivery-note');
      expect(await notes.count()).toBe(2);
      const second = await notes.nth(1).textContent();
      expect(second).toContain(SHORT);
      expect(second).toContain('Agege Bread64₦512.50₦2,050.00');
      expect(second).toContain('Received by (distributor)');
      await screenshot(page, 'dispatch-print-notes');
    } finally {
      await page.emulateMedia({ media: 'screen' });
    }
  });

  test('the sale shows on the distributor’s statement at the dispatch price', async () => {
    await mainNavigation(page).getByRole('link', { name: 'Distributors', exact: true }).click();
    await page
      .locator('.mantine-Card-root')
      .filter({ hasText: SHORT })
      .getByRole('link', { name: 'Statement' })
      .click();
    await page.getByTestId('statement-line').first().waitFor();
    const line = page.getByTestId('statement-line').filter({ hasText: 'Agege Bread' }).first();
    await expect.poll(() => line.textContent()).toContain('₦2,050.00');
  });

  test('works at phone width', async () => {
    const { context, page: small } = await newPage(signedIn.browser, signedIn.web.baseUrl, {
      width: 360,
      height: 800,
    });
    await signInThroughApi(small, OWNER);
    await small.goto('/dispatch');
    await linesOf(small, SHORT).waitFor();
    await screenshot(small, 'dispatch-360');
    const width = await small.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await context.close();
  });
});
