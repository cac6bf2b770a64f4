import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { newPage, PHONE, screenshot } from '../support/browser';
import { setUpSignedInPage } from '../support/signed-in-page';
import {
  choose,
  dismissToast,
  expectToast,
  lagosToday,
  pickDayOfThisMonth,
  signInThroughApi,
  type TestUser,
  waitForPageTitle,
  waitUntilSettled,
} from './helpers';

const ADMIN: TestUser = {
  username: 'audit_admin',
  email: 'audit@bakery.ng',
  password: 'trail-of-crumbs-7',
  firstName: 'Folake',
  lastName: 'Ojo',
};

const ITEM = 'Yeast (Saf-instant)';

/** The desktop rows of the audit table. */
const rows = (page: Page): Locator => page.getByTestId('audit-row');

async function openAuditTrail(page: Page): Promise<void> {
  await page.goto('/admin');
  await waitForPageTitle(page, 'Admin Panel');
  await page.getByRole('tab', { name: 'Audit Trail' }).click();
  await page.getByText('Audit Trail', { exact: true }).last().waitFor();
}

describe('admin panel: audit trail', () => {
  const signedIn = setUpSignedInPage(ADMIN);
  let page: Page;
  let itemId: string;

  beforeAll(async () => {
    page = signedIn.page;
  });

  test('an item added on the Inventory page shows in the trail, newest first', async () => {
    await page.goto('/inventory');
    await page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Item Name').fill(ITEM);
    await dialog.getByLabel('Current Stock').fill('5');
    await dialog.getByLabel('Unit Cost (₦)').fill('3500');
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    await dismissToast(await expectToast(page, 'Item Added', `${ITEM} was added to inventory`));

    await openAuditTrail(page);
    const newest = rows(page).first();
    await newest.waitFor();
    const text = await newest.textContent();
    expect(text).toContain('audit_admin');
    expect(text).toContain('Added an item');
    expect(text).toContain('inventory.create');
    expect(text).toContain('Inventory item');
    expect(text).toContain('201 Created');
    // The sign-up and sign-in that came before are there too.
    expect(await rows(page).allTextContents()).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Registered an account'),
        expect.stringContaining('Signed in'),
      ]),
    );
    // When, in Lagos time: today's date as the bakery reads it.
    const { day, year } = lagosToday();
    expect(text).toMatch(new RegExp(`\\b${day} \\w{3} ${year}, \\d{2}:\\d{2}:\\d{2}`));

    const items = await page.request.get('/api/inventory');
    itemId = ((await items.json()) as { id: string; name: string }[]).find(
      (item) => item.name === ITEM,
    )?.id as string;
    expect(text).toContain(itemId.slice(0, 8));
  });

  test('the details show the call, the address and what was sent', async () => {
    const newest = rows(page).first();
    await newest.getByRole('button', { name: 'Show details' }).click();
    const details = page.getByTestId('audit-details').first();
    await details.waitFor();
    const text = await details.textContent();
    expect(text).toContain('POST /api/inventory');
    expect(text).toContain('127.0.0.1');
    expect(text).toContain(itemId);
    expect(text).toContain(`"name": "${ITEM}"`);
    await screenshot(page, 'e2e-audit-details-desktop');
    await newest.getByRole('button', { name: 'Hide details' }).click();
  });

  test('filters by module, user, result, record and date', async () => {
    const filters = page.getByTestId('audit-filters');

    await choose(page, filters.getByLabel('Module', { exact: true }).first(), 'Inventory');
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().textContent()).toContain('Added an item');

    await choose(page, filters.getByLabel('User', { exact: true }).first(), 'Not signed in');
    await page.getByText('No events match these filters.').waitFor();

    await choose(page, filters.getByLabel('User', { exact: true }).first(), 'audit_admin');
    await expect.poll(() => rows(page).count()).toBe(1);

    await choose(page, filters.getByLabel('Result', { exact: true }).first(), 'Refused or failed');
    await page.getByText('No events match these filters.').waitFor();
    await filters.getByRole('button', { name: 'Clear Filters' }).click();
    await expect.poll(() => rows(page).count()).toBeGreaterThanOrEqual(3);

    // A record id: half of one is refused with the schema's words; the whole one filters.
    const record = filters.getByLabel('Record id');
    await record.fill(itemId.slice(0, 8));
    await record.press('Enter');
    await page.getByText('Enter a whole record id (like 3f2b9c1e-…-…)').waitFor();
    await record.fill(itemId);
    await record.press('Enter');
    await expect.poll(() => rows(page).count()).toBe(1);
    await filters.getByRole('button', { name: 'Clear Filters' }).click();
    await expect.poll(() => rows(page).count()).toBeGreaterThanOrEqual(3);

    // Clicking a record's id filters by it too.
    await rows(page)
      .first()
      .getByRole('button', { name: `Show only events of record ${itemId}` })
      .click();
    await expect.poll(() => filters.getByLabel('Record id').inputValue()).toBe(itemId);
    await expect.poll(() => rows(page).count()).toBe(1);
    await filters.getByRole('button', { name: 'Clear Filters' }).click();

    // From today (Lagos) on: everything is from today.
    const all = await rows(page).count();
    await filters.getByRole('button', { name: 'Start Date' }).click();
    await pickDayOfThisMonth(page, lagosToday().day);
    await expect.poll(() => rows(page).count()).toBe(all);
    await screenshot(page, 'e2e-audit-desktop');
    await filters.getByRole('button', { name: 'Clear Filters' }).click();
  });

  test('is readable on a phone, its filters folded away until asked for', async () => {
    const phone = await newPage(signedIn.browser, signedIn.web.baseUrl, PHONE);
    try {
      await signInThroughApi(phone.page, ADMIN);
      await openAuditTrail(phone.page);
      const filtersButton = phone.page.getByRole('button', { name: 'Filters', exact: true });
      await filtersButton.click();
      const filters = phone.page.getByTestId('audit-filters');
      await choose(phone.page, filters.getByLabel('Module', { exact: true }).first(), 'Inventory');
      await phone.page.getByRole('button', { name: 'Filters (1)' }).waitFor();

      const card = phone.page.getByTestId('audit-card').filter({ hasText: 'Added an item' });
      await card.waitFor();
      await expect.poll(() => phone.page.getByTestId('audit-card').count()).toBe(1);
      expect(await card.textContent()).toContain('201 Created');
      await phone.page.getByRole('button', { name: 'Filters (1)' }).click();
      await card.getByRole('button', { name: 'Details' }).click();
      await card.getByText('POST /api/inventory').waitFor();
      await waitUntilSettled(card.getByTestId('audit-details'));
      const scrollWidth = await phone.page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);
      await screenshot(phone.page, 'e2e-audit-phone');
    } finally {
      await phone.context.close();
    }
  });

  test('keeps the whole header, bell too, in the window at every width, here and on other pages', async () => {
    const phone = await newPage(signedIn.browser, signedIn.web.baseUrl, PHONE);
    const header = phone.page.locator('header');
    const bell = header.getByRole('button', { name: 'Notifications' });
    const bellRight = async () => {
      const box = await bell.boundingBox();
      return box ? box.x + box.width : Number.POSITIVE_INFINITY;
    };
    const pages: [string, () => Promise<void>][] = [
      ['audit', () => openAuditTrail(phone.page)],
      [
        'dashboard',
        () => phone.page.goto('/').then(() => waitForPageTitle(phone.page, 'Dashboard')),
      ],
      [
        'inventory',
        () => phone.page.goto('/inventory').then(() => waitForPageTitle(phone.page, 'Inventory')),
      ],
    ];
    try {
      await signInThroughApi(phone.page, ADMIN);
      for (const [name, open] of pages) {
        await phone.page.setViewportSize(PHONE);
        await open();
        // Each width where the header shows or drops a part (the name, the year) and either side of it.
        for (const width of [320, 360, 383, 384, 390, 430, 479, 480, 575, 576, 767, 768, 1280]) {
          await phone.page.setViewportSize({ width, height: 800 });
          await expect
            .poll(bellRight, { message: `${name} at ${width} px` })
            .toBeLessThanOrEqual(width);
          expect(await header.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
          if ([360, 390, 1280].includes(width)) {
            await header.screenshot({ path: `screenshots/e2e-header-${name}-${width}.png` });
          }
        }
      }
    } finally {
      await phone.context.close();
    }
  });
});
