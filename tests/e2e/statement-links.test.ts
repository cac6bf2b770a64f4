import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { LINK_NOT_VALID } from '../../src/domain/statement-links';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { screenshot } from '../support/browser';
import { setUpSignedInPage } from '../support/signed-in-page';
import {
  dismissToast,
  distributorCard,
  expectToast,
  fieldError,
  goThroughSidebar,
  postOk,
  signInThroughApi,
  type TestUser,
  untilShown,
} from './helpers';

const MANAGER: TestUser = {
  username: 'links_manager',
  email: 'links@bakery.ng',
  password: 'send-the-statement-2026',
  firstName: 'Funke',
  lastName: 'Adeyemi',
};
const SHOP = 'Mama Nkechi Store';
const OTHER = 'Oga Tunde Depot';
const PHONE = { width: 360, height: 800 };

/** Opens the Share statement link dialog from the distributor's card. */
async function openShareDialog(page: Page): Promise<Locator> {
  await page.goto('/');
  await goThroughSidebar(page, 'Distributors', 'Distributor Management');
  await distributorCard(page, SHOP).getByRole('button', { name: 'Share statement link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share statement link' });
  await untilShown(dialog);
  return dialog;
}

describe("The distributor's own statement link", () => {
  const signedIn = setUpSignedInPage(MANAGER);
  let page: Page;
  let url = '';

  beforeAll(async () => {
    page = signedIn.page;
    const saved = await page.request.put('/api/admin/settings', {
      data: {
        allowSelfRegistration: true,
        bakeryName: 'Golden Crust Bakery',
        bakeryAddress: '4 Bode Thomas Street, Surulere, Lagos',
        bakeryPhone: '+234 803 555 0101',
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const shop = await postOk(page, '/api/distributors', {
      name: SHOP,
      address: '7 Balogun Market, Lagos Island',
      phone: '0803 123 4567',
    });
    const other = await postOk(page, '/api/distributors', {
      name: OTHER,
      address: 'Ikorodu Road',
      phone: '0805 000 1111',
    });
    await postOk(page, '/api/distributor-payments', {
      distributorId: shop.id,
      amount: 2500.5,
      paymentMethod: 'cash',
      description: 'Paid at the depot',
    });
    await postOk(page, '/api/distributor-payments', {
      distributorId: other.id,
      amount: 7000,
      paymentMethod: 'cash',
      description: 'Tunde pays',
    });
  });

  test('a manager makes a link from the card, to copy or send by WhatsApp or SMS', async () => {
    const dialog = await openShareDialog(page);
    await expect
      .poll(() => dialog.getByText('No links made for this distributor yet').count())
      .toBe(1);
    const days = dialog.getByLabel('Expires in (days)');
    await days.fill('91');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    expect(await fieldError(page, 'Expires in (days)')).toBe(
      'Expiry must be a whole number of days from 1 to 90',
    );
    await days.fill('3');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const made = dialog.getByTestId('new-statement-link');
    await made.waitFor();
    url = await made.getByLabel('Statement link').inputValue();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/s\/[A-Za-z0-9_-]{43}$/);

    // The statement message from the settings, with the link, to the phone as +234.
    const whatsapp = made.getByRole('link', { name: 'Open WhatsApp' });
    await whatsapp.waitFor();
    const whatsappUrl = new URL((await whatsapp.getAttribute('href')) ?? '');
    expect(whatsappUrl.origin + whatsappUrl.pathname).toBe('https://wa.me/2348031234567');
    expect(whatsappUrl.searchParams.get('text')).toContain(url);
    const sms = await made.getByRole('link', { name: 'Open SMS' }).getAttribute('href');
    expect(decodeURIComponent(sms ?? '')).toContain(url);

    const row = dialog.getByTestId('statement-link-row');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('Active');
    expect(await row.textContent()).toContain('By Funke Adeyemi');
    await expectNoSeriousAxeViolations(page, 'Share statement link');
    await screenshot(page, 'statement-link-dialog-1280');
  });

  test('the link opens the statement signed out, that distributor only, with no session', async () => {
    for (const [viewport, name] of [
      [undefined, 'statement-link-page-1280'],
      [PHONE, 'statement-link-page-360'],
    ] as const) {
      const visitor = await signedIn.freshPage(viewport);
      await visitor.goto(url);
      await visitor.getByTestId('statement-link-distributor').waitFor();
      expect(await visitor.getByTestId('statement-link-bakery').textContent()).toBe(
        'Golden Crust Bakery',
      );
      expect(await visitor.getByTestId('statement-link-distributor').textContent()).toBe(SHOP);
      const body = (await visitor.locator('body').textContent()) ?? '';
      expect(body).toContain('Payment by Cash: Paid at the depot');
      expect(body).toContain('-₦2,500.50');
      expect(body).not.toContain('Tunde pays');
      expect(body).not.toContain('Dashboard');
      expect(await visitor.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
      await visitor.getByRole('button', { name: 'Print' }).waitFor();
      expect(await visitor.context().cookies()).toEqual([]);
      await expectNoSeriousAxeViolations(visitor, name);
      await screenshot(visitor, name);
    }
    // On paper: the letterhead and the statement as a table, without the buttons and dates.
    const paper = await signedIn.freshPage();
    await paper.goto(url);
    await paper.getByTestId('statement-link-distributor').waitFor();
    await paper.emulateMedia({ media: 'print' });
    expect(await paper.getByRole('table').isVisible()).toBe(true);
    expect(await paper.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await paper.getByLabel('From').isVisible()).toBe(false);
    await screenshot(paper, 'statement-link-print');
  });

  test('revoking it from the card: the page then says the link is not valid', async () => {
    const dialog = await openShareDialog(page);
    const row = dialog.getByTestId('statement-link-row');
    await row.getByRole('button', { name: /^Revoke the link made/ }).click();
    await dismissToast(
      await expectToast(page, 'Link Revoked', 'The link opens nothing from now on'),
    );
    await expect.poll(() => row.textContent()).toContain('Revoked');
    expect(await row.textContent()).toContain('by Funke Adeyemi');
    expect(await row.getByRole('button', { name: /^Revoke/ }).count()).toBe(0);

    const visitor = await signedIn.freshPage(PHONE);
    await visitor.goto(url);
    const refusal = visitor.getByTestId('statement-link-refusal');
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe(LINK_NOT_VALID);
    expect(await visitor.locator('body').textContent()).not.toContain(SHOP);
    await screenshot(visitor, 'statement-link-not-valid-360');
  });

  test('the dialog on a phone', async () => {
    const phone = await signedIn.freshPage(PHONE);
    await signInThroughApi(phone, MANAGER);
    const dialog = await openShareDialog(phone);
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await dialog.getByTestId('new-statement-link').waitFor();
    await expect.poll(() => dialog.getByTestId('statement-link-row').count()).toBe(2);
    await screenshot(phone, 'statement-link-dialog-360');
  });
});
