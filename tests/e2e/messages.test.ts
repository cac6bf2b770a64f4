import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DESKTOP, launchBrowser, newPage, screenshot, startWebApp } from '../support/browser';
import {
  bakeAgegeBread,
  choose,
  expectToast,
  mainNavigation,
  postOk,
  registerThroughApi,
  type TestUser,
  waitForLanding,
  waitForPageTitle,
} from './helpers';

const OWNER: TestUser = {
  username: 'messages_owner',
  email: 'messages@bakery.ng',
  password: 'one-toast-at-a-time',
  firstName: 'Kemi',
  lastName: 'Alade',
};
const DISTRIBUTOR = 'Alhaja Store';
const NARROW_PHONE = { width: 360, height: 740 };

const toasts = (page: Page) => page.locator('.mantine-Notification-root');

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
}

async function signInThroughForm(page: Page): Promise<Locator> {
  await page.goto('/');
  await waitForLanding(page);
  await page.getByLabel('Username', { exact: true }).fill(OWNER.username);
  await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await waitForPageTitle(page, 'Dashboard');
  return expectToast(page, 'Login successful', 'Welcome back!');
}

/** The header's date, time and bell are each on screen and none is under the toast. */
async function expectHeaderUncovered(page: Page, toast: Locator) {
  const header = page.locator('header');
  const clock = header.getByTestId('header-clock');
  const date = clock.getByTestId('header-date');
  const bell = header.getByLabel(/^Notifications/);
  const toastBox = await boxOf(toast);
  for (const part of [clock, date, bell]) {
    expect(await part.isVisible()).toBe(true);
    const box = await boxOf(part);
    expect(overlaps(box, toastBox), JSON.stringify({ box, toastBox })).toBe(false);
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
  }
}

describe('messages: one toast at a time, the newest at once', () => {
  let web: Awaited<ReturnType<typeof startWebApp>>;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [web, browser] = await Promise.all([startWebApp(), launchBrowser()]);
    ({ context, page } = await newPage(browser, web.baseUrl));
    await registerThroughApi(page, OWNER);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await web?.close();
  });

  test('the sign-in toast leaves the header date and bell in view (1280 px)', async () => {
    const toast = await signInThroughForm(page);
    await expectHeaderUncovered(page, toast);
    await screenshot(page, 'e2e-messages-sign-in-desktop');
  });

  test('after Record Sale, Record Payment shows "Payment Recorded" at once', async () => {
    await bakeAgegeBread(page, { flourKg: 20, loaves: 100 });
    await postOk(page, '/api/distributors', {
      name: DISTRIBUTOR,
      address: '3 Balogun Market, Lagos',
      phone: '0802 000 1111',
    });
    await mainNavigation(page).getByRole('link', { name: 'Sales', exact: true }).click();
    await waitForPageTitle(page, 'Sales Management');
    await page.getByRole('button', { name: 'Record Sale' }).click();
    const sale = page.getByRole('dialog');
    await choose(page, sale.getByLabel('Distributor', { exact: true }), DISTRIBUTOR);
    await choose(
      page,
      sale.getByLabel('Bread Type', { exact: true }),
      'Agege Bread (100 available)',
    );
    await sale.getByLabel('Loaves Taken').fill('10');
    await sale.getByLabel('Price per Loaf (₦)').fill('400');
    await sale.getByRole('button', { name: 'Record Sale' }).click();
    // Not dismissed: the next message must take its place by itself.
    await expectToast(page, 'Sale Recorded', `10 loaves of Agege Bread to ${DISTRIBUTOR}`);

    await mainNavigation(page).getByRole('link', { name: 'Distributors', exact: true }).click();
    await waitForPageTitle(page, 'Distributor Management');
    const card = page.getByTestId('distributor-card').filter({ hasText: DISTRIBUTOR });
    await card.getByRole('button', { name: 'Record Payment' }).click();
    const payment = page.getByRole('dialog');
    await payment.getByLabel('Amount (₦)').fill('1000');
    await payment.getByRole('button', { name: 'Record Payment' }).click();
    await payment.waitFor({ state: 'detached' });

    // Well inside the 5 s the sale's toast would have stayed for.
    const started = Date.now();
    await toasts(page)
      .filter({ hasText: 'Payment Recorded' })
      .waitFor({ state: 'visible', timeout: 1500 });
    expect(Date.now() - started).toBeLessThan(1500);
    await toasts(page).filter({ hasText: 'Sale Recorded' }).waitFor({ state: 'detached' });
    expect(await toasts(page).count()).toBe(1);
    expect(await page.getByText('Sale Recorded').count()).toBe(0);
    await expectToast(
      page,
      'Payment Recorded',
      `₦1,000.00 from ${DISTRIBUTOR} · Receipt RCT-000001`,
    );
  });

  test('at 360 px the header shows the date and time, and the sign-in toast covers neither nor the bell', async () => {
    await page.request.post('/api/auth/logout');
    await page.setViewportSize(NARROW_PHONE);
    const toast = await signInThroughForm(page);
    await screenshot(page, 'e2e-messages-sign-in-phone');
    const date = page.locator('header').getByTestId('header-date');
    // "Wed 25 Nov": the weekday, the day and the month (docs/screens/shell.md, Header).
    expect(await date.textContent()).toMatch(/^[A-Z][a-z]{2},? \d{1,2} [A-Z][a-z]{2}$/);
    expect(await page.locator('header').getByTestId('header-time').textContent()).toMatch(
      /^\d{2}:\d{2}$/,
    );
    await expectHeaderUncovered(page, toast);
    const header = page.locator('header');
    expect(await header.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await page.setViewportSize(DESKTOP);
  });
});
