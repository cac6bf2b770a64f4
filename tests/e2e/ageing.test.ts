import { sql } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { addDays } from '../../src/domain/bakery-months';
import { formatCalendarDate, formatDate } from '../../src/web/components/format';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { screenshot } from '../support/browser';
import { lagos, lagosDate } from '../support/fixtures';
import { setUpSignedInPage } from '../support/signed-in-page';
import {
  bakeAgegeBread,
  createUserWithRights,
  dismissToast,
  expectCellsOnScreen,
  goThroughSidebar,
  postOk,
  signInThroughApi,
  statCard,
  type TestUser,
  tileLabels,
  waitForPageTitle,
} from './helpers';

const OWNER: TestUser = {
  username: 'ageing_owner',
  email: 'ageing@bakery.ng',
  password: 'owed-since-august-2026',
  firstName: 'Funke',
  lastName: 'Adeyemi',
};
const READER: TestUser = {
  username: 'ageing_sales_reader',
  email: 'sales.reader@bakery.ng',
  password: 'reads-sales-only-2026',
  firstName: 'Uche',
  lastName: 'Obi',
};
const TERMS = 'Mama Tunde Stores';
const CASH = 'Alhaji Sule Kiosk';
const PHONE = { width: 360, height: 800 };
const today = lagosDate(new Date());
const daysAgo = (n: number) => addDays(today, -n);

/**
 * Every loaf at ₦512.55. Mama Tunde Stores (terms 14 days, limit ₦12,000):
 * 4 loaves 100 days ago (₦2,050.20, due 86 days ago: 61–90), 6 loaves 50 days
 * ago (₦3,075.30, due 36 days ago: 31–60), 8 loaves 20 days ago (₦4,100.40,
 * due 6 days ago: 1–30) and 10 loaves 3 days ago (₦5,125.50, due in 11 days:
 * current). Alhaji Sule Kiosk (no terms, due the day of sale): 3 loaves 120
 * days ago (₦1,537.65, over 90) and 2 today (₦1,025.10, current). A payment of
 * ₦2,500 from Mama Tunde settles the oldest first: the 100-day sale and
 * ₦449.80 of the 50-day one.
 */
const PRICE = 512.55;
/** Current, 1–30, 31–60, 61–90, Over 90 and Overdue: before the payment, then after it. */
const before = {
  mamaTunde: ['₦5,125.50', '₦4,100.40', '₦3,075.30', '₦2,050.20', '₦0.00', '₦9,225.90'],
  totals: ['₦6,150.60', '₦4,100.40', '₦3,075.30', '₦2,050.20', '₦1,537.65', '₦10,763.55'],
};
const after = {
  mamaTunde: ['₦5,125.50', '₦4,100.40', '₦2,625.50', '₦0.00', '₦0.00', '₦6,725.90'],
  totals: ['₦6,150.60', '₦4,100.40', '₦2,625.50', '₦0.00', '₦1,537.65', '₦8,263.55'],
};
const cashRow = [
  `${CASH}No credit limit · due the day of sale`,
  '₦1,025.10',
  '₦0.00',
  '₦0.00',
  '₦0.00',
  '₦1,537.65',
  '₦1,537.65',
  '₦2,562.75',
  `${formatCalendarDate(daysAgo(120))}120 days overdue`,
];

const ageingRows = (page: Page) => page.getByTestId('ageing-row');
const cellsOf = (row: Locator) => row.locator('td, th').allTextContents();
const statementAgeing = (page: Page) => page.getByTestId('statement-ageing');

async function openAgeingTab(page: Page): Promise<void> {
  await goThroughSidebar(page, 'Reports', 'Reports & Analytics');
  await page.getByRole('tab', { name: 'Ageing', exact: true }).click();
  await ageingRows(page).first().waitFor();
}

describe('Receivables ageing: the dashboard, the Reports tab and the statement', () => {
  const signedIn = setUpSignedInPage(OWNER);
  let page: Page;

  beforeAll(async () => {
    page = signedIn.page;
    await bakeAgegeBread(page, { flourKg: 4, loaves: 120 });
    const sell = async (distributorId: string, loaves: number, days: number) => {
      const sale = await postOk(page, '/api/sales-transactions', {
        distributorId,
        recipeName: 'Agege Bread',
        loavesTaken: loaves,
        pricePerLoaf: PRICE,
      });
      await signedIn.web.database.db.execute(
        sql`update sales_transactions
          set created_at = ${lagos(`${daysAgo(days)}T10:00:00`).toISOString()}
          where id = ${sale.id}`,
      );
    };
    const shop = (name: string) =>
      postOk(page, '/api/distributors', { name, address: 'Mushin, Lagos', phone: '0803 222 1111' });
    const terms = await shop(TERMS);
    for (const [loaves, days] of [
      [4, 100],
      [6, 50],
      [8, 20],
      [10, 3],
    ] as const) {
      await sell(terms.id, loaves, days);
    }
    const credit = await page.request.patch(`/api/distributors/${terms.id}/credit`, {
      data: { creditLimit: 12_000, paymentTermsDays: 14 },
    });
    expect(credit.status(), await credit.text()).toBe(200);
    const cash = await shop(CASH);
    await sell(cash.id, 3, 120);
    await sell(cash.id, 2, 0);
  });

  test('the dashboard card shows the overdue total and the most overdue distributors', async () => {
    await page.goto('/');
    await waitForPageTitle(page, 'Dashboard');
    const card = statCard(page, 'Overdue');
    await expect.poll(() => card.getByText('₦10,763.55').count()).toBe(1);
    expect(await card.getByTestId('overdue-count').textContent()).toBe(
      'Past due, owed by 2 distributors',
    );
    expect(await card.getByTestId('overdue-distributor').allTextContents()).toEqual([
      `${TERMS}86 days overdue₦9,225.90`,
      `${CASH}120 days overdue₦1,537.65`,
    ]);
    await screenshot(page, 'ageing-dashboard-1280');
  });

  test('Reports → Ageing shows the buckets, the totals and the CSV, exact to the kobo', async () => {
    await openAgeingTab(page);
    const rows = ageingRows(page);
    expect(await rows.count()).toBe(2);
    expect(await cellsOf(rows.first())).toEqual([
      `${TERMS}Limit ₦12,000.00 · due in 14 days`,
      ...before.mamaTunde,
      '₦14,351.40Over the limit',
      `${formatCalendarDate(daysAgo(86))}86 days overdue`,
    ]);
    expect(await cellsOf(rows.nth(1))).toEqual(cashRow);
    expect(await cellsOf(page.getByTestId('ageing-total'))).toEqual([
      'Total',
      ...before.totals,
      '₦16,914.15',
      `${formatCalendarDate(daysAgo(120))}120 days overdue`,
    ]);
    // The tab's own Overdue figure, ahead of the table whose column shares its name.
    expect(await statCard(page, 'Overdue').first().textContent()).toBe(
      'Overdue₦10,763.552 distributors past due',
    );

    const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    expect(href).toBe(`/api/reports/ageing.csv?asOf=${today}`);
    const csv = (await (await page.request.get(href ?? '')).text())
      .replace(/^\ufeff/, '')
      .trim()
      .split(/\r?\n/);
    expect(csv).toEqual([
      'Distributor,Credit Limit,Terms (days),Current,1–30 days,31–60 days,61–90 days,Over 90 days,Overdue,Balance,Oldest Due,Days Overdue',
      `${TERMS},12000.00,14,5125.50,4100.40,3075.30,2050.20,0.00,9225.90,14351.40,${daysAgo(86)},86`,
      `${CASH},,,1025.10,0.00,0.00,0.00,1537.65,1537.65,2562.75,${daysAgo(120)},120`,
      `Total,,,6150.60,4100.40,3075.30,2050.20,1537.65,10763.55,16914.15,${daysAgo(120)},120`,
    ]);
    await screenshot(page, 'ageing-report-1280');
    await expectNoSeriousAxeViolations(page, 'the ageing tab at 1280 px');
  });

  test('a payment recorded on Distributors moves the buckets on the tab and the dashboard', async () => {
    await goThroughSidebar(page, 'Distributors', 'Distributor Management');
    await page
      .getByTestId('distributor-card')
      .filter({ hasText: TERMS })
      .getByRole('button', { name: 'Record Payment' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Record Payment' });
    await dialog.getByLabel('Amount (₦)').fill('2500');
    await dialog.getByRole('button', { name: 'Record Payment' }).click();
    const toast = page
      .locator('.mantine-Notification-root')
      .filter({ hasText: 'Payment Recorded' });
    await toast.waitFor();
    // Followed by its receipt number, which is not this test's business.
    expect(await toast.textContent()).toContain(`₦2,500.00 from ${TERMS}`);
    await dismissToast(toast);

    await openAgeingTab(page);
    await expect
      .poll(() => cellsOf(ageingRows(page).first()))
      .toEqual([
        `${TERMS}Limit ₦12,000.00 · due in 14 days`,
        ...after.mamaTunde,
        '₦11,851.40',
        `${formatCalendarDate(daysAgo(36))}36 days overdue`,
      ]);
    expect((await cellsOf(page.getByTestId('ageing-total'))).slice(1, 7)).toEqual(after.totals);

    // The dashboard's answer was read before the payment: it is read again, not kept.
    await goThroughSidebar(page, 'Dashboard');
    const card = statCard(page, 'Overdue');
    await expect
      .poll(() => card.getByTestId('overdue-distributor').allTextContents())
      .toEqual([`${TERMS}36 days overdue₦6,725.90`, `${CASH}120 days overdue₦1,537.65`]);
    expect(await card.getByText('₦8,263.55').count()).toBe(1);
  });

  test("the dashboard's link opens the statement, with the buckets under the closing balance", async () => {
    await page.getByRole('link', { name: `Statement of ${TERMS}` }).click();
    await waitForPageTitle(page, 'Distributor Statement');
    const block = statementAgeing(page);
    await expect
      .poll(() => block.locator('p').allTextContents())
      .toEqual([
        `Owed by days past due on ${formatDate(today)}`,
        `Terms: 14 days · Oldest due ${formatDate(daysAgo(36))}, 36 days overdue`,
        ...['Current', '1–30 days', '31–60 days', '61–90 days', 'Over 90 days', 'Overdue'].flatMap(
          (bucket, index) => [bucket, after.mamaTunde[index]],
        ),
      ]);
    await screenshot(page, 'ageing-statement-1280');
    // Printed, the buckets stay under the closing balance.
    await page.emulateMedia({ media: 'print' });
    expect(await block.isVisible()).toBe(true);
    await screenshot(page, 'ageing-statement-print');
    await page.emulateMedia({ media: 'screen' });
  });

  test('a user who may not read Distributors has no Ageing tab nor Overdue card', async () => {
    await createUserWithRights(page, READER, 'Sales Readers', [
      { module: 'sales', canRead: true, canWrite: false, canDelete: false },
    ]);
    const reader = await signedIn.freshPage();
    await signInThroughApi(reader, READER);
    await reader.goto('/');
    await statCard(reader, "Today's Sales").waitFor();
    expect(await statCard(reader, 'Overdue').count()).toBe(0);
    await goThroughSidebar(reader, 'Reports', 'Reports & Analytics');
    await reader.getByRole('tab').first().waitFor();
    expect(await reader.getByRole('tab', { name: 'Ageing' }).count()).toBe(0);
  });

  test('works at phone width: a card per distributor, every figure on screen', async () => {
    const small = await signedIn.freshPage(PHONE);
    await signInThroughApi(small, OWNER);
    await small.goto('/');
    await waitForPageTitle(small, 'Dashboard');
    await statCard(small, 'Overdue').getByText('₦8,263.55').waitFor();
    await screenshot(small, 'ageing-dashboard-360');

    await openAgeingTab(small);
    await expectCellsOnScreen(
      small.getByTestId('ageing-report').locator('tbody, tfoot'),
      PHONE.width,
    );
    expect(await tileLabels(ageingRows(small).nth(1))).toEqual([
      expect.any(String),
      '"Current"',
      '"1–30 days"',
      '"31–60 days"',
      '"61–90 days"',
      '"Over 90 days"',
      '"Overdue"',
      '"Balance"',
      '"Oldest due"',
    ]);
    expect(await cellsOf(ageingRows(small).nth(1))).toEqual(cashRow);
    await screenshot(small, 'ageing-report-360');
    await expectNoSeriousAxeViolations(small, 'the ageing tab at 360 px');
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );

    await ageingRows(small).first().getByRole('link', { name: TERMS }).click();
    await waitForPageTitle(small, 'Distributor Statement');
    await statementAgeing(small).getByText('₦6,725.90').waitFor();
    await screenshot(small, 'ageing-statement-360');
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
  });

  test('a long list shows 50 distributors at a time over the total of all', async () => {
    // 49 more owing one loaf each since today: nothing overdue, so after the two above, by name.
    for (let n = 1; n <= 49; n += 1) {
      const shop = await postOk(page, '/api/distributors', {
        name: `Kiosk ${String(n).padStart(2, '0')}`,
        address: 'Yaba, Lagos',
        phone: '0803 222 1111',
      });
      await postOk(page, '/api/sales-transactions', {
        distributorId: shop.id,
        recipeName: 'Agege Bread',
        loavesTaken: 1,
        pricePerLoaf: PRICE,
      });
    }
    await openAgeingTab(page);
    const rows = ageingRows(page);
    await expect.poll(() => rows.count()).toBe(50);
    expect(await page.getByTestId('ageing-pager').textContent()).toContain('50 of 51 distributors');
    expect(await cellsOf(rows.nth(49))).toContain('Kiosk 48No credit limit · due the day of sale');
    // Current gains 49 × ₦512.55 = ₦25,114.95.
    expect(await cellsOf(page.getByTestId('ageing-total'))).toEqual([
      'Total',
      '₦31,265.55',
      ...after.totals.slice(1),
      '₦39,529.10',
      `${formatCalendarDate(daysAgo(120))}120 days overdue`,
    ]);
    await page.getByRole('button', { name: 'Show more distributors' }).click();
    await expect.poll(() => rows.count()).toBe(51);
    expect(await cellsOf(rows.nth(50))).toContain('Kiosk 49No credit limit · due the day of sale');
    expect(await page.getByTestId('ageing-pager').count()).toBe(0);
  });
});
