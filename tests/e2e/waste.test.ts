import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { screenshot } from '../support/browser';
import { setUpSignedInPage } from '../support/signed-in-page';
import {
  bakeAgegeBread,
  choose,
  dismissToast,
  expectToast,
  fieldError,
  goThroughSidebar,
  lagosToday,
  postOk,
  signInThroughApi,
  statCard,
  type TestUser,
  untilShown,
  waitForPageTitle,
} from './helpers';

const OWNER: TestUser = {
  username: 'waste_owner',
  email: 'waste@bakery.ng',
  password: 'stale-by-morning-2026',
  firstName: 'Ngozi',
  lastName: 'Eze',
};
const READER: TestUser = {
  username: 'waste_reader',
  email: 'reader@bakery.ng',
  password: 'reads-the-shelf-2026',
};
const SHOP = 'Mama Chioma Kiosk';
const PHONE = { width: 360, height: 800 };

/**
 * The loaves: yesterday's batch of 10 (2 kg of flour) goes stale at this
 * midnight with a shelf life of 1 day; today's batch of 7 (1.5 kg at ₦800,
 * ₦1,200) is on sale, and prices every write-off: ₦1,200 ÷ 7 = ₦171.43 a loaf.
 */
const writeOffs = {
  givenAway: { loaves: 2, cost: '₦342.86' },
  stale: { loaves: 8, cost: '₦1,371.44' },
  damaged: { loaves: 1, cost: '₦171.43' },
  returned: { loaves: 3, cost: '₦514.29' },
};
// 14 loaves, ₦2,400.02, of 17 baked: 82.4%.

const reportTable = (page: Page, title: string) =>
  page.getByTestId('report-table').filter({ hasText: title });
const rowCells = (page: Page, title: string, row: number) =>
  reportTable(page, title).getByRole('row').nth(row).getByRole('cell').allTextContents();

describe('Waste: stale loaves leave sale and are written off with returned ones', () => {
  const signedIn = setUpSignedInPage(OWNER);
  let page: Page;
  let recipeId: string;

  beforeAll(async () => {
    page = signedIn.page;
    ({ recipeId } = await bakeAgegeBread(page, { flourKg: 2, loaves: 10 }));
  });

  test('Recipes sets a shelf life of 1 day on Agege Bread', async () => {
    await page.goto('/');
    await goThroughSidebar(page, 'Recipes');
    await page.getByRole('button', { name: 'Edit Agege Bread' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Shelf life in days (Optional)').fill('1');
    await screenshot(page, 'waste-recipe-shelf-life-1280');
    await dialog.getByRole('button', { name: 'Update Recipe' }).click();
    await dismissToast(await expectToast(page, 'Recipe Updated', 'Agege Bread was updated'));
    await expect
      .poll(() => page.getByTestId('recipe-shelf-life').textContent())
      .toBe('Shelf life: 1 day');
  });

  test('loaves baked yesterday are stale today: Sales shows them apart from those on sale', async () => {
    // The batch was completed a day earlier: its loaves went stale at this Lagos midnight.
    await signedIn.web.database.db.execute(sql`
      update production_batches
      set completed_at = completed_at - interval '1 day', created_at = created_at - interval '1 day'
      where recipe_name = 'Agege Bread'`);
    const batch = await postOk(page, '/api/production-batches', { recipeId, flourKg: 1.5 });
    const done = await page.request.patch(`/api/production-batches/${batch.id}`, {
      data: { status: 'completed', loavesProduced: 7 },
    });
    expect(done.status()).toBe(200);

    await goThroughSidebar(page, 'Sales', 'Sales Management');
    const bread = page.getByTestId('available-loaves').filter({ hasText: 'Agege Bread' });
    await expect.poll(() => bread.textContent()).toBe('Agege BreadFrom 1 batch · 10 stale7 loaves');
    expect(await statCard(page, 'Available Loaves').first().textContent()).toBe(
      'Available Loaves710 stale loaves on the shelf',
    );
    await screenshot(page, 'waste-sales-stale-1280');
    await expectNoSeriousAxeViolations(page, 'sales with stale loaves at 1280 px');
    await bread.getByRole('link', { name: /^10 stale/ }).click();
    await waitForPageTitle(page, 'Waste');
  });

  test('the stale loaves are written off; a refusal from the server shows on the field', async () => {
    const card = page.getByTestId('bread-shelf').filter({ hasText: 'Agege Bread' });
    await expect
      .poll(() => card.textContent())
      .toBe('Agege BreadShelf life: 1 dayWrite off7 loaves on sale10 stale');
    await screenshot(page, 'waste-stale-1280');
    await card.getByRole('button', { name: 'Write off Agege Bread' }).click();
    const dialog = page.getByRole('dialog', { name: 'Write Off Loaves' });
    expect(await dialog.getByLabel('Stale (10)').isChecked()).toBe(true);
    expect(await dialog.getByLabel('Loaves', { exact: true }).inputValue()).toBe('10');
    expect(await dialog.getByLabel('Reason', { exact: true }).inputValue()).toBe('Stale');
    await untilShown(dialog);
    await screenshot(page, 'waste-write-off-dialog-1280');

    await dialog.getByLabel('Loaves', { exact: true }).fill('11');
    await dialog.getByRole('button', { name: 'Write Off' }).click();
    expect(await fieldError(page, 'Loaves')).toBe('Only 10 stale loaves to write off');

    // Meanwhile a colleague gives 2 of them away: the server refuses the 10 still typed.
    await postOk(page, '/api/waste', {
      source: 'stale',
      recipeName: 'Agege Bread',
      loaves: writeOffs.givenAway.loaves,
      reason: 'given_away',
      notes: 'To the night guard',
    });
    await dialog.getByLabel('Loaves', { exact: true }).fill('10');
    await dialog.getByRole('button', { name: 'Write Off' }).click();
    await dismissToast(await expectToast(page, 'Error', 'Only 8 stale loaves to write off'));
    expect(await fieldError(page, 'Loaves')).toBe('Only 8 stale loaves to write off');

    await dialog.getByLabel('Loaves', { exact: true }).fill('8');
    await dialog.getByRole('button', { name: 'Write Off' }).click();
    await dismissToast(
      await expectToast(
        page,
        'Loaves Written Off',
        `8 loaves of Agege Bread (Stale), ${writeOffs.stale.cost}`,
      ),
    );
    await expect
      .poll(() => card.textContent())
      .toBe('Agege BreadShelf life: 1 dayWrite off7 loaves on sale0 stale');
  });

  test('a damaged loaf on sale is written off', async () => {
    const card = page.getByTestId('bread-shelf').filter({ hasText: 'Agege Bread' });
    await card.getByRole('button', { name: 'Write off Agege Bread' }).click();
    const dialog = page.getByRole('dialog', { name: 'Write Off Loaves' });
    expect(await dialog.getByLabel('On sale (7)').isChecked()).toBe(true);
    await choose(page, dialog.getByLabel('Reason', { exact: true }), 'Damaged');
    await dialog.getByLabel('Notes (Optional)').fill('Crushed in the crate');
    await dialog.getByRole('button', { name: 'Write Off' }).click();
    await dismissToast(
      await expectToast(
        page,
        'Loaves Written Off',
        `1 loaf of Agege Bread (Damaged), ${writeOffs.damaged.cost}`,
      ),
    );
    await expect
      .poll(() => card.textContent())
      .toBe('Agege BreadShelf life: 1 dayWrite off6 loaves on sale0 stale');
  });

  test("a distributor's return recorded on Distributors is written off on Waste", async () => {
    const shop = await postOk(page, '/api/distributors', {
      name: SHOP,
      address: '12 Ogunlana Drive, Surulere',
      phone: '0803 555 0101',
    });
    await postOk(page, '/api/sales-transactions', {
      distributorId: shop.id,
      recipeName: 'Agege Bread',
      loavesTaken: 4,
      pricePerLoaf: 500,
    });
    await goThroughSidebar(page, 'Distributors', 'Distributor Management');
    await page
      .locator('.mantine-Card-root')
      .filter({ hasText: SHOP })
      .getByRole('button', { name: 'Record Return' })
      .click();
    const back = page.getByRole('dialog', { name: 'Record Return' });
    await choose(page, back.getByLabel('Bread Type', { exact: true }), 'Agege Bread (up to 4)');
    await back.getByLabel('Loaves Returned').fill('3');
    await back.getByRole('button', { name: 'Record Return' }).click();
    await dismissToast(
      await expectToast(page, 'Return Recorded', `3 loaves of Agege Bread from ${SHOP}`),
    );

    await goThroughSidebar(page, 'Waste');
    const line = page.getByTestId('returned-loaves').filter({ hasText: SHOP });
    await expect.poll(() => line.textContent()).toContain('3 loaves left of 3 returned · Spoiled');
    await screenshot(page, 'waste-returned-1280');
    await line
      .getByRole('button', { name: `Write off the return of Agege Bread from ${SHOP}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Write Off Loaves' });
    expect(await dialog.getByLabel('Return', { exact: true }).inputValue()).toContain(SHOP);
    expect(await dialog.getByLabel('Loaves', { exact: true }).inputValue()).toBe('3');
    await choose(page, dialog.getByLabel('Reason', { exact: true }), 'Stale');
    await dialog.getByRole('button', { name: 'Write Off' }).click();
    await dismissToast(
      await expectToast(
        page,
        'Loaves Written Off',
        `3 loaves of Agege Bread (Stale), ${writeOffs.returned.cost}`,
      ),
    );
    await page.getByText('No returned loaves to write off').waitFor();

    const rows = page.getByTestId('write-off');
    await expect.poll(() => rows.count()).toBe(4);
    // Newest first: what, why and from where, then when and by whom (and the notes), and the cost.
    const writtenOff = (what: string, reason: string, notes: string, cost: string) =>
      new RegExp(
        `^${what} of Agege BreadReason: ${reason}\\d\\d \\w{3} \\d{4}, \\d\\d:\\d\\d · Ngozi Eze${notes}${cost}$`,
      );
    expect(await rows.allTextContents()).toEqual([
      expect.stringMatching(writtenOff('3 loaves', 'Stale · From: Returned', '', '₦514\\.29')),
      expect.stringMatching(
        writtenOff('1 loaf', 'Damaged · From: On sale', ' · Crushed in the crate', '₦171\\.43'),
      ),
      expect.stringMatching(writtenOff('8 loaves', 'Stale · From: Stale', '', '₦1,371\\.44')),
      expect.stringMatching(
        writtenOff('2 loaves', 'Given away · From: Stale', ' · To the night guard', '₦342\\.86'),
      ),
    ]);
    await screenshot(page, 'waste-1280');
    await expectNoSeriousAxeViolations(page, 'waste page at 1280 px');
  });

  test('the Waste report tab shows the totals, by bread and by reason, exact to the kobo', async () => {
    await page.getByRole('link', { name: 'Waste report' }).click();
    await waitForPageTitle(page, 'Reports & Analytics');
    expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('Waste');
    await expect
      .poll(() => statCard(page, 'Loaves Wasted').first().textContent())
      .toBe('Loaves Wasted14of 17 loaves baked');
    expect(await statCard(page, 'Cost of Waste').textContent()).toContain('₦2,400.02');
    expect(await statCard(page, 'Waste % of Production').textContent()).toContain('82.4%');
    expect(await rowCells(page, 'Waste by Bread', 1)).toEqual([
      'Agege Bread',
      '14',
      '₦2,400.02',
      '17',
      '82.4%',
    ]);
    expect(await rowCells(page, 'Waste by Reason', 1)).toEqual(['Damaged', '1', '₦171.43']);
    expect(await rowCells(page, 'Waste by Reason', 2)).toEqual(['Given away', '2', '₦342.86']);
    expect(await rowCells(page, 'Waste by Reason', 3)).toEqual(['Stale', '11', '₦1,885.73']);

    const href = await page
      .getByRole('link', { name: 'Download All Write-offs as CSV' })
      .getAttribute('href');
    const csv = await (await page.request.get(href ?? '')).text();
    const lines = csv
      .replace(/^\ufeff/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(6);
    expect(lines[0]).toBe('Date,Bread Type,Loaves,Reason,From,Cost per Loaf,Notes,Cost');
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\d,Agege Bread,3,Stale,Returned,171\.43,,514\.29$/);
    expect(lines[5]).toBe(',Total Waste:,14,,,,,2400.02');
    await screenshot(page, 'waste-report-1280');
  });

  test('the dashboard card shows the waste of this month', async () => {
    await goThroughSidebar(page, 'Dashboard');
    // Yesterday's batch counts as this month's production unless today is the 1st.
    const share = lagosToday().day > 1 ? '82.4%' : '200.0%';
    const card = statCard(page, 'Waste this month');
    await expect
      .poll(() => card.textContent())
      .toBe(`Waste this month₦2,400.0214 loaves · ${share} of production`);
    await screenshot(page, 'waste-dashboard-1280');
  });

  test('a user who may only read Sales sees the shelf and the write-offs, with no Write off', async () => {
    const role = await postOk(page, '/api/admin/roles', { name: 'Sales Readers' });
    const rights = await page.request.put(`/api/admin/roles/${role.id}/permissions`, {
      data: {
        permissions: [{ module: 'sales', canRead: true, canWrite: false, canDelete: false }],
      },
    });
    expect(rights.status()).toBe(200);
    await postOk(page, '/api/admin/users', {
      ...READER,
      firstName: 'Uche',
      lastName: 'Obi',
      roleId: role.id,
    });
    const reader = await signedIn.freshPage();
    await signInThroughApi(reader, READER);
    await reader.goto('/');
    await goThroughSidebar(reader, 'Waste');
    await reader.getByTestId('bread-shelf').filter({ hasText: '2 loaves on sale' }).waitFor();
    await expect.poll(() => reader.getByTestId('write-off').count()).toBe(4);
    expect(await reader.getByRole('button', { name: /^Write off/ }).count()).toBe(0);
  });

  test('works at phone width', async () => {
    const small = await signedIn.freshPage(PHONE);
    await signInThroughApi(small, OWNER);
    await small.goto('/');
    await waitForPageTitle(small, 'Dashboard');
    await statCard(small, 'Waste this month').getByText('₦2,400.02').waitFor();
    await screenshot(small, 'waste-dashboard-360');

    await goThroughSidebar(small, 'Waste');
    await small.getByTestId('write-off').first().waitFor();
    await screenshot(small, 'waste-360');
    await expectNoSeriousAxeViolations(small, 'waste page at 360 px');
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );

    await small.getByRole('button', { name: 'Write off Agege Bread' }).click();
    const dialog = small.getByRole('dialog', { name: 'Write Off Loaves' });
    await untilShown(dialog);
    await screenshot(small, 'waste-write-off-dialog-360');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await small.getByRole('link', { name: 'Waste report' }).click();
    await waitForPageTitle(small, 'Reports & Analytics');
    await statCard(small, 'Cost of Waste').getByText('₦2,400.02').waitFor();
    await screenshot(small, 'waste-report-360');
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
  });
});
