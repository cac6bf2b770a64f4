import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { DESKTOP, newPage, screenshot } from '../support/browser';
import { setUpSignedInPage } from '../support/signed-in-page';
import {
  choose,
  dismissToast,
  expectCellsOnScreen,
  expectToast,
  mainNavigation,
  orderedForToday,
  signInThroughApi,
  type TestUser,
  tileLabels,
  waitForPageTitle,
  waitUntilSettled,
} from './helpers';

const OWNER: TestUser = {
  username: 'settle_admin',
  email: 'settle@bakery.ng',
  password: 'cash-at-dusk-2026',
  firstName: 'Tola',
  lastName: 'Bello',
};
const SHOP = 'Adunni Stores';
const PHONE_360 = { width: 360, height: 800 };

const figure = (page: Page, label: string) =>
  page.getByTestId('settlement-summary').getByLabel(label, { exact: true });

describe('Settlement: a dispatched distributor settled with a return and a payment', () => {
  const signedIn = setUpSignedInPage(OWNER);
  let page: Page;

  beforeAll(async () => {
    page = signedIn.page;
    await orderedForToday(page, [SHOP], { baked: 10, pricePerLoaf: 512.5, ordered: 6 });
  });

  test('dispatches, then settles with a return and a payment: the summary shows', async () => {
    await page.goto('/');
    await mainNavigation(page).getByRole('link', { name: 'Dispatch', exact: true }).click();
    await waitForPageTitle(page, 'Dispatch');
    await page
      .getByRole('region', { name: `Dispatch for ${SHOP}` })
      .getByRole('button', { name: 'Dispatch' })
      .click();
    // Closed before axe looks: a toast's grey description is Mantine's, not this page's.
    await dismissToast(
      await expectToast(page, 'Dispatched', `6 loaves loaded for ${SHOP} (₦3,075.00)`),
    );

    await mainNavigation(page).getByRole('link', { name: 'Settlement', exact: true }).click();
    await waitForPageTitle(page, 'Settlement');
    await choose(page, page.getByLabel('Distributor', { exact: true }).first(), SHOP);
    const loaded = page.getByRole('table', { name: `Loaded for ${SHOP}` });
    await expect
      .poll(() => loaded.getByRole('row').nth(1).textContent())
      .toBe('Agege Bread6₦512.50₦3,075.00');
    await page.getByRole('button', { name: 'Add return' }).click();
    await choose(page, page.getByLabel('Return 1 bread', { exact: true }).first(), 'Agege Bread');
    await page.getByLabel('Return 1 loaves', { exact: true }).first().fill('2');
    await choose(page, page.getByLabel('Return 1 reason', { exact: true }).first(), 'Damaged');
    await page.getByLabel('Collected (₦)', { exact: true }).first().fill('1000.5');
    await choose(page, page.getByLabel('Method', { exact: true }).first(), 'Bank Transfer');
    await screenshot(page, 'settlement-form-1280');
    await expectNoSeriousAxeViolations(page, 'settlement form at 1280 px');
    // On a phone the loaded line and the return are cards: every figure and box on screen.
    await page.setViewportSize(PHONE_360);
    try {
      // The sidebar slides away first.
      await waitUntilSettled(page.getByRole('heading', { level: 1, name: 'Settlement' }));
      await expectCellsOnScreen(loaded.getByRole('row'), 360);
      const returned = page.getByRole('table', { name: `Returns for ${SHOP}` }).getByRole('row');
      await expectCellsOnScreen(returned, 360);
      expect(await tileLabels(returned)).toEqual(['none', '"Loaves"', '"Reason"', 'none']);
      await screenshot(page, 'settlement-form-360');
    } finally {
      await page.setViewportSize(DESKTOP);
    }
    await page.getByRole('button', { name: 'Settle' }).click();
    await expectToast(page, 'Settled', `${SHOP}: balance after ₦1,049.50`);
    await expect.poll(() => figure(page, 'Loaded').textContent()).toBe('6 loaves');
    expect(await figure(page, 'Value loaded').textContent()).toBe('₦3,075.00');
    expect(await figure(page, 'Returned').textContent()).toBe('2 loaves');
    expect(await figure(page, 'Value returned').textContent()).toBe('₦1,025.00');
    expect(await figure(page, 'Net sold').textContent()).toBe('4 loaves');
    expect(await figure(page, 'Net value').textContent()).toBe('₦2,050.00');
    expect(await figure(page, 'Collected').textContent()).toBe('₦1,000.50 (Bank Transfer)');
    expect(await figure(page, 'Balance after').textContent()).toBe('₦1,049.50');
    await screenshot(page, 'settlement-summary-1280');
  });

  test('prints the summary with the letterhead and signature lines', async () => {
    await page.emulateMedia({ media: 'print' });
    try {
      const summary = await page.getByTestId('settlement-summary').textContent();
      expect(summary).toContain('Settled by (bakery)');
      expect(summary).toContain('Agege BreadDamaged2₦512.50₦1,025.00');
      expect(await page.getByRole('button', { name: 'Print summary' }).isVisible()).toBe(false);
      await screenshot(page, 'settlement-print');
    } finally {
      await page.emulateMedia({ media: 'screen' });
    }
  });

  test('the statement shows the return and the payment, exact to the kobo', async () => {
    await mainNavigation(page).getByRole('link', { name: 'Distributors', exact: true }).click();
    await page
      .locator('.mantine-Card-root')
      .filter({ hasText: SHOP })
      .getByRole('link', { name: 'Statement' })
      .click();
    const lines = page.getByTestId('statement-line');
    await lines.first().waitFor();
    await expect
      .poll(() => lines.filter({ hasText: 'Return' }).first().textContent())
      .toContain('₦1,025.00');
    expect(await lines.filter({ hasText: 'Payment' }).first().textContent()).toContain('₦1,000.50');
    expect(await page.getByTestId('closing-balance').textContent()).toBe('₦1,049.50');
  });

  test('works at phone width: the loaded and returned bread as cards, all on screen', async () => {
    const { context, page: small } = await newPage(
      signedIn.browser,
      signedIn.web.baseUrl,
      PHONE_360,
    );
    await signInThroughApi(small, OWNER);
    await small.goto('/settlement');
    await choose(
      small,
      small.getByLabel('Distributor', { exact: true }).first(),
      `${SHOP} (settled)`,
    );
    await figure(small, 'Balance after').waitFor();
    // The returned bread and the loaded one, every figure on screen under its name.
    const returned = small.getByRole('table', { name: `Returns of ${SHOP}` }).getByRole('row');
    await expectCellsOnScreen(returned, 360);
    expect(await tileLabels(returned.filter({ hasText: 'Agege Bread' }))).toEqual([
      'none',
      '"Reason"',
      '"Loaves"',
      '"Price"',
      '"Value"',
    ]);
    await expectCellsOnScreen(small.getByRole('table', { name: `Loaded for ${SHOP}` }), 360);
    await screenshot(small, 'settlement-360');
    await expectNoSeriousAxeViolations(small, 'settlement summary at 360 px');
    const width = await small.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await context.close();
  });
});
