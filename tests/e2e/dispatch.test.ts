import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { newPage, screenshot } from '../support/browser';
import { setUpSignedInPage } from '../support/signed-in-page';
import {
  expectCellsOnScreen,
  expectToast,
  mainNavigation,
  orderedForToday,
  signInThroughApi,
  type TestUser,
  tileLabels,
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
const PHONE_360 = { width: 360, height: 800 };

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

  test('dispatches the first in full; the second’s value is what its box holds', async () => {
    await page.goto('/');
    await mainNavigation(page).getByRole('link', { name: 'Dispatch', exact: true }).click();
    await waitForPageTitle(page, 'Dispatch');
    const list = page.getByRole('table', { name: 'Loading list' });
    await expect.poll(() => list.getByRole('row').nth(1).textContent()).toBe('Agege Bread1212100');
    await card(page, FIRST).getByRole('button', { name: 'Dispatch' }).click();
    await expectToast(page, 'Dispatched', `6 loaves loaded for ${FIRST} (₦3,075.00)`);
    // Four left for six ordered: the field starts at four, the line shows two short.
    await expect.poll(() => linesOf(page, SHORT).textContent()).toBe('Agege Bread624₦512.50');
    const box = page.getByLabel(`Agege Bread to load for ${SHORT}`);
    expect(await box.inputValue()).toBe('4');
    // What will be loaded, 4 × ₦512.50, not the 6 ordered; it follows the box.
    const value = card(page, SHORT).getByTestId('dispatch-value');
    expect(await value.textContent()).toBe('Value ₦2,050.00');
    await card(page, SHORT).getByText('4 of 6 loaves to load').waitFor();
    await box.fill('3');
    await expect.poll(() => value.textContent()).toBe('Value ₦1,537.50');
    expect(await linesOf(page, SHORT).textContent()).toBe('Agege Bread634₦512.50');
    await card(page, SHORT).getByText('3 of 6 loaves to load').waitFor();
    await box.fill('');
    await expect.poll(() => value.textContent()).toBe('Value —');
    await box.fill('4');
    await expect.poll(() => value.textContent()).toBe('Value ₦2,050.00');
    await screenshot(page, 'dispatch-short-1280');
  });

  test('at phone width the short line shows every figure, without scrolling sideways', async () => {
    const phone = await newPage(signedIn.browser, signedIn.web.baseUrl, PHONE_360);
    await signInThroughApi(phone.page, OWNER);
    await phone.page.goto('/dispatch');
    await linesOf(phone.page, SHORT).waitFor();
    await expectCellsOnScreen(linesOf(phone.page, SHORT), 360);
    const list = phone.page.getByRole('table', { name: 'Loading list' }).getByRole('row');
    await expectCellsOnScreen(list.filter({ hasText: 'Agege Bread' }), 360);
    await expectCellsOnScreen(linesOf(phone.page, FIRST), 360);
    // The short line as a card: each figure headed by its column's name.
    expect(await tileLabels(linesOf(phone.page, SHORT))).toEqual([
      'none',
      '"Ordered"',
      '"To load"',
      '"Short"',
      '"Available"',
      '"Price"',
    ]);
    await screenshot(phone.page, 'dispatch-short-360');
    await phone.context.close();
  });

  test('dispatches the second one short: the shortfall is kept, what is left no longer shows', async () => {
    const list = page.getByRole('table', { name: 'Loading list' });
    const available = card(page, SHORT).getByRole('columnheader', { name: 'Available' });
    expect(await available.count()).toBe(1);
    await card(page, SHORT).getByRole('button', { name: 'Dispatch' }).click();
    await expectToast(page, 'Dispatched', `4 loaves loaded for ${SHORT} (₦2,050.00)`);
    // Ordered, loaded, short and price: once loaded, the loaves left mean nothing to this note.
    await expect.poll(() => linesOf(page, SHORT).textContent()).toBe('Agege Bread642₦512.50');
    expect(await available.count()).toBe(0);
    expect(await card(page, SHORT).getByTestId('dispatch-value').textContent()).toBe(
      'Value ₦2,050.00',
    );
    await expect.poll(() => list.getByRole('row').nth(1).textContent()).toBe('Agege Bread120010');
    expect(
      await card(page, SHORT)
        .getByText(/^Dispatched \d\d:\d\d$/)
        .count(),
    ).toBe(1);
    // From the top: a full-page shot of a scrolled page draws the fixed header mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
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

  test('works at phone width, the dispatched cards without what is left', async () => {
    const { context, page: small } = await newPage(
      signedIn.browser,
      signedIn.web.baseUrl,
      PHONE_360,
    );
    await signInThroughApi(small, OWNER);
    await small.goto('/dispatch');
    await linesOf(small, SHORT).waitFor();
    await expectCellsOnScreen(linesOf(small, SHORT), 360);
    expect(await tileLabels(linesOf(small, SHORT))).toEqual([
      'none',
      '"Ordered"',
      '"Loaded"',
      '"Short"',
      '"Price"',
    ]);
    await screenshot(small, 'dispatch-360');
    const width = await small.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await context.close();
  });
});
