import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { type PHONE, screenshot } from '../../support/browser';
import { setUpSignedInPage } from '../../support/signed-in-page';
import {
  dismissToast,
  expectToast,
  fieldError,
  mainNavigation,
  navEntryNames,
  waitForPageTitle,
} from '../helpers';
import {
  ADMIN,
  fillUserForm,
  LEAVER,
  ROLE_NAME,
  roleCard,
  STOREKEEPER,
  STOREKEEPER_NEW_LAST_NAME,
  signInThroughLanding,
  userDialog,
  userRow,
} from './setup';

describe('admin panel', () => {
  const signedIn = setUpSignedInPage(ADMIN);
  let page: Page;
  const freshPage = (viewport?: typeof PHONE) => signedIn.freshPage(viewport);

  beforeAll(async () => {
    page = signedIn.page;
    await page.goto('/admin');
    await waitForPageTitle(page, 'Admin Panel');
    await userRow(page, ADMIN.username).waitFor();
  });

  describe('the Add User form', () => {
    test('Create User with every field empty shows the spec message under each field', async () => {
      await page.getByRole('button', { name: 'Add User' }).click();
      const dialog = userDialog(page);
      await dialog.getByRole('heading', { name: 'Add New User' }).waitFor();
      expect(await dialog.getByLabel('Password', { exact: true }).inputValue()).toBe('');
      await dialog.getByRole('button', { name: 'Create User' }).click();

      await dialog.getByText('Username must be at least 3 characters').waitFor();
      expect(await fieldError(page, 'Username')).toBe('Username must be at least 3 characters');
      expect(await fieldError(page, 'Email')).toBe('Invalid email address');
      expect(await fieldError(page, 'Password')).toBe('Password must be at least 6 characters');
      expect(await fieldError(page, 'First Name')).toBe('First name is required');
      expect(await fieldError(page, 'Last Name')).toBe('Last name is required');
      // Nothing was sent: still the create dialog, no toast.
      expect(await dialog.getByRole('heading', { name: 'Add New User' }).isVisible()).toBe(true);
      expect(await page.locator('.mantine-Notification-root').count()).toBe(0);
    });

    test('a 2-character username, a bad email and a 5-character password show their messages', async () => {
      const dialog = userDialog(page);
      await dialog.getByLabel('Username', { exact: true }).fill('ab');
      await dialog.getByLabel('Email', { exact: true }).fill('not-an-email');
      await dialog.getByLabel('Password', { exact: true }).fill('12345');
      await dialog.getByLabel('First Name', { exact: true }).fill('Ade');
      await dialog.getByLabel('Last Name', { exact: true }).fill('Ola');
      await dialog.getByRole('button', { name: 'Create User' }).click();

      // Typing clears a field's message; Create User puts back those still wrong.
      await expect
        .poll(() => fieldError(page, 'Username'))
        .toBe('Username must be at least 3 characters');
      expect(await fieldError(page, 'First Name')).toBeNull();
      expect(await fieldError(page, 'Email')).toBe('Invalid email address');
      expect(await fieldError(page, 'Password')).toBe('Password must be at least 6 characters');
      expect(await fieldError(page, 'Last Name')).toBeNull();

      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await userRow(page, 'ab').count()).toBe(0);
    });
  });

  describe('a role with read on Inventory, and a user given it', () => {
    test('New Role creates "Inventory Viewers" with a toast and its own card', async () => {
      await page.getByRole('tab', { name: 'Roles' }).click();
      await page.getByRole('button', { name: 'New Role' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: 'New Role' }).waitFor();
      await dialog.getByLabel('Role Name', { exact: true }).fill(ROLE_NAME);
      await dialog.getByRole('button', { name: 'Create Role' }).click();

      const toast = await expectToast(page, 'Success', 'Role created successfully');
      await dialog.waitFor({ state: 'detached' });
      const card = roleCard(page, ROLE_NAME);
      await card.waitFor();
      // A new role grants nothing until its matrix is saved.
      for (const box of await card.getByRole('checkbox').all()) {
        expect(await box.isChecked()).toBe(false);
      }
      await dismissToast(toast);
    });

    test('ticking only Read on Inventory and Save Permissions saves it', async () => {
      const card = roleCard(page, ROLE_NAME);
      const save = card.getByRole('button', { name: 'Save Permissions' });
      expect(await save.isDisabled()).toBe(true);

      await card.getByRole('checkbox', { name: 'Read Inventory', exact: true }).check();
      await card.getByText('Unsaved changes').waitFor();
      expect(await save.isEnabled()).toBe(true);
      await save.click();

      const toast = await expectToast(page, 'Success', `Permissions for ${ROLE_NAME} saved`);
      await card.getByText('Unsaved changes').waitFor({ state: 'detached' });
      const ticked = [];
      for (const box of await card.getByRole('checkbox').all()) {
        if (await box.isChecked()) ticked.push(await box.getAttribute('aria-label'));
      }
      expect(ticked).toEqual(['Read Inventory']);
      await screenshot(page, 'e2e-admin-roles-desktop');
      await dismissToast(toast);
    });

    test('Add User with that role creates the user, closes the dialog and lists them with the role', async () => {
      await page.getByRole('tab', { name: 'Users' }).click();
      await page.getByRole('button', { name: 'Add User' }).click();
      const dialog = userDialog(page);
      await dialog.getByRole('heading', { name: 'Add New User' }).waitFor();
      await fillUserForm(page, STOREKEEPER);
      await dialog.getByLabel('Assign Role (Optional)', { exact: true }).click();
      await page.getByRole('option', { name: ROLE_NAME, exact: true }).click();
      expect(await dialog.getByLabel('Assign Role (Optional)', { exact: true }).inputValue()).toBe(
        ROLE_NAME,
      );
      expect(await dialog.getByLabel('Admin User', { exact: true }).isChecked()).toBe(false);
      expect(await dialog.getByLabel('Active', { exact: true }).isChecked()).toBe(true);
      await dialog.getByRole('button', { name: 'Create User' }).click();

      const toast = await expectToast(page, 'Success', 'User created successfully');
      await dialog.waitFor({ state: 'detached' });
      const row = userRow(page, STOREKEEPER.username);
      await row.waitFor();
      const cells = (await row.getByRole('cell').allTextContents()).map((text) => text.trim());
      expect(cells.slice(0, 4)).toEqual([
        STOREKEEPER.username,
        STOREKEEPER.email,
        `${STOREKEEPER.firstName} ${STOREKEEPER.lastName}`,
        ROLE_NAME,
      ]);
      expect(await row.getByLabel('Not admin').count()).toBe(1);
      expect(await row.getByText('Active', { exact: true }).isVisible()).toBe(true);
      await screenshot(page, 'e2e-admin-users-desktop');
      await dismissToast(toast);
    });

    test('that user signs in through the landing page and sees only Dashboard, Inventory and Reports', async () => {
      const theirs = await freshPage();
      await signInThroughLanding(theirs, STOREKEEPER);
      await expectToast(theirs, 'Login successful', 'Welcome back!');
      await waitForPageTitle(theirs, 'Dashboard');

      expect(await navEntryNames(mainNavigation(theirs))).toEqual([
        'Dashboard',
        'Inventory',
        'Reports',
      ]);
      expect(await theirs.getByRole('link', { name: 'Admin Panel' }).count()).toBe(0);
      expect(await theirs.getByRole('button', { name: 'Admin Panel' }).count()).toBe(0);

      await mainNavigation(theirs).getByRole('link', { name: 'Inventory', exact: true }).click();
      await waitForPageTitle(theirs, 'Inventory');
      expect(await theirs.getByRole('heading', { name: 'Not allowed' }).count()).toBe(0);
      // Read only: no way to add stock items. (While the Inventory page shows only its
      // title, as now, this holds trivially; it starts to bite once the page has its table.)
      expect(await theirs.getByRole('button', { name: 'Add Item' }).count()).toBe(0);

      await theirs.goto('/admin');
      await theirs.getByRole('heading', { name: 'Not allowed' }).waitFor();
      expect(await theirs.getByRole('heading', { name: 'Admin Panel', exact: true }).count()).toBe(
        0,
      );
      expect(await theirs.getByRole('button', { name: 'Add User' }).count()).toBe(0);
    });
  });

  describe('editing and deleting', () => {
    test('Edit shows "Edit User" and the keep-current password label, blank', async () => {
      await userRow(page, STOREKEEPER.username)
        .getByRole('button', { name: `Edit ${STOREKEEPER.username}` })
        .click();
      const dialog = userDialog(page);
      await dialog.getByRole('heading', { name: 'Edit User' }).waitFor();
      const password = dialog.getByLabel('New Password (leave blank to keep current)', {
        exact: true,
      });
      expect(await password.isVisible()).toBe(true);
      expect(await password.inputValue()).toBe('');
      expect(await dialog.getByLabel('Password', { exact: true }).count()).toBe(0);
      // The form holds the user's current values.
      expect(await dialog.getByLabel('Username', { exact: true }).inputValue()).toBe(
        STOREKEEPER.username,
      );
      expect(await dialog.getByLabel('Last Name', { exact: true }).inputValue()).toBe(
        STOREKEEPER.lastName,
      );
      expect(await dialog.getByLabel('Assign Role (Optional)', { exact: true }).inputValue()).toBe(
        ROLE_NAME,
      );
      expect(await dialog.getByRole('button', { name: 'Update User' }).isVisible()).toBe(true);
    });

    test('a new last name with the password left blank saves, and the table shows it', async () => {
      const dialog = userDialog(page);
      await dialog.getByLabel('Last Name', { exact: true }).fill(STOREKEEPER_NEW_LAST_NAME);
      await dialog.getByRole('button', { name: 'Update User' }).click();

      const toast = await expectToast(page, 'Success', 'User updated successfully');
      await dialog.waitFor({ state: 'detached' });
      const row = userRow(page, STOREKEEPER.username);
      await row
        .getByRole('cell', {
          name: `${STOREKEEPER.firstName} ${STOREKEEPER_NEW_LAST_NAME}`,
          exact: true,
        })
        .waitFor();
      expect(await row.getByRole('cell', { name: ROLE_NAME, exact: true }).count()).toBe(1);
      await dismissToast(toast);
    });

    test('the user can still sign in with the old password', async () => {
      const elsewhere = await freshPage();
      const response = await elsewhere.request.post('/api/auth/login', {
        data: { username: STOREKEEPER.username, password: STOREKEEPER.password },
      });
      expect(response.status(), await response.text()).toBe(200);
    });

    test('Delete asks first; a user who has signed in is deactivated instead and stays listed', async () => {
      const row = userRow(page, STOREKEEPER.username);
      await row.getByRole('button', { name: `Delete ${STOREKEEPER.username}` }).click();
      const confirm = page.getByRole('dialog');
      await confirm.getByText('Are you sure you want to delete this user?').waitFor();
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();

      const toast = await expectToast(
        page,
        'Success',
        `${STOREKEEPER.username} has recorded activity, so the account was deactivated instead of deleted`,
      );
      await confirm.waitFor({ state: 'detached' });
      await row.getByText('Inactive', { exact: true }).waitFor();
      await dismissToast(toast);
    });

    test('Delete removes a user who never did anything', async () => {
      const unused = { ...LEAVER, username: 'never_here', email: 'never@bakery.ng' };
      await page.getByRole('button', { name: 'Add User' }).click();
      await fillUserForm(page, unused);
      await userDialog(page).getByRole('button', { name: 'Create User' }).click();
      await dismissToast(await expectToast(page, 'Success', 'User created successfully'));
      const row = userRow(page, unused.username);
      await row.getByRole('button', { name: `Delete ${unused.username}` }).click();
      const confirm = page.getByRole('dialog');
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();

      const toast = await expectToast(page, 'Success', 'User deleted successfully');
      await row.waitFor({ state: 'detached' });
      expect(await userRow(page, ADMIN.username).count()).toBe(1);
      await dismissToast(toast);
    });

    test('deleting your own account shows the server refusal and keeps the row', async () => {
      await userRow(page, ADMIN.username)
        .getByRole('button', { name: `Delete ${ADMIN.username}` })
        .click();
      const confirm = page.getByRole('dialog');
      await confirm.getByText('Are you sure you want to delete this user?').waitFor();
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();

      const toast = await expectToast(page, 'Error', 'You cannot delete your own account');
      await confirm.waitFor({ state: 'detached' });
      expect(await userRow(page, ADMIN.username).count()).toBe(1);
      await dismissToast(toast);
    });
  });

  describe('deactivating', () => {
    test('unticking Active on edit shows the user as Inactive', async () => {
      await page.getByRole('button', { name: 'Add User' }).click();
      const dialog = userDialog(page);
      await dialog.getByRole('heading', { name: 'Add New User' }).waitFor();
      // The form was reset after the last create and edit: empty, no role, active.
      for (const label of ['Username', 'Email', 'Password', 'First Name', 'Last Name']) {
        expect(await dialog.getByLabel(label, { exact: true }).inputValue(), label).toBe('');
      }
      expect(await dialog.getByLabel('Assign Role (Optional)', { exact: true }).inputValue()).toBe(
        'No role',
      );
      expect(await dialog.getByLabel('Active', { exact: true }).isChecked()).toBe(true);
      await fillUserForm(page, LEAVER);
      await dialog.getByRole('button', { name: 'Create User' }).click();
      const created = await expectToast(page, 'Success', 'User created successfully');
      await dialog.waitFor({ state: 'detached' });
      const row = userRow(page, LEAVER.username);
      await row.getByText('Active', { exact: true }).waitFor();
      // Created without a role.
      expect(await row.getByRole('cell', { name: 'No role', exact: true }).count()).toBe(1);
      await dismissToast(created);

      await row.getByRole('button', { name: `Edit ${LEAVER.username}` }).click();
      await dialog.getByRole('heading', { name: 'Edit User' }).waitFor();
      const active = dialog.getByLabel('Active', { exact: true });
      expect(await active.isChecked()).toBe(true);
      await active.uncheck();
      await dialog.getByRole('button', { name: 'Update User' }).click();

      const updated = await expectToast(page, 'Success', 'User updated successfully');
      await dialog.waitFor({ state: 'detached' });
      await row.getByText('Inactive', { exact: true }).waitFor();
      await dismissToast(updated);
    });

    test('the deactivated user can no longer sign in', async () => {
      const theirs = await freshPage();
      await signInThroughLanding(theirs, LEAVER);
      // The same answer as a wrong password, so a guesser learns nothing (SECURITY.md).
      await expectToast(theirs, 'Login failed', 'Invalid username or password');
      expect(new URL(theirs.url()).pathname).toBe('/');
      await theirs.getByRole('button', { name: 'Sign In' }).waitFor();
      expect((await theirs.request.get('/api/auth/user')).status()).toBe(401);
    });
  });
});
