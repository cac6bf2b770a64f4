import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { newPage, PHONE, screenshot } from '../support/browser';
import { setUpSignedInPage } from '../support/signed-in-page';
import {
  bakeAgegeBread,
  choose,
  dismissToast,
  expectToast,
  fieldError,
  mainNavigation,
  navEntryNames,
  signInThroughApi,
  statCard,
  type TestUser,
} from './helpers';

const OWNER: TestUser = {
  username: 'sales_admin',
  email: 'sales@bakery.ng',
  password: 'bread-van-2026',
  firstName: 'Ngozi',
  lastName: 'Eze',
};

const DISTRIBUTOR = 'Mama Nkechi Stores';

const card = (page: Page, name: string) =>
  page.getByTestId('distributor-card').filter({ hasText: name });

/** The figure under a label on a distributor card. */
async function figure(page: Page, name: string, label: string): Promise<string> {
  const text = await card(page, name).getByText(label, { exact: true }).locator('..').textContent();
  return (text ?? '').replace(label, '');
}

describe('sales, distributors and statements', () => {
  const signedIn = setUpSignedInPage(OWNER);
  let page: Page;
  let distributorUrl = '';

  beforeAll(async () => {
    page = signedIn.page;
    // 100 loaves of Agege Bread from one completed batch.
    await bakeAgegeBread(page, { flourKg: 20, loaves: 100 });
  });

  test('Add Distributor asks for name, address and phone, then shows the card at ₦0.00', async () => {
    await page.goto('/distributors');
    await page.getByText('No distributors added yet').waitFor();
    await page.getByRole('button', { name: 'Add Distributor' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Add Distributor' }).click();
    expect(await fieldError(page, 'Name')).toBe('Name is required');
    expect(await fieldError(page, 'Address')).toBe('Address is required');
    expect(await fieldError(page, 'Phone')).toBe('Phone is required');

    await dialog.getByLabel('Name').fill(DISTRIBUTOR);
    await dialog.getByLabel('Address').fill('12 Market Road, Aba');
    await dialog.getByLabel('Phone').fill('0803 123 4567');
    await dialog.getByRole('button', { name: 'Add Distributor' }).click();
    await dismissToast(await expectToast(page, 'Distributor Added', `${DISTRIBUTOR} was added`));
    await card(page, DISTRIBUTOR).waitFor();
    expect(await figure(page, DISTRIBUTOR, 'Balance')).toBe('₦0.00');
    expect(await card(page, DISTRIBUTOR).textContent()).toContain('0803 123 4567');
  });

  test('the Sales page shows the loaves of the completed batch and no sales yet', async () => {
    await page.goto('/sales');
    await page.getByText('No sales transactions yet').waitFor();
    await statCard(page, 'Available Loaves').first().getByText('100', { exact: true }).waitFor();
    expect(await statCard(page, 'Total Sold').textContent()).toContain('0');
    const loaves = page.getByTestId('available-loaves');
    expect(await loaves.textContent()).toBe('Agege BreadFrom 1 batch100 loaves');
  });

  test('Record Sale checks the loaves and price, then records the sale exactly', async () => {
    await page.getByRole('button', { name: 'Record Sale' }).click();
    const dialog = page.getByRole('dialog');
    await choose(page, dialog.getByLabel('Distributor', { exact: true }), DISTRIBUTOR);
    await choose(
      page,
      dialog.getByLabel('Bread Type', { exact: true }),
      'Agege Bread (100 available)',
    );
    await dialog.getByLabel('Loaves Taken').fill('0');
    await dialog.getByLabel('Price per Loaf (₦)').fill('-1');
    await dialog.getByRole('button', { name: 'Record Sale' }).click();
    expect(await fieldError(page, 'Loaves Taken')).toBe('Must take at least 1 loaf');
    expect(await fieldError(page, 'Price per Loaf (₦)')).toBe('Price cannot be negative');

    await dialog.getByLabel('Loaves Taken').fill('30');
    await dialog.getByLabel('Price per Loaf (₦)').fill('350.10');
    await dialog.getByLabel('Amount Paid (₦)').fill('5000');
    // 30 × ₦350.10 is ₦10,503.00 exactly.
    await dialog.getByTestId('sale-value').getByText('₦10,503.00').waitFor();
    await dialog.getByRole('button', { name: 'Record Sale' }).click();
    await dismissToast(
      await expectToast(page, 'Sale Recorded', `30 loaves of Agege Bread to ${DISTRIBUTOR}`),
    );
    const sale = page.getByTestId('recent-sale');
    await sale.waitFor();
    const text = await sale.textContent();
    expect(text).toContain(DISTRIBUTOR);
    expect(text).toContain('₦10,503.00');
    expect(text).toContain('Paid ₦5,000.00');
    await statCard(page, 'Total Sold').getByText('30', { exact: true }).waitFor();
    expect(await statCard(page, 'Sales Transactions').textContent()).toContain('1');
    expect(await page.getByTestId('available-loaves').textContent()).toContain('70 loaves');
    await screenshot(page, 'e2e-sales-desktop');
  });

  test('selling more loaves than are left is refused with the number left', async () => {
    await page.getByRole('button', { name: 'Record Sale' }).click();
    const dialog = page.getByRole('dialog');
    await choose(page, dialog.getByLabel('Distributor', { exact: true }), DISTRIBUTOR);
    await choose(
      page,
      dialog.getByLabel('Bread Type', { exact: true }),
      'Agege Bread (70 available)',
    );
    await dialog.getByLabel('Loaves Taken').fill('71');
    await dialog.getByLabel('Price per Loaf (₦)').fill('350');
    await dialog.getByRole('button', { name: 'Record Sale' }).click();
    await dismissToast(
      await expectToast(page, 'Error', 'Only 70 loaves of Agege Bread are available'),
    );
    expect(await fieldError(page, 'Loaves Taken')).toBe(
      'Only 70 loaves of Agege Bread are available',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  test('a payment and a return bring the balance down to the kobo', async () => {
    await page.goto('/distributors');
    await card(page, DISTRIBUTOR).waitFor();
    expect(await figure(page, DISTRIBUTOR, 'Total Owed')).toBe('₦10,503.00');
    expect(await figure(page, DISTRIBUTOR, 'Balance')).toBe('₦5,503.00');

    await card(page, DISTRIBUTOR).getByRole('button', { name: 'Record Payment' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Amount (₦)').fill('0');
    await dialog.getByRole('button', { name: 'Record Payment' }).click();
    expect(await fieldError(page, 'Amount (₦)')).toBe('Payment amount must be greater than 0');
    await dialog.getByLabel('Amount (₦)').fill('2000');
    await choose(page, dialog.getByLabel('Payment Method', { exact: true }), 'Bank Transfer');
    await dialog.getByRole('button', { name: 'Record Payment' }).click();
    await dismissToast(
      await expectToast(
        page,
        'Payment Recorded',
        `₦2,000.00 from ${DISTRIBUTOR} · Receipt RCT-000001`,
      ),
    );

    await card(page, DISTRIBUTOR).getByRole('button', { name: 'Record Return' }).click();
    const returns = page.getByRole('dialog');
    await choose(page, returns.getByLabel('Bread Type', { exact: true }), 'Agege Bread (up to 30)');
    // The price the distributor last paid is offered, and the most it paid is the limit.
    expect(await returns.getByLabel('Price per Loaf (₦)').inputValue()).toBe('350.1');
    await returns.getByText('At most ₦350.10', { exact: true }).waitFor();
    await returns.getByLabel('Loaves Returned').fill('2');
    await returns.getByLabel('Price per Loaf (₦)').fill('5000');
    await returns.getByRole('button', { name: 'Record Return' }).click();
    expect(await fieldError(page, 'Price per Loaf (₦)')).toBe(
      'Price per loaf cannot be more than ₦350.10, the most this distributor paid for Agege Bread',
    );
    await screenshot(page, 'e2e-return-limit-desktop');
    await returns.getByLabel('Price per Loaf (₦)').fill('350.10');
    await returns.getByTestId('return-credit').getByText('₦700.20').waitFor();
    await returns.getByRole('button', { name: 'Record Return' }).click();
    await dismissToast(
      await expectToast(page, 'Return Recorded', `2 loaves of Agege Bread from ${DISTRIBUTOR}`),
    );

    // ₦10,503.00 − ₦5,000.00 − ₦2,000.00 − ₦700.20
    await expect.poll(() => figure(page, DISTRIBUTOR, 'Balance')).toBe('₦2,802.80');
    expect(await figure(page, DISTRIBUTOR, 'Total Paid')).toBe('₦7,000.00');
    expect(await figure(page, DISTRIBUTOR, 'Total Returns')).toBe('₦700.20');
    await screenshot(page, 'e2e-distributors-desktop');
  });

  test('the statement lists the three records and closes at the card’s balance', async () => {
    await card(page, DISTRIBUTOR).getByRole('link', { name: 'Statement' }).click();
    await page.waitForURL('**/statement');
    distributorUrl = new URL(page.url()).pathname;
    const lines = page.getByTestId('statement-line');
    await expect.poll(() => lines.count()).toBe(3);
    const texts = await lines.allTextContents();
    expect(texts[0]).toContain('Sale: 30 × Agege Bread at ₦350.10, ₦5,000.00 paid');
    expect(texts[0]).toContain('₦5,503.00');
    expect(texts[1]).toContain('Payment: Payment by Bank Transfer');
    expect(texts[1]).toContain('₦3,503.00');
    expect(texts[2]).toContain('Return: 2 × Agege Bread returned (Spoiled)');
    expect(await page.getByTestId('closing-balance').textContent()).toBe('₦2,802.80');

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download CSV' }).click();
    const file = await (await download).path();
    const csv = await readFile(file, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('\ufeffDate,Type,Description,Charge,Credit,Balance');
    expect(csv).toContain(',,Closing balance,10503.00,7700.20,2802.80');
    await screenshot(page, 'e2e-statement-desktop');
  });

  test('printing the statement leaves out the sidebar, header and buttons', async () => {
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.mantine-AppShell-navbar').isVisible()).toBe(false);
    expect(await page.locator('.mantine-AppShell-header').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await page.getByTestId('closing-balance').isVisible()).toBe(true);
    await screenshot(page, 'e2e-statement-print');
    await page.emulateMedia({ media: 'screen' });
  });

  test('Delete archives a distributor with records; Show Archived and Unarchive bring it back', async () => {
    await page.goto('/distributors');
    await card(page, DISTRIBUTOR).getByRole('button', { name: 'Delete / Archive' }).click();
    const confirm = page.getByRole('dialog');
    await confirm
      .getByText(
        'Are you sure you want to delete/archive this distributor? This action cannot be undone.',
      )
      .waitFor();
    await confirm.getByRole('button', { name: 'Delete / Archive' }).click();
    await dismissToast(
      await expectToast(
        page,
        'Distributor Archived',
        `${DISTRIBUTOR} has sales, payments, returns, prices or orders, so it was archived instead of deleted`,
      ),
    );
    await page.getByText('No distributors added yet').waitFor();

    await page.getByLabel('Show Archived').check();
    await card(page, DISTRIBUTOR).getByText('ARCHIVED').waitFor();
    await card(page, DISTRIBUTOR).getByRole('button', { name: 'Unarchive' }).click();
    await page
      .getByRole('dialog')
      .getByText(
        'Are you sure you want to unarchive this distributor? This will restore it to the active list.',
      )
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Unarchive' }).click();
    await dismissToast(
      await expectToast(
        page,
        'Distributor Unarchived',
        `${DISTRIBUTOR} is back on the active list`,
      ),
    );
    await page.getByLabel('Show Archived').uncheck();
    await card(page, DISTRIBUTOR).waitFor();
    expect(await card(page, DISTRIBUTOR).getByText('ARCHIVED').count()).toBe(0);
  });

  test('Delete removes a distributor with no records for good', async () => {
    const reply = await page.request.post('/api/distributors', {
      data: { name: 'Idle Kiosk', address: 'Yaba', phone: '0701 222 3333' },
    });
    expect(reply.status()).toBe(201);
    await page.reload();
    await card(page, 'Idle Kiosk').getByRole('button', { name: 'Delete / Archive' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete / Archive' }).click();
    await dismissToast(await expectToast(page, 'Distributor Deleted', 'Idle Kiosk was deleted'));
    await page.getByLabel('Show Archived').check();
    await card(page, DISTRIBUTOR).waitFor();
    expect(await card(page, 'Idle Kiosk').count()).toBe(0);
  });

  test('a user who may only read and record sales records one from the sidebar', async () => {
    const role = await page.request.post('/api/admin/roles', { data: { name: 'Van Sellers' } });
    const roleId = (await role.json()).id;
    const rights = await page.request.put(`/api/admin/roles/${roleId}/permissions`, {
      data: { permissions: [{ module: 'sales', canRead: true, canWrite: true, canDelete: false }] },
    });
    expect(rights.status()).toBe(200);
    const seller = { username: 'van_seller', email: 'van@bakery.ng', password: 'van-seller-1' };
    const created = await page.request.post('/api/admin/users', {
      data: { ...seller, firstName: 'Emeka', lastName: 'Van', roleId },
    });
    expect(created.status()).toBe(201);

    const own = await newPage(signedIn.browser, signedIn.web.baseUrl);
    await signInThroughApi(own.page, seller);
    await own.page.goto('/');
    const nav = mainNavigation(own.page);
    const sales = nav.getByRole('link', { name: 'Sales' });
    await sales.waitFor();
    expect(await navEntryNames(nav)).toEqual([
      'Dashboard',
      'Sales',
      'Prices',
      'Orders',
      'Dispatch',
      'Settlement',
      'Waste',
      'Reports',
    ]);
    await sales.click();
    await own.page.getByRole('button', { name: 'Record Sale' }).click();
    const dialog = own.page.getByRole('dialog');
    await choose(own.page, dialog.getByLabel('Distributor', { exact: true }), DISTRIBUTOR);
    await choose(
      own.page,
      dialog.getByLabel('Bread Type', { exact: true }),
      'Agege Bread (70 available)',
    );
    await dialog.getByLabel('Loaves Taken').fill('5');
    await dialog.getByLabel('Price per Loaf (₦)').fill('400');
    await dialog.getByRole('button', { name: 'Record Sale' }).click();
    await dismissToast(
      await expectToast(own.page, 'Sale Recorded', `5 loaves of Agege Bread to ${DISTRIBUTOR}`),
    );
    await own.page.getByTestId('available-loaves').getByText('65 loaves').waitFor();
    await own.context.close();
  });

  test('on a phone the pages and the statement fit the screen', async () => {
    const phone = await newPage(signedIn.browser, signedIn.web.baseUrl, PHONE);
    await signInThroughApi(phone.page, OWNER);
    for (const [path, testId] of [
      ['/sales', 'recent-sale'],
      ['/distributors', 'distributor-card'],
      [distributorUrl, 'statement-card'],
    ] as const) {
      await phone.page.goto(path);
      await phone.page.getByTestId(testId).first().waitFor();
      const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(PHONE.width);
      await screenshot(phone.page, `e2e-${path.split('/').pop()}-phone`);
    }
    await phone.context.close();
  });
});
