import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newPage, PHONE, screenshot, startWebApp } from '../support/browser';
import {
  dismissToast,
  expectToast,
  fieldError,
  holdRequests,
  mainNavigation,
  signInThroughForm,
  type TestUser,
  waitForLanding,
  waitForPageTitle,
} from './helpers';

const ADA: Required<TestUser> = {
  firstName: 'Ada',
  lastName: 'Okafor',
  email: 'ada@bakery.ng',
  username: 'ada_okafor',
  password: 'flour-and-yeast-2024',
};

/*
 * One visitor's journey through the landing page, in order: each test picks up
 * where the last one left the page (registered, then signed in, then out).
 */
describe('landing page and sign-in', () => {
  let web: Awaited<ReturnType<typeof startWebApp>>;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [web, browser] = await Promise.all([startWebApp(), launchBrowser()]);
    ({ context, page } = await newPage(browser, web.baseUrl));
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await web?.close();
  });

  test('the landing page shows the tagline, the Login tab, the feature cards and the access block', async () => {
    await page.goto('/');
    await waitForLanding(page);

    expect(await page.getByRole('tab', { name: 'Login' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(await page.getByRole('tab', { name: 'Register' }).getAttribute('aria-selected')).toBe(
      'false',
    );
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    // An empty database: the first account becomes the administrator, and the page says so.
    await page.getByText('The first account you register becomes the administrator.').waitFor();

    for (const feature of ['Inventory Management', 'Production Tracking', 'Sales & Analytics']) {
      expect(await page.getByRole('heading', { name: feature, exact: true }).isVisible()).toBe(
        true,
      );
    }
    const access = page
      .locator('.mantine-Card-root')
      .filter({ has: page.getByRole('heading', { name: 'Secure & Role-Based Access' }) });
    for (const item of ['Admin Access', 'Staff Roles', 'Module Security', 'Permission Levels']) {
      expect(await access.getByText(item, { exact: true }).isVisible()).toBe(true);
    }

    await screenshot(page, 'e2e-landing-desktop');
  });

  test('the landing page fits a phone', async () => {
    const phone = await newPage(browser, web.baseUrl, PHONE);
    try {
      await phone.page.goto('/');
      await waitForLanding(phone.page);
      await phone.page.getByRole('heading', { name: 'Secure & Role-Based Access' }).waitFor();
      // Nothing wider than the screen: no sideways scrolling.
      const scrollWidth = await phone.page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);
      await screenshot(phone.page, 'e2e-landing-phone');
    } finally {
      await phone.context.close();
    }
  });

  test('an empty Register form shows the spec messages and sends nothing', async () => {
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByRole('button', { name: 'Create Account' }).click();

    await page.getByText('Username must be at least 3 characters').waitFor();
    expect(await fieldError(page, 'Username')).toBe('Username must be at least 3 characters');
    expect(await fieldError(page, 'Password')).toBe('Password must be at least 8 characters');
    expect(await fieldError(page, 'Email')).toBe('Please enter a valid email address');
    // First and last name are optional.
    expect(await fieldError(page, 'First Name')).toBeNull();
    expect(await fieldError(page, 'Last Name')).toBeNull();
    // Still on the Register form.
    expect(await page.getByRole('tab', { name: 'Register' }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });

  test('the Register form rejects a bad username, a bad email and a short password', async () => {
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByLabel('Username', { exact: true }).fill('ada okafor!');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create Account' }).click();

    await page.getByText('Username can only contain letters, numbers, and underscores').waitFor();
    expect(await fieldError(page, 'Email')).toBe('Please enter a valid email address');
    expect(await fieldError(page, 'Password')).toBe('Password must be at least 8 characters');
  });

  test('registering the first user reads "Creating account...", shows the success toast, resets the form and switches to Login', async () => {
    await page.getByLabel('First Name', { exact: true }).fill(ADA.firstName);
    await page.getByLabel('Last Name', { exact: true }).fill(ADA.lastName);
    await page.getByLabel('Email', { exact: true }).fill(ADA.email);
    await page.getByLabel('Username', { exact: true }).fill(ADA.username);
    await page.getByLabel('Password', { exact: true }).fill(ADA.password);
    const release = await holdRequests(page, '/api/auth/register');
    await page.getByRole('button', { name: 'Create Account' }).click();
    const busy = page.getByRole('button', { name: 'Creating account...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    await release();

    const toast = await expectToast(
      page,
      'Registration successful',
      'Account created! Please log in.',
    );
    // Registration does not sign in: the Login tab, with the new username filled in.
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Login' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(await page.getByLabel('Username', { exact: true }).inputValue()).toBe(ADA.username);
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    // Someone exists now, so the first-administrator notice is gone.
    await page
      .getByText('The first account you register becomes the administrator.')
      .waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByRole('button', { name: 'Create Account' }).waitFor();
    for (const label of ['First Name', 'Last Name', 'Email', 'Username', 'Password']) {
      expect(await page.getByLabel(label, { exact: true }).inputValue(), label).toBe('');
    }
    expect(await fieldError(page, 'Username')).toBeNull();

    await page.getByRole('tab', { name: 'Login' }).click();
    await dismissToast(toast);
  });

  test('a wrong password shows "Login failed" with the server message and stays on the form', async () => {
    await page.getByLabel('Username', { exact: true }).fill(ADA.username);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();

    const toast = await expectToast(page, 'Login failed', 'Invalid username or password');
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await page.getByLabel('Username', { exact: true }).inputValue()).toBe(ADA.username);
    await dismissToast(toast);
  });

  test('an empty Login form shows "Username is required" and "Password is required"', async () => {
    await page.getByLabel('Username', { exact: true }).fill('');
    await page.getByLabel('Password', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Sign In' }).click();

    await page.getByText('Username is required').waitFor();
    expect(await fieldError(page, 'Username')).toBe('Username is required');
    expect(await fieldError(page, 'Password')).toBe('Password is required');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
  });

  test('the show/hide toggle reveals and hides the password', async () => {
    const password = page.getByLabel('Password', { exact: true });
    const toggle = page.getByRole('button', { name: 'Toggle password visibility' });
    await password.fill(ADA.password);
    expect(await password.getAttribute('type')).toBe('password');

    await toggle.click();
    expect(await password.getAttribute('type')).toBe('text');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');

    await toggle.click();
    expect(await password.getAttribute('type')).toBe('password');
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
  });

  test('signing in reads "Signing in...", shows "Login successful" and lands on the dashboard', async () => {
    await page.getByLabel('Username', { exact: true }).fill(ADA.username);
    await page.getByLabel('Password', { exact: true }).fill(ADA.password);
    const release = await holdRequests(page, '/api/auth/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const busy = page.getByRole('button', { name: 'Signing in...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    await release();

    const toast = await expectToast(page, 'Login successful', 'Welcome back!');
    await waitForPageTitle(page, 'Dashboard');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByText('Overview of bakery operations').isVisible()).toBe(true);
    await dismissToast(toast);
  });

  test('reloading the page shows "Loading..." and then keeps the user signed in', async () => {
    const release = await holdRequests(page, '/api/auth/user');
    await page.reload();
    await page.getByText('Loading...', { exact: true }).waitFor();
    await release();
    await waitForPageTitle(page, 'Dashboard');
    expect(await page.getByRole('tab', { name: 'Login' }).count()).toBe(0);
  });

  test('the sidebar shows the full name, the Admin badge and an Admin Panel link to a new tab', async () => {
    expect(await page.getByTestId('sidebar-user-name').textContent()).toBe('Ada Okafor');
    expect(await page.getByTestId('sidebar-user-badge').textContent()).toBe('Admin');
    const adminPanel = page.getByRole('link', { name: 'Admin Panel' });
    expect(await adminPanel.getAttribute('href')).toBe('/admin');
    expect(await adminPanel.getAttribute('target')).toBe('_blank');
  });

  test('Logout reads "Logging out..." while busy, shows "Logged out" and ends the session on the server', async () => {
    const release = await holdRequests(page, '/api/auth/logout');
    await page.getByRole('button', { name: 'Logout' }).click();
    const busy = page.getByRole('button', { name: 'Logging out...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    await release();

    await expectToast(page, 'Logged out', 'Successfully logged out');
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });

  test('right after Logout, without a reload, the landing page shows', async () => {
    await page
      .getByRole('heading', { name: 'Comprehensive Bakery Management System' })
      .waitFor({ timeout: 3000 });
  });

  test('after Logout a reload shows the landing page and stays signed out', async () => {
    await page.reload();
    await waitForLanding(page);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByRole('heading', { name: 'Dashboard' }).count()).toBe(0);

    await page.reload();
    await waitForLanding(page);
    expect(await page.getByRole('heading', { name: 'Dashboard' }).count()).toBe(0);
  });

  test('a session ended elsewhere (signed out in another tab) sends the next screen back to the landing page', async () => {
    await signInThroughForm(page, ADA);
    // Another tab of the same browser signs out: this tab still shows the app.
    expect((await page.request.post('/api/auth/logout')).status()).toBe(200);
    await mainNavigation(page).getByRole('link', { name: 'Inventory', exact: true }).click();
    await waitForLanding(page);
    expect(await page.getByText('Failed to load', { exact: false }).count()).toBe(0);
    await signInThroughForm(page, ADA);
  });
});
