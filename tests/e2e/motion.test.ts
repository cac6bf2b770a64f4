import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { newPage, PHONE } from '../support/browser';
import { setUpSignedInPage } from '../support/signed-in-page';
import {
  bakeAgegeBread,
  choose,
  distributorCard,
  expectToast,
  goThroughSidebar,
  postOk,
  signInThroughApi,
  type TestUser,
  waitForPageTitle,
} from './helpers';

/**
 * The other browser tests run as a person who asked for less motion (quicker,
 * tests/support/browser.ts). Most people did not: here the app is used with
 * its dialogs, dropdowns and drawer animated, and the reduced motion is shown
 * to be what the others had.
 */
const OWNER: TestUser = {
  username: 'motion_owner',
  email: 'motion@bakery.ng',
  password: 'rising-dough-2026',
  firstName: 'Tunde',
  lastName: 'Bakare',
};

/** How long the dialog's entrance lasts, read from its inline transition as it appears. */
async function entranceMs(page: Page): Promise<number> {
  const dialog = page.getByRole('dialog', { name: 'Record Sale' });
  await dialog.waitFor();
  const duration = await dialog.evaluate((node) => getComputedStyle(node).transitionDuration);
  return Math.max(...duration.split(',').map((part) => Number.parseFloat(part) * 1000));
}

describe('the app with its animations on, as most people have it', () => {
  const signedIn = setUpSignedInPage(OWNER);

  beforeAll(async () => {
    const admin = signedIn.page;
    await bakeAgegeBread(admin, { flourKg: 10, loaves: 120 });
    await postOk(admin, '/api/distributors', {
      name: 'Iya Bose Kiosk',
      address: '3 Oyingbo Market, Ebute Metta',
      phone: '0803 555 0199',
    });
  });

  async function pageWith(motion: 'reduce' | 'no-preference', viewport = { ...PHONE }) {
    const { context, page } = await newPage(
      signedIn.browser,
      signedIn.web.baseUrl,
      viewport,
      motion,
    );
    await signInThroughApi(page, OWNER);
    await page.goto('/');
    await waitForPageTitle(page, 'Dashboard');
    return { context, page };
  }

  test('records a sale through the animated dialog and dropdowns, and the card shows it', async () => {
    const { context, page } = await pageWith('no-preference', { width: 1280, height: 800 });
    await goThroughSidebar(page, 'Sales', 'Sales Management');
    await page.getByRole('button', { name: 'Record Sale' }).click();
    expect(await entranceMs(page)).toBeGreaterThan(0);
    const dialog = page.getByRole('dialog', { name: 'Record Sale' });
    await choose(page, dialog.getByLabel('Distributor', { exact: true }), 'Iya Bose Kiosk');
    await choose(
      page,
      dialog.getByLabel('Bread Type', { exact: true }),
      'Agege Bread (120 available)',
    );
    await dialog.getByLabel('Loaves Taken').fill('12');
    await dialog.getByLabel('Price per Loaf (₦)').fill('450');
    await dialog.getByLabel('Amount Paid (₦)').fill('0');
    await dialog.getByRole('button', { name: 'Record Sale' }).click();
    await expectToast(page, 'Sale Recorded', '12 loaves of Agege Bread to Iya Bose Kiosk');
    await dialog.waitFor({ state: 'detached' });
    await goThroughSidebar(page, 'Distributors', 'Distributor Management');
    await distributorCard(page, 'Iya Bose Kiosk').getByText('₦5,400.00').first().waitFor();
    await context.close();
  });

  test('on a phone the drawer slides in and out, and takes the person to the page chosen', async () => {
    const { context, page } = await pageWith('no-preference');
    await goThroughSidebar(page, 'Inventory');
    expect(new URL(page.url()).pathname).toBe('/inventory');
    await context.close();
  });

  test('a person who asked for less motion gets the dialog at once', async () => {
    const { context, page } = await pageWith('reduce', { width: 1280, height: 800 });
    await goThroughSidebar(page, 'Sales', 'Sales Management');
    await page.getByRole('button', { name: 'Record Sale' }).click();
    expect(await entranceMs(page)).toBe(0);
    await context.close();
  });
});
