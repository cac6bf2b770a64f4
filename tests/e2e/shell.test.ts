import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NAV_ENTRIES } from '../../src/domain/navigation';
import { PAGE_ROUTES } from '../../src/web/routes';
import { launchBrowser, newPage, PHONE, screenshot, startWebApp } from '../support/browser';
import {
  mainNavigation,
  navEntryNames,
  registerThroughApi,
  signInThroughApi,
  type TestUser,
  waitForPageTitle,
  waitUntilSettled,
} from './helpers';

const ADMIN: TestUser = {
  firstName: 'Chidi',
  lastName: 'Eze',
  email: 'chidi@bakery.ng',
  username: 'chidi',
  password: 'sourdough-starter-1',
};

/** Registered after the admin, with no names and no role. */
const CLERK: TestUser = {
  email: 'clerk@bakery.ng',
  username: 'clerk',
  password: 'counting-loaves-22',
};

function titleOf(path: string): string {
  const route = PAGE_ROUTES.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`no route for ${path}`);
  return route.title;
}

/** "21:15" in Lagos, `minutesAgo` minutes back from now. */
function lagosTime(minutesAgo = 0): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Lagos',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(Date.now() - minutesAgo * 60_000));
}

describe('app shell', () => {
  let web: Awaited<ReturnType<typeof startWebApp>>;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  /** A fresh browser profile signed in as `user`, showing the dashboard. */
  async function signedInPage(user: TestUser, viewport?: typeof PHONE): Promise<Page> {
    const { context, page } = await newPage(browser, web.baseUrl, viewport);
    contexts.push(context);
    await signInThroughApi(page, user);
    await page.goto('/');
    await waitForPageTitle(page, 'Dashboard');
    return page;
  }

  beforeAll(async () => {
    [web, browser] = await Promise.all([startWebApp(), launchBrowser()]);
    // The first account becomes the admin; the second gets no role.
    const { context, page } = await newPage(browser, web.baseUrl);
    await registerThroughApi(page, ADMIN);
    await registerThroughApi(page, CLERK);
    await context.close();
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await web?.close();
  });

  describe('admin on a desktop', () => {
    let page: Page;

    beforeAll(async () => {
      page = await signedInPage(ADMIN);
    });

    test('the dashboard shows the title, subtitle, and the whole sidebar', async () => {
      expect(await page.getByText('Overview of bakery operations').isVisible()).toBe(true);
      expect(await navEntryNames(mainNavigation(page))).toEqual(
        NAV_ENTRIES.map((entry) => entry.name),
      );
      expect(await page.getByText('Bakery Management', { exact: true }).first().isVisible()).toBe(
        true,
      );
      await screenshot(page, 'e2e-dashboard-desktop');
    });

    test('every sidebar entry opens its page and is the one marked current', async () => {
      const nav = mainNavigation(page);
      // Dashboard is current already: visit it last, coming from another page.
      for (const entry of [...NAV_ENTRIES.slice(1), ...NAV_ENTRIES.slice(0, 1)]) {
        await nav.getByRole('link', { name: entry.name, exact: true }).click();
        await waitForPageTitle(page, titleOf(entry.path));
        expect(new URL(page.url()).pathname).toBe(entry.path);

        const current = nav.locator('[aria-current="page"]');
        expect(await current.count(), entry.path).toBe(1);
        expect((await current.textContent())?.trim()).toBe(entry.name);
      }
    });

    test('a page under an entry keeps that entry marked current', async () => {
      await page.goto('/inventory/some-item');
      await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
      const current = mainNavigation(page).locator('[aria-current="page"]');
      expect((await current.textContent())?.trim()).toBe('Inventory');
    });

    test('an unknown path shows the not-found screen inside the shell', async () => {
      await page.goto('/no-such-page');
      await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
      expect(
        await page.getByText('Did you forget to add the page to the router?').isVisible(),
      ).toBe(true);
      expect(await mainNavigation(page).locator('[aria-current="page"]').count()).toBe(0);
      await screenshot(page, 'e2e-404-desktop');
    });

    test('the header shows the date, the time as HH:MM in Lagos, and the bell', async () => {
      await page.goto('/');
      await waitForPageTitle(page, 'Dashboard');
      const [date, time] = await page.getByTestId('header-clock').locator('p').allTextContents();
      expect(time).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
      // The minute may turn between reading the screen and reading the clock here.
      expect([lagosTime(), lagosTime(1)]).toContain(time);
      expect(date).toContain(String(new Date().getFullYear()));

      // Nothing is low, late or overdue here: no badge (tests/e2e/notifications.test.ts has some).
      const bell = page.locator('header').getByRole('button', { name: 'Notifications' });
      expect(await bell.isVisible()).toBe(true);
      expect(await page.getByTestId('notification-badge').textContent()).toBe('');
    });

    test('the Admin Panel button opens /admin in a new tab', async () => {
      const [adminTab] = await Promise.all([
        page.context().waitForEvent('page'),
        page.getByRole('link', { name: 'Admin Panel' }).click(),
      ]);
      await waitForPageTitle(adminTab, 'Admin Panel');
      expect(new URL(adminTab.url()).pathname).toBe('/admin');
      expect(await adminTab.getByText('Manage users and system settings').isVisible()).toBe(true);
      await adminTab.close();
      // The first tab stays where it was.
      expect(new URL(page.url()).pathname).toBe('/');
    });
  });

  describe('admin on a phone', () => {
    let page: Page;

    beforeAll(async () => {
      page = await signedInPage(ADMIN, PHONE);
    });

    test('the sidebar is not shown (nor focusable) and the header has a menu button', async () => {
      await page.getByRole('button', { name: 'Open navigation' }).waitFor();
      expect(await page.getByRole('link', { name: 'Inventory', exact: true }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Open navigation' }).isVisible()).toBe(true);
      expect(await page.getByTestId('header-clock').isVisible()).toBe(true);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);
      await screenshot(page, 'e2e-dashboard-phone');
    });

    test('the menu button opens a drawer, and choosing Inventory goes there and closes it', async () => {
      await page.getByRole('button', { name: 'Open navigation' }).click();
      const drawer = page.getByRole('dialog');
      const inventory = drawer.getByRole('link', { name: 'Inventory', exact: true });
      await inventory.waitFor();
      await waitUntilSettled(drawer.getByRole('link', { name: 'Dashboard', exact: true }));
      expect(await navEntryNames(mainNavigation(drawer))).toEqual(
        NAV_ENTRIES.map((entry) => entry.name),
      );
      await screenshot(page, 'e2e-drawer-phone');

      await inventory.click();
      await waitForPageTitle(page, 'Inventory');
      expect(new URL(page.url()).pathname).toBe('/inventory');
      await drawer.waitFor({ state: 'detached' });
      expect(await page.getByRole('button', { name: 'Open navigation' }).isVisible()).toBe(true);
    });

    test('a tap on the backdrop closes the drawer', async () => {
      await page.getByRole('button', { name: 'Open navigation' }).click();
      const drawer = page.getByRole('dialog');
      await drawer.getByRole('link', { name: 'Dashboard', exact: true }).waitFor();
      const current = mainNavigation(drawer).locator('[aria-current="page"]');
      expect((await current.textContent())?.trim()).toBe('Inventory');

      // The drawer is 288 px wide; the backdrop covers the rest of the screen.
      await page.mouse.click(PHONE.width - 30, PHONE.height / 2);
      await drawer.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/inventory');
    });
  });

  describe('a later user with no role', () => {
    let page: Page;

    beforeAll(async () => {
      page = await signedInPage(CLERK);
    });

    test('sees only Dashboard and Reports, their e-mail, the badge User, and no Admin Panel', async () => {
      expect(await navEntryNames(mainNavigation(page))).toEqual(['Dashboard', 'Reports']);
      // No first or last name: the sidebar falls back to the e-mail.
      expect(await page.getByTestId('sidebar-user-name').textContent()).toBe(CLERK.email);
      expect(await page.getByTestId('sidebar-user-badge').textContent()).toBe('User');
      expect(await page.getByRole('link', { name: 'Admin Panel' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
    });

    test('Reports opens', async () => {
      await mainNavigation(page).getByRole('link', { name: 'Reports', exact: true }).click();
      await waitForPageTitle(page, 'Reports & Analytics');
    });

    test('is refused /inventory and /admin', async () => {
      for (const path of ['/inventory', '/admin']) {
        await page.goto(path);
        await page.getByRole('heading', { name: 'Not allowed' }).waitFor();
        expect(await page.getByRole('heading', { name: titleOf(path), exact: true }).count()).toBe(
          0,
        );
        expect(await mainNavigation(page).locator('[aria-current="page"]').count()).toBe(0);
      }
    });
  });
});
