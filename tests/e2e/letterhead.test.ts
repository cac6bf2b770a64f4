import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { screenshot } from '../support/browser';
import { setUpSignedInPage } from '../support/signed-in-page';
import {
  bakeAgegeBread,
  expectToast,
  fieldError,
  mainNavigation,
  postOk,
  type TestUser,
  waitForPageTitle,
} from './helpers';

const ADMIN: TestUser = {
  username: 'print_admin',
  email: 'print@bakery.ng',
  password: 'golden-crust-2026',
  firstName: 'Bola',
  lastName: 'Ahmed',
};
const PHONE_360 = { width: 360, height: 780 };
const DISTRIBUTOR = 'Mama Tunde Stores';
/** "01 Nov 2026": the one date format, everywhere on the statement. */
const DAY = '\\d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \\d{4}';

describe('a printed statement heads with the letterhead, in one date format', () => {
  const signedIn = setUpSignedInPage(ADMIN);
  let page: Page;
  let admin: Page;

  beforeAll(async () => {
    page = signedIn.page;
    await bakeAgegeBread(page, { flourKg: 10, loaves: 50 });
    const distributor = await postOk(page, '/api/distributors', {
      name: DISTRIBUTOR,
      address: '12 Allen Avenue, Ikeja',
      phone: '0803 000 0000',
    });
    await postOk(page, '/api/sales-transactions', {
      distributorId: distributor.id,
      recipeName: 'Agege Bread',
      loavesTaken: 10,
      pricePerLoaf: 700,
      amountPaid: 2000,
    });
    await page.goto('/');
    await waitForPageTitle(page, 'Dashboard');
    [admin] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: 'Admin Panel' }).click(),
    ]);
    await waitForPageTitle(admin, 'Admin Panel');
  });

  test('the admin sets the letterhead in the Admin Panel, with field messages for bad input', async () => {
    await admin.getByRole('tab', { name: 'Settings' }).click();
    const name = admin.getByLabel('Bakery name', { exact: true });
    await name.waitFor();
    await admin.getByRole('button', { name: 'Save letterhead' }).click();
    expect(await fieldError(admin, 'Bakery name')).toBe('Bakery name is required');
    expect(await fieldError(admin, 'Bakery phone')).toBe('Bakery phone is required');

    await name.fill('Golden Crust Bakery Ltd');
    await admin.getByLabel('Bakery address', { exact: true }).fill('14 Oba Akran Avenue, Ikeja');
    await admin.getByLabel('Bakery phone', { exact: true }).fill('call us');
    await admin.getByRole('button', { name: 'Save letterhead' }).click();
    expect(await fieldError(admin, 'Bakery phone')).toBe(
      'Enter a phone number: digits, spaces, +, - and brackets',
    );
    await admin.getByLabel('Bakery phone', { exact: true }).fill('+234 803 555 0142');
    await admin.getByRole('button', { name: 'Save letterhead' }).click();
    await expectToast(admin, 'Success', 'Letterhead saved');
    await screenshot(admin, 'e2e-letterhead-settings-desktop');
    await admin.setViewportSize(PHONE_360);
    await screenshot(admin, 'e2e-letterhead-settings-phone');
  });

  test('the statement reached from the sidebar uses one date format: heading, rows and inputs', async () => {
    await mainNavigation(page).getByRole('link', { name: 'Distributors' }).click();
    await page
      .locator('.mantine-Card-root')
      .filter({ hasText: DISTRIBUTOR })
      .getByRole('link', { name: 'Statement' })
      .click();
    await page.getByTestId('statement-line').first().waitFor();
    // The page keeps the title its loading placeholder showed.
    await page.getByRole('heading', { level: 1, name: 'Distributor Statement' }).waitFor();

    const range = page.getByText(new RegExp(`^${DAY} to ${DAY}$`));
    const [from, to] = ((await range.textContent()) ?? '').split(' to ');
    expect(await page.getByRole('button', { name: 'From' }).textContent()).toBe(from);
    expect(await page.getByRole('button', { name: 'To' }).textContent()).toBe(to);
    const dates = await page.getByRole('row').locator('td:first-child').allTextContents();
    expect(dates[0]).toBe(from);
    expect(dates[1]).toMatch(new RegExp(`^${DAY}, \\d{2}:\\d{2}$`));
    expect(dates.at(-1)).toBe(to);
    await screenshot(page, 'e2e-statement-dates-desktop');
  });

  test('printed, it heads with the bakery’s name, address, phone and the print date', async () => {
    const letterhead = page.getByTestId('letterhead');
    expect(await letterhead.isVisible()).toBe(false);
    const today = await page.getByRole('button', { name: 'To' }).textContent();
    await page.emulateMedia({ media: 'print' });
    await letterhead.waitFor();
    const text = await letterhead.textContent();
    expect(text).toContain('Golden Crust Bakery Ltd');
    expect(text).toContain('14 Oba Akran Avenue, Ikeja');
    expect(text).toContain('+234 803 555 0142');
    expect(text).toMatch(new RegExp(`Printed ${today}, \\d{2}:\\d{2}`));
    await screenshot(page, 'e2e-statement-letterhead-print');
    await page.emulateMedia({ media: 'screen' });
  });

  test('at 360 px the statement and its date inputs fit', async () => {
    await page.setViewportSize(PHONE_360);
    await page.getByTestId('statement-card').first().waitFor();
    // The layout settles over a few frames after the resize (seen once at 410 px in a CI-like run).
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(PHONE_360.width);
    await screenshot(page, 'e2e-statement-dates-phone');
  });
});
