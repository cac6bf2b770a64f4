import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { newPage, screenshot } from '../support/browser';
import { setUpSignedInPage } from '../support/signed-in-page';
import {
  bakeAgegeBread,
  expectToast,
  mainNavigation,
  postOk,
  signInThroughApi,
  statCard,
  type TestUser,
} from './helpers';

const ADMIN: TestUser = {
  username: 'dash_admin',
  email: 'dash@bakery.ng',
  password: 'golden-crust-2026',
  firstName: 'Ngozi',
  lastName: 'Adeyemi',
};
const PHONE_360 = { width: 360, height: 780 };

type Grants = Record<string, 'r' | 'rw'>;

describe("each role's own dashboard", () => {
  const signedIn = setUpSignedInPage(ADMIN);
  let page: Page;
  let orderNumber: string;

  /** A user holding only a role with these grants, signed in on a page of their own. */
  async function staff(name: string, grants: Grants, viewport?: typeof PHONE_360) {
    const role = await postOk(page, '/api/admin/roles', { name: `${name} role` });
    const permissions = Object.entries(grants).map(([module, flags]) => ({
      module,
      canRead: true,
      canWrite: flags === 'rw',
      canDelete: false,
    }));
    const put = await page.request.put(`/api/admin/roles/${role.id}/permissions`, {
      data: { permissions },
    });
    expect(put.status()).toBe(200);
    const user = { username: name, email: `${name}@bakery.ng`, password: `${name}-pass-2026` };
    await postOk(page, '/api/admin/users', {
      ...user,
      firstName: name,
      lastName: 'Staff',
      roleId: role.id,
    });
    const own = await newPage(signedIn.browser, signedIn.web.baseUrl, viewport);
    await signInThroughApi(own.page, user);
    return own;
  }

  /** Opens the dashboard from the sidebar (the drawer on a phone), starting on another page. */
  async function dashboardThroughSidebar(own: Page, from: string) {
    await own.goto(from);
    await own.getByRole('heading', { level: 1 }).waitFor();
    const burger = own.getByRole('button', { name: 'Open navigation' });
    if (await burger.isVisible()) await burger.click();
    await mainNavigation(own)
      .getByRole('link', { name: 'Dashboard' })
      .filter({ visible: true })
      .click();
    await own.getByRole('heading', { level: 2, name: 'Quick Actions' }).waitFor();
  }

  const quickActions = async (own: Page) =>
    (
      await own
        .locator('.mantine-Card-root')
        .filter({ has: own.getByRole('heading', { name: 'Quick Actions' }) })
        .getByRole('link')
        .allTextContents()
    ).map((text) => text.trim());

  beforeAll(async () => {
    page = signedIn.page;
    // Flour: 90 kg (the batch took 10) against a minimum of 150, with 30 kg already on order.
    const { flourId } = await bakeAgegeBread(page, { flourKg: 10, loaves: 120, minStock: 150 });
    const order = await postOk(page, '/api/purchase-orders', {
      supplier: 'Golden Penny Mills',
      items: [{ itemId: flourId, quantity: 30, totalCost: 24_000 }],
    });
    orderNumber = order.orderNumber;
    const distributor = await postOk(page, '/api/distributors', {
      name: 'Mama Tunde Stores',
      address: '12 Allen Avenue, Ikeja',
      phone: '0803 000 0000',
    });
    // 20 loaves at ₦700 = ₦14,000, ₦4,000 paid: ₦10,000 owed.
    await postOk(page, '/api/sales-transactions', {
      distributorId: distributor.id,
      recipeName: 'Agege Bread',
      loavesTaken: 20,
      pricePerLoaf: 700,
      amountPaid: 4000,
    });
  });

  test("a sales clerk sees today's sales, loaves and money owed, and Record Sale opens its dialog", async () => {
    const clerk = await staff('clerk', { sales: 'rw', distributors: 'rw' });
    await dashboardThroughSidebar(clerk.page, '/sales');
    expect(await quickActions(clerk.page)).toEqual(['Record Sale', 'View Reports']);
    await statCard(clerk.page, "Today's Sales").getByText('₦14,000.00').waitFor();
    expect(await statCard(clerk.page, "Today's Sales").textContent()).toContain(
      '1 sale · 20 loaves',
    );
    await statCard(clerk.page, 'Money Owed').getByText('₦10,000.00').waitFor();
    expect(await clerk.page.getByTestId('loaves-available').allTextContents()).toEqual([
      'Agege Bread100 loaves',
    ]);
    for (const hidden of ['Total Inventory Value', "Today's Production", 'Pending Orders']) {
      expect(await clerk.page.getByText(hidden, { exact: true }).count(), hidden).toBe(0);
    }
    await screenshot(clerk.page, 'e2e-dashboard-sales-desktop');

    await clerk.page.getByRole('link', { name: 'Record Sale' }).click();
    await clerk.page.getByRole('dialog', { name: 'Record Sale' }).waitFor();
    expect(new URL(clerk.page.url()).pathname).toBe('/sales');
    await clerk.page.getByRole('button', { name: 'Cancel' }).click();
    await clerk.page.getByRole('dialog').waitFor({ state: 'detached' });
    // Closed, the dialog does not come back on a reload.
    expect(new URL(clerk.page.url()).search).toBe('');
    await clerk.context.close();
  });

  test("production staff see today's batches and flour, and New Production opens New Batch", async () => {
    const baker = await staff('baker', { production: 'rw', recipes: 'r' });
    await dashboardThroughSidebar(baker.page, '/production');
    expect(await quickActions(baker.page)).toEqual(['New Production', 'View Reports']);
    await statCard(baker.page, "Today's Production").getByText('10 kg').waitFor();
    expect(await statCard(baker.page, "Today's Production").textContent()).toContain(
      'Flour in 1 batch today',
    );
    await baker.page.getByRole('heading', { name: 'Recent Production Batches' }).waitFor();
    for (const hidden of [
      "Today's Sales",
      'Money Owed',
      'Total Inventory Value',
      'Loaves Available',
    ]) {
      expect(await baker.page.getByText(hidden, { exact: true }).count(), hidden).toBe(0);
    }
    await screenshot(baker.page, 'e2e-dashboard-production-desktop');

    await baker.page.getByRole('link', { name: 'New Production' }).click();
    await baker.page.getByRole('dialog', { name: 'Create Production Batch' }).waitFor();
    expect(new URL(baker.page.url()).pathname).toBe('/production');
    await baker.context.close();
  });

  test('a reader arriving with ?new gets the page, not a form they may not save', async () => {
    const viewer = await staff('viewer', { production: 'r' });
    await viewer.page.goto('/production?new');
    await viewer.page.getByRole('heading', { level: 1, name: 'Production' }).waitFor();
    // Once the page's calls have settled, a dialog would have opened.
    await viewer.page.waitForLoadState('networkidle');
    expect(await viewer.page.getByRole('dialog').count()).toBe(0);
    await viewer.context.close();
  });

  test('at 360 px each role sees its own dashboard', async () => {
    for (const [name, grants, shot] of [
      ['clerk360', { sales: 'rw', distributors: 'rw' }, 'sales'],
      ['baker360', { production: 'rw', recipes: 'r' }, 'production'],
    ] as const) {
      const own = await staff(name, grants, PHONE_360);
      await dashboardThroughSidebar(own.page, '/reports');
      const width = await own.page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(PHONE_360.width);
      await screenshot(own.page, `e2e-dashboard-${shot}-phone`);
      await own.context.close();
    }
  });

  test('the admin still has the four quick actions, and each opens its dialog', async () => {
    await dashboardThroughSidebar(page, '/inventory');
    expect(await quickActions(page)).toEqual([
      'New Production',
      'Purchase Order',
      'New Recipe',
      'View Reports',
    ]);
    for (const [action, dialog] of [
      ['Purchase Order', 'Create Purchase Order'],
      ['New Recipe', 'Create New Recipe'],
    ]) {
      await dashboardThroughSidebar(page, '/inventory');
      await page.getByRole('link', { name: action, exact: true }).click();
      await page.getByRole('dialog', { name: dialog }).waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }
  });

  test('a low-stock alert shows the order already open, and Reorder proposes the rest', async () => {
    await dashboardThroughSidebar(page, '/inventory');
    const alert = page.getByTestId('low-stock-alert').filter({ hasText: 'Flour' });
    expect(await alert.getByTestId('open-order').textContent()).toBe(
      `On order: ${orderNumber}, 30 kg, pending`,
    );
    await screenshot(page, 'e2e-dashboard-admin-desktop');
    await page.setViewportSize(PHONE_360);
    // The button keeps its whole label beside the wrapping text.
    const reorder = alert.getByRole('button', { name: 'Reorder' });
    const label = reorder.locator('.mantine-Button-label');
    expect(await label.evaluate((l) => l.scrollWidth <= l.clientWidth)).toBe(true);
    await screenshot(page, 'e2e-dashboard-admin-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await alert.getByRole('button', { name: 'Reorder' }).click();
    await expectToast(page, 'Reorder Initiated', 'Purchase order process started for this item');
    const dialog = page.getByRole('dialog', { name: 'Create Purchase Order' });
    expect(await dialog.getByTestId('already-on-order').textContent()).toBe(
      `Already on order${orderNumber}, 30 kg, pending`,
    );
    // Twice the minimum (300 kg) less the 90 kg in stock and the 30 kg on order.
    const quantity = dialog.getByTestId('order-line').getByLabel('Quantity (kg)');
    await expect.poll(() => quantity.inputValue()).toBe('180');
    await screenshot(page, 'e2e-reorder-dialog-desktop');
    await page.setViewportSize(PHONE_360);
    await screenshot(page, 'e2e-reorder-dialog-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  test('a figure in the tens of millions fits its card, from 1280 px down to a phone', async () => {
    // ₦72,000.00 of flour and 10,000 kg of fat at ₦8,377.95: ₦83,851,500.00 in stock.
    await postOk(page, '/api/inventory', {
      name: 'Baking Fat',
      category: 'ingredients',
      unit: 'kg',
      currentStock: 10_000,
      minStock: 0,
      unitCost: 8377.95,
    });
    await dashboardThroughSidebar(page, '/inventory');
    const value = statCard(page, 'Total Inventory Value').getByTestId('stat-figure');
    await value.getByText('₦83,851,500.00').waitFor();
    try {
      for (const width of [1280, 1024, 768, 360]) {
        await page.setViewportSize({ width, height: 800 });
        const figures = page.getByTestId('stat-figure');
        for (const figure of await figures.all()) {
          const drawn = await figure.evaluate((node) => ({
            text: node.textContent,
            whole: node.scrollWidth <= node.clientWidth,
          }));
          expect(drawn.whole, `${drawn.text} at ${width} px`).toBe(true);
        }
        await screenshot(page, `e2e-dashboard-millions-${width}`);
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });
});
