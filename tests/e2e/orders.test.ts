import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { addDays } from '../../src/domain/orders';
import { newPage, PHONE, screenshot } from '../support/browser';
import { lagosDate } from '../support/fixtures';
import { setUpSignedInPage } from '../support/signed-in-page';
import {
  bakeAgegeBread,
  choose,
  dismissToast,
  expectCellsOnScreen,
  expectToast,
  mainNavigation,
  pickDay,
  postOk,
  signInThroughApi,
  type TestUser,
  tileLabels,
} from './helpers';

const OWNER: TestUser = {
  username: 'orders_admin',
  email: 'orders@bakery.ng',
  password: 'bread-van-2026',
  firstName: 'Tunde',
  lastName: 'Bello',
};
const bookRow = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Order book' }).getByRole('row').filter({ hasText: name });

describe('Orders: standing orders, the order book, a one-off change and a pause', () => {
  const signedIn = setUpSignedInPage(OWNER);
  let page: Page;
  let flourId: string;
  const tomorrow = addDays(lagosDate(new Date()), 1);
  const later = addDays(tomorrow, 1);

  beforeAll(async () => {
    page = signedIn.page;
    ({ flourId } = await bakeAgegeBread(page, { flourKg: 1, loaves: 10 }));
    await postOk(page, '/api/distributors', {
      name: 'Iya Basira Stores',
      address: '3 Oke-Arin Street, Lagos Island',
      phone: '0803 111 2222',
    });
    await postOk(page, '/api/distributors', {
      name: 'Mama Nkechi Stores',
      address: '12 Ojuelegba Road, Surulere',
      phone: '0805 333 4444',
    });
  });

  test('a standing order set through the sidebar shows in tomorrow’s book', async () => {
    await page.goto('/');
    await mainNavigation(page).getByRole('link', { name: 'Orders', exact: true }).click();
    await page.getByRole('heading', { name: 'Orders', exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Standing orders' }).click();
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']) {
      await page.getByLabel(`Iya Basira Stores Agege Bread ${day}`).fill('50');
    }
    await page.getByRole('button', { name: 'Save Iya Basira Stores' }).click();
    await page.getByText("Iya Basira Stores's standing order saved").waitFor();
    await page.getByRole('tab', { name: 'Order book' }).click();
    await expect.poll(() => bookRow(page, 'Iya Basira Stores').textContent()).toContain('50');
    expect(await page.getByText(/^(Open until|Closed at) \d\d:\d\d on /).count()).toBe(1);
    await screenshot(page, 'orders-book-1280');
  });

  test('numbers typed in one grid stay while another distributor’s grid is saved', async () => {
    for (const toast of await page.locator('.mantine-Notification-root').all()) {
      await dismissToast(toast);
    }
    await page.getByRole('tab', { name: 'Standing orders' }).click();
    const typed = page.getByLabel('Mama Nkechi Stores Agege Bread Mon');
    const saved = page.getByLabel('Iya Basira Stores Agege Bread Mon');
    await typed.fill('30');
    // Meanwhile a colleague adds a bread: the grids fetched after the next save have a row more.
    await postOk(page, '/api/recipes', {
      name: 'Sardine Bread',
      ingredients: [{ itemId: flourId, quantity: 1, unit: 'kg' }],
    });
    // Iya Basira's Monday changes and is saved twice (back to 50): each save fetches every grid again.
    for (const loaves of ['55', '50']) {
      await saved.fill(loaves);
      const grids = page.waitForResponse(
        (reply) =>
          reply.url().endsWith('/api/orders/standing') && reply.request().method() === 'GET',
      );
      await page.getByRole('button', { name: 'Save Iya Basira Stores' }).click();
      await grids;
      await dismissToast(
        await expectToast(page, 'Success', "Iya Basira Stores's standing order saved"),
      );
      await page.getByLabel('Mama Nkechi Stores Sardine Bread Mon').waitFor();
      expect(await typed.inputValue()).toBe('30');
      expect(await saved.inputValue()).toBe(loaves);
    }
    // Mama Nkechi's own save keeps what was typed, now from the server.
    await page.getByRole('button', { name: 'Save Mama Nkechi Stores' }).click();
    await dismissToast(
      await expectToast(page, 'Success', "Mama Nkechi Stores's standing order saved"),
    );
    await page.reload();
    await page.getByRole('tab', { name: 'Standing orders' }).click();
    await expect.poll(() => typed.inputValue()).toBe('30');
    expect(await page.getByLabel('Mama Nkechi Stores Agege Bread Tue').inputValue()).toBe('0');
    expect(await saved.inputValue()).toBe('50');
    await page.getByRole('tab', { name: 'Order book' }).click();
  });

  test('Change this day sets one date only', async () => {
    await page.getByRole('button', { name: 'Change this day for Iya Basira Stores' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Agege Bread').fill('70');
    await screenshot(page, 'orders-change-day-1280');
    await dialog.getByRole('button', { name: 'Save order' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = bookRow(page, 'Iya Basira Stores');
    await expect.poll(() => row.textContent()).toContain('70(standing 50)');
    await pickDay(page, 'Day', later);
    await expect.poll(() => row.textContent()).toMatch(/Iya Basira Stores50/);
  });

  test('a pause empties the book of the days it covers', async () => {
    await page.getByRole('tab', { name: 'Pauses' }).click();
    await choose(
      page,
      page.getByLabel('Distributor', { exact: true }).first(),
      'Iya Basira Stores',
    );
    await pickDay(page, 'From', later);
    await pickDay(page, 'To', later);
    await page.getByLabel('Reason').fill('Travelling to Ibadan');
    await page.getByRole('button', { name: 'Add pause' }).click();
    await page.getByRole('table', { name: 'Pauses' }).getByText('Travelling to Ibadan').waitFor();
    await page.getByRole('tab', { name: 'Order book' }).click();
    await pickDay(page, 'Day', later);
    const row = bookRow(page, 'Iya Basira Stores');
    await expect.poll(() => row.textContent()).toMatch(/Iya Basira StoresPaused0/);
    await screenshot(page, 'orders-paused-1280');
  });

  test('works at phone width: a card per distributor, pause and bread, all on screen', async () => {
    const phone = await newPage(signedIn.browser, signedIn.web.baseUrl, PHONE);
    await signInThroughApi(phone.page, OWNER);
    await phone.page.setViewportSize({ width: 360, height: 800 });
    await phone.page.goto('/orders');
    await bookRow(phone.page, 'Iya Basira Stores').waitFor();
    // A card per distributor: each bread's loaves, the total and Change this day on screen.
    await expectCellsOnScreen(phone.page.getByRole('table', { name: 'Order book' }), 360);
    expect(await tileLabels(bookRow(phone.page, 'Iya Basira Stores'))).toEqual([
      'none',
      '"Agege Bread"',
      '"Sardine Bread"',
      '"Total"',
      'none',
    ]);
    await screenshot(phone.page, 'orders-book-360');
    await phone.page.getByRole('tab', { name: 'Standing orders' }).click();
    await phone.page.getByLabel('Iya Basira Stores Agege Bread Mon').waitFor();
    await expectCellsOnScreen(
      phone.page.getByRole('table', { name: 'Standing order of Iya Basira Stores' }),
      360,
    );
    await screenshot(phone.page, 'orders-standing-360');
    await phone.page.getByRole('tab', { name: 'Pauses' }).click();
    const pauses = phone.page.getByRole('table', { name: 'Pauses' });
    await pauses.getByText('Travelling to Ibadan').waitFor();
    await expectCellsOnScreen(pauses, 360);
    await screenshot(phone.page, 'orders-pauses-360');
    const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await phone.context.close();
  });
});
