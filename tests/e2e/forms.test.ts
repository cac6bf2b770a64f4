import type { Browser, Page } from 'playwright-core';
import { afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { newPage, PHONE, screenshot } from '../support/browser';
import { lagosDate } from '../support/fixtures';
import { setUpSignedInPage } from '../support/signed-in-page';
import {
  bakeAgegeBread,
  choose,
  dismissToast,
  expectToast,
  fieldError,
  mainNavigation,
  postOk,
  signInThroughApi,
  statCard,
  type TestUser,
  waitForPageTitle,
} from './helpers';

const OWNER: TestUser = {
  username: 'forms_owner',
  email: 'forms@bakery.ng',
  password: 'bread-van-2026',
  firstName: 'Bisi',
  lastName: 'Ade',
};

const DISTRIBUTOR = 'Iya Basira Stores';

/** Opens a page through the sidebar, as a person does. */
async function openFromSidebar(page: Page, name: string): Promise<void> {
  await mainNavigation(page).getByRole('link', { name, exact: true }).click();
  await waitForPageTitle(page, TITLES[name] ?? name);
}

const TITLES: Record<string, string> = {
  Sales: 'Sales Management',
  Distributors: 'Distributor Management',
};

/** The same dialog at phone width, for a person to look at. */
async function phoneShot(
  browser: Browser,
  baseUrl: string,
  name: string,
  open: (page: Page) => Promise<void>,
) {
  const phone = await newPage(browser, baseUrl, { ...PHONE, width: 360 });
  try {
    await signInThroughApi(phone.page, OWNER);
    await phone.page.goto('/');
    await open(phone.page);
    await shot(phone.page, `${name}-360`);
  } finally {
    await phone.context.close();
  }
}

/** A screenshot once a dialog's opening transition is over. */
async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  await screenshot(page, name);
}

/** Yesterday in Lagos as yyyy-MM-dd. */
function lagosYesterday(): string {
  return lagosDate(new Date(Date.now() - 24 * 60 * 60 * 1000));
}

describe('forms keep what was typed and catch slips', () => {
  const signedIn = setUpSignedInPage(OWNER);
  let page: Page;

  beforeAll(async () => {
    page = signedIn.page;
    page.setDefaultTimeout(10_000);
    await page.goto('/');
  });

  // A test that failed halfway leaves its dialog open; the next starts from the page.
  beforeEach(async () => {
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });

  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await shot(page, `forms-failed-${task.name.slice(0, 30)}`);
  });

  test('Production History shows an average batch size of 0 when no batch is complete', async () => {
    await openFromSidebar(page, 'Production History');
    const card = statCard(page, 'Average Batch Size');
    await card.getByText('0', { exact: true }).waitFor();
    expect(await card.textContent()).not.toContain('kg');
    await shot(page, 'forms-history-average-1280');
    await phoneShot(signedIn.browser, signedIn.web.baseUrl, 'forms-history-average', (phone) =>
      openFromSidebarOnPhone(phone, 'Production History'),
    );
  });

  test('Record Sale keeps a decimal in Loaves Taken and refuses it: Whole loaves only', async () => {
    await bakeAgegeBread(page, { flourKg: 20, loaves: 100 });
    await postOk(page, '/api/distributors', {
      name: DISTRIBUTOR,
      address: '3 Oshodi Road, Lagos',
      phone: '0803 555 0101',
    });
    await openFromSidebar(page, 'Sales');
    await page.getByRole('button', { name: 'Record Sale' }).click();
    const dialog = page.getByRole('dialog');
    await choose(page, dialog.getByLabel('Distributor', { exact: true }), DISTRIBUTOR);
    await choose(
      page,
      dialog.getByLabel('Bread Type', { exact: true }),
      'Agege Bread (100 available)',
    );
    const loaves = dialog.getByLabel('Loaves Taken');
    await loaves.fill('');
    await loaves.pressSequentially('2.5');
    expect(await loaves.inputValue()).toBe('2.5');
    await dialog.getByRole('button', { name: 'Record Sale' }).click();
    expect(await fieldError(page, 'Loaves Taken')).toBe('Whole loaves only');
    await shot(page, 'forms-sale-whole-loaves-1280');
  });

  test('Amount Paid above the sale asks before keeping the rest as credit', async () => {
    const dialog = await openRecordSale(page);
    await dialog.getByLabel('Loaves Taken').fill('6');
    await dialog.getByLabel('Price per Loaf (₦)').fill('350');
    await dialog.getByLabel('Amount Paid (₦)').fill('50000');
    await dialog.getByRole('button', { name: 'Record Sale' }).click();
    const ask = page.getByRole('dialog', { name: 'Paid more than the sale' });
    await ask.getByText('Paid is ₦47,900.00 more than this sale: keep it as credit?').waitFor();
    await shot(page, 'forms-sale-overpaid-1280');
    await ask.getByRole('button', { name: 'Change amount' }).click();
    await ask.waitFor({ state: 'detached' });
    const paid = dialog.getByLabel('Amount Paid (₦)');
    expect(await paid.inputValue()).toBe('50,000');
    await expect.poll(() => paid.evaluate((input) => input === document.activeElement)).toBe(true);

    await dialog.getByRole('button', { name: 'Record Sale' }).click();
    await page
      .getByRole('dialog', { name: 'Paid more than the sale' })
      .getByRole('button', { name: 'Keep as credit' })
      .click();
    await dismissToast(
      await expectToast(page, 'Sale Recorded', `6 loaves of Agege Bread to ${DISTRIBUTOR}`),
    );
  });

  test('a sale of one loaf says 1 loaf', async () => {
    const dialog = await openRecordSale(page);
    await dialog.getByLabel('Loaves Taken').fill('1');
    await dialog.getByLabel('Price per Loaf (₦)').fill('350');
    await dialog.getByRole('button', { name: 'Record Sale' }).click();
    await dismissToast(
      await expectToast(page, 'Sale Recorded', `1 loaf of Agege Bread to ${DISTRIBUTOR}`),
    );
    await phoneShot(
      signedIn.browser,
      signedIn.web.baseUrl,
      'forms-sale-overpaid',
      async (phone) => {
        await openFromSidebarOnPhone(phone, 'Sales');
        const form = await openRecordSale(phone);
        await form.getByLabel('Loaves Taken').fill('2.5');
        await form.getByRole('button', { name: 'Record Sale' }).click();
        await form.getByText('Whole loaves only').waitFor();
        await shot(phone, 'forms-sale-whole-loaves-360');
        await form.getByLabel('Loaves Taken').fill('6');
        await form.getByLabel('Price per Loaf (₦)').fill('350');
        await form.getByLabel('Amount Paid (₦)').fill('50000');
        await form.getByRole('button', { name: 'Record Sale' }).click();
        await phone.getByRole('dialog', { name: 'Paid more than the sale' }).waitFor();
      },
    );
  });

  test('Record Payment of ₦0.001 says the least is ₦0.01', async () => {
    await openFromSidebar(page, 'Distributors');
    await page
      .getByTestId('distributor-card')
      .filter({ hasText: DISTRIBUTOR })
      .getByRole('button', { name: 'Record Payment' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Record Payment' });
    const amount = dialog.getByLabel('Amount (₦)');
    await amount.fill('0.001');
    expect(await amount.inputValue()).toBe('0.001');
    await dialog.getByRole('button', { name: 'Record Payment' }).click();
    expect(await fieldError(page, 'Amount (₦)')).toBe('Amount must be at least ₦0.01');
    await shot(page, 'forms-payment-1280');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await phoneShot(signedIn.browser, signedIn.web.baseUrl, 'forms-payment', async (phone) => {
      await openFromSidebarOnPhone(phone, 'Distributors');
      await phone
        .getByTestId('distributor-card')
        .filter({ hasText: DISTRIBUTOR })
        .getByRole('button', { name: 'Record Payment' })
        .click();
      const form = phone.getByRole('dialog', { name: 'Record Payment' });
      await form.getByLabel('Amount (₦)').fill('0.001');
      await form.getByRole('button', { name: 'Record Payment' }).click();
      await form.getByText('Amount must be at least ₦0.01').waitFor();
    });
  });

  test('Add Item keeps a minus in Current Stock and refuses it; a second Flour is refused', async () => {
    await openFromSidebar(page, 'Inventory');
    await page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Item' });
    await dialog.getByLabel('Item Name').fill('  flour ');
    const stock = dialog.getByLabel('Current Stock');
    await stock.fill('');
    await stock.pressSequentially('-5');
    expect(await stock.inputValue()).toBe('-5');
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    expect(await fieldError(page, 'Current Stock')).toBe('Current stock cannot be negative');

    await stock.fill('5');
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    await expect
      .poll(() => fieldError(page, 'Item Name'))
      .toBe('An item named Flour already exists');
    await shot(page, 'forms-item-1280');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await phoneShot(signedIn.browser, signedIn.web.baseUrl, 'forms-item', async (phone) => {
      await openFromSidebarOnPhone(phone, 'Inventory');
      await phone.getByRole('button', { name: 'Add Item' }).click();
      const form = phone.getByRole('dialog', { name: 'Add Item' });
      await form.getByLabel('Item Name').fill('Flour');
      await form.getByLabel('Current Stock').fill('5');
      await form.getByRole('button', { name: 'Add Item' }).click();
      await form.getByText('An item named Flour already exists').waitFor();
    });
  });

  test('Create Order: a missing quantity, a far-off price and a past delivery date', async () => {
    await openFromSidebar(page, 'Purchase Orders');
    await page.getByRole('button', { name: 'Create Order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Purchase Order' });
    await dialog.getByLabel('Supplier', { exact: true }).fill('Golden Penny Mills');
    await choose(page, dialog.getByLabel('Item', { exact: true }), 'Flour (kg)');
    await dialog.getByLabel('Expected Delivery (Optional)').fill(lagosYesterday());
    await dialog.getByRole('button', { name: 'Create Order' }).click();
    const line = dialog.getByTestId('order-line');
    expect(await line.textContent()).toContain('Quantity is required');
    expect(await fieldError(page, 'Expected Delivery (Optional)')).toBe(
      'Expected delivery cannot be in the past',
    );

    // Flour costs ₦800 a kg; ₦50,000 a kg is beyond 3 times that.
    await dialog.getByLabel('Quantity (kg)').fill('10');
    await dialog.getByLabel('Total Cost (₦)').fill('500000');
    await line
      .getByText('₦50,000.00 per kg is far above the usual ₦800.00: check the total')
      .waitFor();
    await shot(page, 'forms-order-1280');
    await dialog.getByLabel('Total Cost (₦)').fill('9000');
    await line.getByText(/far above the usual/).waitFor({ state: 'detached' });
    await dialog.getByLabel('Expected Delivery (Optional)').fill('');
    await dialog.getByLabel('Total Cost (₦)').fill('500000');
    await dialog.getByRole('button', { name: 'Create Order' }).click();
    // Still allowed: the warning asks for a second look, it does not refuse.
    await page.locator('.mantine-Notification-root').filter({ hasText: 'Order Created' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await phoneShot(signedIn.browser, signedIn.web.baseUrl, 'forms-order', async (phone) => {
      await openFromSidebarOnPhone(phone, 'Purchase Orders');
      await phone.getByRole('button', { name: 'Create Order' }).click();
      const form = phone.getByRole('dialog', { name: 'Create Purchase Order' });
      await choose(phone, form.getByLabel('Item', { exact: true }), 'Flour (kg)');
      await form.getByLabel('Quantity (kg)').fill('10');
      await form.getByLabel('Total Cost (₦)').fill('500000');
      await form.getByLabel('Expected Delivery (Optional)').fill(lagosYesterday());
      await form.getByRole('button', { name: 'Create Order' }).click();
      await form.getByText('Expected delivery cannot be in the past').waitFor();
    });
  });

  test('cancelling a batch offers Keep batch and Cancel batch', async () => {
    const recipes = await (await page.request.get('/api/recipes')).json();
    await postOk(page, '/api/production-batches', { recipeId: recipes[0].id, flourKg: 1 });
    await openFromSidebar(page, 'Production');
    await page
      .getByTestId('batch-card')
      .filter({ hasText: 'Planned' })
      .getByRole('button', { name: 'Cancel' })
      .click();
    const ask = page.getByRole('dialog', { name: 'Cancel batch' });
    await ask.getByRole('button', { name: 'Keep batch' }).waitFor();
    expect(await ask.getByRole('button').allTextContents()).toEqual(
      expect.arrayContaining(['Keep batch', 'Cancel batch']),
    );
    expect(await ask.getByRole('button', { name: 'Cancel', exact: true }).count()).toBe(0);
    await shot(page, 'forms-cancel-batch-1280');
    await ask.getByRole('button', { name: 'Keep batch' }).click();
    await ask.waitFor({ state: 'detached' });
    await page.getByTestId('batch-card').filter({ hasText: 'Planned' }).waitFor();
    await phoneShot(signedIn.browser, signedIn.web.baseUrl, 'forms-cancel-batch', async (phone) => {
      await openFromSidebarOnPhone(phone, 'Production');
      await phone
        .getByTestId('batch-card')
        .filter({ hasText: 'Planned' })
        .getByRole('button', { name: 'Cancel' })
        .click();
      await phone.getByRole('dialog', { name: 'Cancel batch' }).waitFor();
    });
  });

  test('the Recipes note is true: per each base when a recipe is not on 1 kg', async () => {
    await openFromSidebar(page, 'Recipes');
    const total = statCard(page, 'Total Recipes');
    await total.getByText('All recipes based on 1kg flour').waitFor();

    const flour = (await (await page.request.get('/api/inventory')).json()).find(
      (item: { name: string }) => item.name === 'Flour',
    );
    await postOk(page, '/api/recipes', {
      name: 'Sack Bread',
      baseFlourKg: 50,
      ingredients: [{ itemId: flour.id, quantity: 50, unit: 'kg' }],
    });
    await page.reload();
    await total.getByText("Quantities are per each recipe's base flour").waitFor();
    expect(await total.textContent()).not.toContain('All recipes based on 1kg flour');
    await shot(page, 'forms-recipes-note-1280');
    await phoneShot(signedIn.browser, signedIn.web.baseUrl, 'forms-recipes-note', (phone) =>
      openFromSidebarOnPhone(phone, 'Recipes'),
    );
  });
});

/** Record Sale on the Sales page, with the distributor and Agege Bread chosen. */
async function openRecordSale(page: Page) {
  await page.getByRole('button', { name: 'Record Sale' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record Sale' });
  await choose(page, dialog.getByLabel('Distributor', { exact: true }), DISTRIBUTOR);
  await dialog.getByLabel('Bread Type', { exact: true }).click();
  await page.getByRole('option', { name: /^Agege Bread/ }).click();
  return dialog;
}

/** At phone width the sidebar sits behind the header's menu button. */
async function openFromSidebarOnPhone(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await openFromSidebar(page, name);
}
