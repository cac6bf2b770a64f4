import type { Locator, Page } from 'playwright-core';
import { type TestUser, waitForLanding } from '../helpers';

/** The first account on the fresh database: the administrator. */
export const ADMIN: Required<TestUser> = {
  firstName: 'Ngozi',
  lastName: 'Adeyemi',
  email: 'ngozi@bakery.ng',
  username: 'ngozi_admin',
  password: 'proofing-basket-9',
};

export const ROLE_NAME = 'Inventory Viewers';

/** Made by the admin in the Add User dialog, with the role above. */
export const STOREKEEPER: Required<TestUser> = {
  firstName: 'Tunde',
  lastName: 'Bakare',
  email: 'tunde@bakery.ng',
  username: 'tunde_store',
  password: 'sacks-of-flour',
};
export const STOREKEEPER_NEW_LAST_NAME = 'Bakare-Olu';

/** Made by the admin, then deactivated. */
export const LEAVER: Required<TestUser> = {
  firstName: 'Bisi',
  lastName: 'Lawal',
  email: 'bisi@bakery.ng',
  username: 'bisi_leaver',
  password: 'last-shift-77',
};

/** The add/edit user dialog (and no other dialog is open with it). */
export function userDialog(page: Page): Locator {
  return page.getByRole('dialog');
}

/** The desktop table row of a user, found by the Username cell. */
export function userRow(page: Page, username: string): Locator {
  return page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: username, exact: true }) });
}

/** The phone's card of a user (not the Users card around all of them). */
export function userCard(page: Page, username: string): Locator {
  return page
    .locator('.mantine-Card-root')
    .filter({ has: page.getByText(username, { exact: true }) })
    .filter({ hasNot: page.getByRole('button', { name: 'Add User' }) });
}

/** The Roles tab card of a role. */
export function roleCard(page: Page, name: string): Locator {
  return page.getByTestId('role-card').filter({ has: page.getByText(name, { exact: true }) });
}

export async function fillUserForm(page: Page, user: Required<TestUser>): Promise<void> {
  const dialog = userDialog(page);
  await dialog.getByLabel('Username', { exact: true }).fill(user.username);
  await dialog.getByLabel('Email', { exact: true }).fill(user.email);
  await dialog.getByLabel('Password', { exact: true }).fill(user.password);
  await dialog.getByLabel('First Name', { exact: true }).fill(user.firstName);
  await dialog.getByLabel('Last Name', { exact: true }).fill(user.lastName);
}

/** Signs in through the landing page's Login form, as a person would. */
export async function signInThroughLanding(page: Page, user: TestUser): Promise<void> {
  await page.goto('/');
  await waitForLanding(page);
  await page.getByLabel('Username', { exact: true }).fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}
