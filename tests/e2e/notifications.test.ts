import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { productionBatches, purchaseOrders } from '../../src/server/db/schema';
import { newPage, screenshot } from '../support/browser';
import { setUpSignedInPage } from '../support/signed-in-page';
import {
  mainNavigation,
  postOk,
  signInThroughApi,
  type TestUser,
  waitForPageTitle,
  waitUntilSettled,
} from './helpers';

const OWNER: TestUser = {
  username: 'bell_owner',
  email: 'bell@bakery.ng',
  password: 'ring-the-bell-2026',
  firstName: 'Tola',
  lastName: 'Bello',
};
const KEEPER: TestUser = {
  username: 'bell_keeper',
  email: 'keeper@bakery.ng',
  password: 'count-the-sacks-26',
  firstName: 'Sade',
  lastName: 'Ojo',
};
const NARROW_PHONE = { width: 360, height: 740 };

const bell = (page: Page) => page.locator('header').getByRole('button', { name: /^Notifications/ });
const list = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });
const items = (page: Page) => list(page).getByTestId('notification');

async function openList(page: Page) {
  await bell(page).click();
  await list(page).waitFor();
  await waitUntilSettled(list(page));
}

async function closeList(page: Page) {
  await page.keyboard.press('Escape');
  await list(page).waitFor({ state: 'detached' });
}

describe('the notification bell', () => {
  const signedIn = setUpSignedInPage(OWNER);
  let page: Page;
  let orderNumber = '';

  beforeAll(async () => {
    page = signedIn.page;
    const sugar = await postOk(page, '/api/inventory', {
      name: 'Sugar',
      category: 'ingredients',
      unit: 'kg',
      currentStock: 4,
      minStock: 10,
      unitCost: 900,
    });
    const order = await postOk(page, '/api/purchase-orders', {
      supplier: 'Honeywell Flour Mills Plc',
      items: [{ itemId: sugar.id, quantity: 20, totalCost: 18_000 }],
    });
    orderNumber = order.orderNumber;
    const recipe = await postOk(page, '/api/recipes', {
      name: 'Agege Bread',
      estimatedDuration: 90,
      ingredients: [{ itemId: sugar.id, quantity: 0.1, unit: 'kg' }],
    });
    const batch = await postOk(page, '/api/production-batches', {
      recipeId: recipe.id,
      flourKg: 1,
      status: 'in_progress',
    });
    // The batch took 0.1 kg of the sugar. Time has passed: the order was due last week, the batch started 3 hours ago.
    const db = signedIn.web.database.db;
    await db
      .update(purchaseOrders)
      .set({ expectedDelivery: new Date(Date.now() - 7 * 24 * 60 * 60 * 1000) })
      .where(eq(purchaseOrders.id, order.id));
    await db
      .update(productionBatches)
      .set({ startedAt: new Date(Date.now() - 3 * 60 * 60 * 1000) })
      .where(eq(productionBatches.id, batch.id));

    const role = await postOk(page, '/api/admin/roles', { name: 'Stock keeper' });
    const matrix = await page.request.put(`/api/admin/roles/${role.id}/permissions`, {
      data: {
        permissions: [{ module: 'inventory', canRead: true, canWrite: false, canDelete: false }],
      },
    });
    expect(matrix.status()).toBe(200);
    await postOk(page, '/api/admin/users', { ...KEEPER, roleId: role.id });
  });

  test("the admin's badge counts all three kinds, and a click lists them with links", async () => {
    await page.goto('/');
    await waitForPageTitle(page, 'Dashboard');
    await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('Notifications: 3 unread');
    expect(await page.getByTestId('notification-badge').textContent()).toContain('3');

    await openList(page);
    expect(await items(page).count()).toBe(3);
    const text = await list(page).textContent();
    expect(text).toContain('Low stock: Sugar');
    expect(text).toContain('3.9 kg left, minimum 10 kg');
    expect(text).toContain(`Order overdue: ${orderNumber}`);
    expect(text).toContain('Honeywell Flour Mills Plc, expected 7 days ago');
    expect(text).toContain('Batch running long: Agege Bread');
    expect(text).toMatch(/BATCH-\d{8}-\d+, in progress 3 h; the recipe takes 1 h 30 min/);
    await screenshot(page, 'e2e-notifications-open-desktop');
  });

  test('a link goes to the page of its record within the app, and marks it read', async () => {
    // A full page load would lose this mark.
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    await list(page)
      .getByRole('link', { name: `Order overdue: ${orderNumber}` })
      .click();
    await waitForPageTitle(page, 'Purchase Orders');
    expect(new URL(page.url()).pathname).toBe('/purchases');
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
      true,
    );
    await list(page).waitFor({ state: 'detached' });
    await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('Notifications: 2 unread');

    await openList(page);
    const read = items(page).filter({ hasText: 'Order overdue' });
    expect(await read.getAttribute('data-read')).toBe('true');
    // Unread first: the order, now read, comes last.
    expect(await items(page).last().textContent()).toContain('Order overdue');
    await closeList(page);
  });

  test('one notification can be marked read with its check, and all with Mark all read', async () => {
    await openList(page);
    await list(page).getByRole('button', { name: 'Mark read: Low stock: Sugar' }).click();
    await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('Notifications: 1 unread');
    await list(page).getByRole('button', { name: 'Mark all read' }).click();
    await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('Notifications');
    expect(await page.getByTestId('notification-badge').textContent()).toBe('');
    const markAll = list(page).getByRole('button', { name: 'Mark all read' });
    expect(await markAll.getAttribute('aria-disabled')).toBe('true');
    await closeList(page);

    // Read marks are kept on the server: a reload still shows none unread.
    await page.reload();
    await waitForPageTitle(page, 'Purchase Orders');
    await bell(page).waitFor();
    await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('Notifications');
  });

  test('an inventory-only role sees only the stock notification, at 360 px too', async () => {
    const keeper = await newPage(signedIn.browser, signedIn.web.baseUrl, NARROW_PHONE);
    try {
      const phone = keeper.page;
      await signInThroughApi(phone, KEEPER);
      await phone.goto('/');
      await waitForPageTitle(phone, 'Dashboard');
      await expect
        .poll(() => bell(phone).getAttribute('aria-label'))
        .toBe('Notifications: 1 unread');
      await openList(phone);
      expect(await items(phone).count()).toBe(1);
      expect(await items(phone).textContent()).toContain('Low stock: Sugar');
      const box = await list(phone).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= NARROW_PHONE.width).toBe(true);
      await screenshot(phone, 'e2e-notifications-open-phone');

      await list(phone).getByRole('link', { name: 'Low stock: Sugar' }).click();
      await waitForPageTitle(phone, 'Inventory');
      await expect.poll(() => bell(phone).getAttribute('aria-label')).toBe('Notifications');
      await openList(phone);
      await list(phone).getByText('Low stock: Sugar').waitFor();
      expect(
        await list(phone)
          .getByRole('button', { name: 'Mark all read' })
          .getAttribute('aria-disabled'),
      ).toBe('true');
      await closeList(phone);
      // The sidebar still works after the bell: the drawer opens over the page.
      await phone.getByRole('button', { name: 'Open navigation' }).click();
      await mainNavigation(phone).getByRole('link', { name: 'Dashboard', exact: true }).click();
      await waitForPageTitle(phone, 'Dashboard');
    } finally {
      await keeper.context.close();
    }
  });
});
