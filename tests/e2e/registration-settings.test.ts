import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newPage, screenshot, startWebApp } from '../support/browser';
import {
  dismissToast,
  expectToast,
  registerThroughApi,
  signInThroughApi,
  type TestUser,
  waitForLanding,
  waitForPageTitle,
} from './helpers';

const ADMIN: Required<TestUser> = {
  firstName: 'Amaka',
  lastName: 'Eze',
  email: 'amaka@bakery.ng',
  username: 'amaka_admin',
  password: 'crust-and-crumb-3',
};

const NARROW = { width: 360, height: 780 };

const selfRegistration = (page: Page): Locator =>
  page.getByRole('switch', { name: 'Allow self-registration' });

/** The landing page's Register tab, as a visitor opens it. */
async function openRegisterTab(page: Page): Promise<void> {
  await page.goto('/');
  await waitForLanding(page);
  await page.getByRole('tab', { name: 'Register' }).click();
}

describe('admin panel: closing self-registration', () => {
  let web: Awaited<ReturnType<typeof startWebApp>>;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let admin: Page;
  let visitor: Page;

  async function freshPage(viewport?: typeof NARROW): Promise<Page> {
    const fresh = await newPage(browser, web.baseUrl, viewport);
    contexts.push(fresh.context);
    return fresh.page;
  }

  beforeAll(async () => {
    [web, browser] = await Promise.all([startWebApp(), launchBrowser()]);
    const home = await freshPage();
    await registerThroughApi(home, ADMIN);
    await signInThroughApi(home, ADMIN);
    await home.goto('/');
    await waitForPageTitle(home, 'Dashboard');
    // The sidebar's Admin Panel link opens it in a new tab.
    [admin] = await Promise.all([
      home.context().waitForEvent('page'),
      home.getByRole('link', { name: 'Admin Panel' }).click(),
    ]);
    await waitForPageTitle(admin, 'Admin Panel');
    visitor = await freshPage();
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await web?.close();
  });

  test('the Settings tab shows self-registration allowed, as it starts', async () => {
    await admin.getByRole('tab', { name: 'Settings' }).click();
    await selfRegistration(admin).waitFor();
    expect(await selfRegistration(admin).isChecked()).toBe(true);
    await screenshot(admin, 'admin-settings-1280');
    await openRegisterTab(visitor);
    await visitor.getByRole('button', { name: 'Create Account' }).waitFor();
  });

  test('switching it off says so, and the landing page tells visitors registration is closed', async () => {
    await selfRegistration(admin).uncheck();
    await dismissToast(await expectToast(admin, 'Success', 'Self-registration is now closed'));
    expect(await selfRegistration(admin).isChecked()).toBe(false);

    await openRegisterTab(visitor);
    await visitor.getByText('Registration is closed', { exact: true }).waitFor();
    expect(
      await visitor
        .getByText('Ask an administrator to create an account for you.', { exact: true })
        .isVisible(),
    ).toBe(true);
    expect(await visitor.getByRole('button', { name: 'Create Account' }).count()).toBe(0);
    await screenshot(visitor, 'landing-registration-closed-1280');
    // The Login tab still signs people in.
    await visitor.getByRole('tab', { name: 'Login' }).click();
    await visitor.getByRole('button', { name: 'Sign In' }).waitFor();
  });

  test('at 360 px the closed Register tab and the Settings tab fit the screen', async () => {
    const phoneVisitor = await freshPage(NARROW);
    await openRegisterTab(phoneVisitor);
    await phoneVisitor.getByText('Registration is closed', { exact: true }).waitFor();
    await screenshot(phoneVisitor, 'landing-registration-closed-360');

    const phoneAdmin = await freshPage(NARROW);
    await signInThroughApi(phoneAdmin, ADMIN);
    await phoneAdmin.goto('/admin');
    await waitForPageTitle(phoneAdmin, 'Admin Panel');
    await phoneAdmin.getByRole('tab', { name: 'Settings' }).click();
    await selfRegistration(phoneAdmin).waitFor();
    expect(await selfRegistration(phoneAdmin).isChecked()).toBe(false);
    const overflow = await phoneAdmin.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await screenshot(phoneAdmin, 'admin-settings-360');
  });

  test('switching it on again opens the Register form, which creates an account', async () => {
    await selfRegistration(admin).check();
    await dismissToast(await expectToast(admin, 'Success', 'Self-registration is now open'));

    await openRegisterTab(visitor);
    await visitor.getByLabel('Email', { exact: true }).fill('chidi@bakery.ng');
    await visitor.getByLabel('Username', { exact: true }).fill('chidi_sales');
    await visitor.getByLabel('Password', { exact: true }).fill('warm-loaves-12');
    await visitor.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(visitor, 'Registration successful', 'Account created! Please log in.');
  });
});
