import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { PHONE, screenshot } from '../../support/browser';
import { setUpSignedInPage } from '../../support/signed-in-page';
import { signInThroughApi, waitForPageTitle, waitUntilSettled } from '../helpers';
import { ADMIN, LEAVER, userCard, userDialog, userRow } from './setup';

describe('admin panel', () => {
  const signedIn = setUpSignedInPage(ADMIN);
  let page: Page;
  const freshPage = (viewport?: typeof PHONE) => signedIn.freshPage(viewport);

  beforeAll(async () => {
    page = signedIn.page;
    // The deactivated user the phone's card shows (made through the screens in the other admin file).
    const created = await page.request.post('/api/admin/users', {
      data: { ...LEAVER, isActive: false },
    });
    expect(created.status(), await created.text()).toBe(201);
    await page.goto('/admin');
    await waitForPageTitle(page, 'Admin Panel');
    await userRow(page, ADMIN.username).waitFor();
  });

  test('the API tab names BakeryPro API and links the OpenAPI JSON', async () => {
    await page.getByRole('tab', { name: 'API' }).click();
    await page.getByText('BakeryPro API', { exact: true }).waitFor();
    const download = page.getByRole('link', { name: 'Download OpenAPI JSON' });
    expect(await download.getAttribute('href')).toBe('/api/openapi.json');
    // The link leads somewhere real for the signed-in admin.
    const response = await page.request.get('/api/openapi.json');
    expect(response.status()).toBe(200);
    expect(((await response.json()) as { info: { title: string } }).info.title).toBe(
      'BakeryPro API',
    );
  });

  describe('on a phone', () => {
    let phone: Page;

    beforeAll(async () => {
      phone = await freshPage(PHONE);
      await signInThroughApi(phone, ADMIN);
      await phone.goto('/admin');
      await waitForPageTitle(phone, 'Admin Panel');
    });

    test('the Users tab shows each user as a card with Edit and Delete, and no table', async () => {
      const card = userCard(phone, LEAVER.username);
      await card.waitFor();
      expect(await card.getByText(LEAVER.email, { exact: true }).isVisible()).toBe(true);
      expect(
        await card.getByText(`${LEAVER.firstName} ${LEAVER.lastName}`, { exact: true }).isVisible(),
      ).toBe(true);
      expect(await card.getByText('Inactive', { exact: true }).isVisible()).toBe(true);
      expect(await card.getByText('Role: No role', { exact: true }).isVisible()).toBe(true);
      expect(await card.getByRole('button', { name: 'Edit', exact: true }).isVisible()).toBe(true);
      expect(await card.getByRole('button', { name: 'Delete', exact: true }).isVisible()).toBe(
        true,
      );

      expect(await phone.getByRole('table').count()).toBe(0);
      expect(await phone.getByRole('columnheader', { name: 'Username' }).count()).toBe(0);
      const scrollWidth = await phone.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);
      await screenshot(phone, 'e2e-admin-users-phone');
    });

    test("a card's Edit opens the Edit User dialog, which fits the phone", async () => {
      const card = userCard(phone, LEAVER.username);
      await card.getByRole('button', { name: 'Edit', exact: true }).click();
      const dialog = userDialog(phone);
      await dialog.getByRole('heading', { name: 'Edit User' }).waitFor();
      await waitUntilSettled(dialog);
      expect(await dialog.getByLabel('Username', { exact: true }).inputValue()).toBe(
        LEAVER.username,
      );
      const box = await dialog.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
      await screenshot(phone, 'e2e-admin-dialog-phone');

      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    });
  });
});
