import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addDays } from '../../src/domain/orders';
import { zonedMidnight } from '../../src/domain/time';
import { formatDate } from '../../src/web/components/format';
import { DESKTOP, launchBrowser, newPage, screenshot, startWebApp } from '../support/browser';
import { testClock } from '../support/clock';
import { lagosDate } from '../support/fixtures';
import {
  choose,
  dismissToast,
  expectToast,
  goThroughSidebar,
  postOk,
  registerThroughApi,
  signInThroughApi,
  signInThroughForm,
  statCard,
  type TestUser,
} from './helpers';

/**
 * Issue 18's day, walked through the sidebar as the owner does it: the day
 * before (prices, standing orders, tomorrow's plan, the flour ordered and
 * received, the batches), on the app's clock; then the day itself, the real
 * today (baking, dispatch with one distributor short, a settlement, the
 * statement and the reports), as sales are stamped by the database's clock.
 */

const OWNER: TestUser = {
  username: 'wholesale_owner',
  email: 'owner@agege-bakery.ng',
  password: 'whole-day-2026',
  firstName: 'Funke',
  lastName: 'Akindele',
};
const OWN_PRICE = 'Adunni Stores';
const FULL = 'Bode Ventures';
const SHORT = 'Chika Foods';
const ORDERED: Record<string, number> = { [OWN_PRICE]: 40, [FULL]: 36, [SHORT]: 24 };

const HOUR = 60 * 60 * 1000;
const TODAY = lagosDate(new Date());
const DAY_BEFORE = addDays(TODAY, -1);
/** 09:00 in Lagos the day before: tomorrow's orders are still open (cut-off 18:00). */
const MORNING_BEFORE = (() => {
  const [year, month, day] = DAY_BEFORE.split('-').map(Number) as [number, number, number];
  return zonedMidnight(year, month, day, 'Africa/Lagos').getTime() + 9 * HOUR;
})();

const WIDTHS = [
  { label: '1280', viewport: DESKTOP },
  { label: '360', viewport: { width: 360, height: 800 } },
];

const cellsOf = async (row: Locator) =>
  (await row.getByRole('cell').allTextContents()).map((text) => text.trim());
const tableRow = (page: Page, table: string, name: string) =>
  page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: name });

/** Flour (short for tomorrow), yeast, the recipe with its yield and three distributors. */
async function openTheBakery(page: Page) {
  const item = (name: string, currentStock: number, unitCost: number, supplier: string) =>
    postOk(page, '/api/inventory', {
      name,
      category: 'ingredients',
      unit: 'kg',
      currentStock,
      minStock: 0,
      unitCost,
      supplier,
    });
  const flour = await item('Flour', 10, 800, 'Golden Penny Mills');
  const yeast = await item('Yeast', 1, 6000, 'Lagos Bakery Supplies');
  await postOk(page, '/api/recipes', {
    name: 'Agege Bread',
    loavesPerKg: 2.5,
    ingredients: [
      { itemId: flour.id, quantity: 1, unit: 'kg' },
      { itemId: yeast.id, quantity: 20, unit: 'g' },
    ],
  });
  for (const name of Object.keys(ORDERED)) {
    await postOk(page, '/api/distributors', {
      name,
      address: '14 Ojuelegba Road, Surulere',
      phone: '0802 345 6789',
    });
  }
}

async function setPrice(page: Page, priceFor: string | null, price: string, shown: string) {
  await page.getByRole('button', { name: 'Set Price' }).click();
  const dialog = page.getByRole('dialog');
  await choose(page, dialog.getByLabel('Bread Type', { exact: true }), 'Agege Bread');
  if (priceFor) await choose(page, dialog.getByLabel('Price for', { exact: true }), priceFor);
  await dialog.getByLabel('Price per Loaf (₦)').fill(price);
  await dialog.getByRole('button', { name: 'Set Price' }).click();
  // The dialog's From is the browser's today (the real one): the day the loaves go out.
  const message = `Agege Bread for ${priceFor ?? 'everyone'}: ${shown} from ${formatDate(TODAY)}`;
  await dismissToast(await expectToast(page, 'Price Set', message));
}

describe.each(WIDTHS)('the wholesale day at $label px', ({ label, viewport }) => {
  const clock = testClock(MORNING_BEFORE);
  let web: Awaited<ReturnType<typeof startWebApp>>;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const shot = async (step: string) => {
    // From the top: a full-page shot of a scrolled page draws the fixed header mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `wholesale-day-${step}-${label}`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, step).toBeLessThanOrEqual(viewport.width);
  };

  beforeAll(async () => {
    [web, browser] = await Promise.all([startWebApp({ now: clock.now }), launchBrowser()]);
    ({ context, page } = await newPage(browser, web.baseUrl, viewport));
    await registerThroughApi(page, OWNER);
    await signInThroughApi(page, OWNER);
    await openTheBakery(page);
    await page.goto('/');
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await web?.close();
  });

  test('the day before: a default price, one distributor’s own, and three standing orders', async () => {
    await goThroughSidebar(page, 'Prices');
    await setPrice(page, null, '512.50', '₦512.50');
    await setPrice(page, OWN_PRICE, '487.50', '₦487.50');
    const own = page.getByTestId('bread-prices').getByTestId('own-price');
    await expect.poll(() => own.textContent()).toBe(`${OWN_PRICE}₦487.50−₦25.00`);

    await goThroughSidebar(page, 'Orders');
    await page.getByRole('tab', { name: 'Standing orders' }).click();
    for (const [name, loaves] of Object.entries(ORDERED)) {
      for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']) {
        await page.getByLabel(`${name} Agege Bread ${day}`).fill(String(loaves));
      }
      await page.getByRole('button', { name: `Save ${name}` }).click();
      await dismissToast(await expectToast(page, 'Success', `${name}'s standing order saved`));
    }
    await page.getByRole('tab', { name: 'Order book' }).click();
    await page.getByText('100 loaves ordered').waitFor();
    await page.getByText(`Open until 18:00 on `).waitFor();
    for (const [name, loaves] of Object.entries(ORDERED)) {
      const cells = await cellsOf(tableRow(page, 'Order book', name));
      expect(cells.slice(0, 3)).toEqual([name, String(loaves), String(loaves)]);
    }
    await shot('orders');
  });

  test('plans tomorrow: loaves, flour, mixes and the flour that is short', async () => {
    await goThroughSidebar(page, 'Bake plan');
    const bread = tableRow(page, 'Breads to bake', 'Agege Bread');
    expect(await page.getByLabel('Day', { exact: true }).textContent()).toBe(formatDate(TODAY));
    // 100 ordered + 5% = 105 loaves ÷ 2.5 per kg = 42 kg: 2 mixes of 21 kg (mixer 25 kg).
    await expect
      .poll(() => cellsOf(bread))
      .toEqual(['Agege Bread', '100', '5', '', '105', '2.5', '42 kg', '2 × 21 kg']);
    expect(await cellsOf(tableRow(page, 'Ingredient needs', 'Flour'))).toEqual([
      'Flour',
      '42 kg',
      '10 kg',
      '32 kg',
      'Golden Penny Mills',
    ]);
    // 42 kg × 20 g = 0.84 kg of the 1 kg in stock.
    expect(await cellsOf(tableRow(page, 'Ingredient needs', 'Yeast'))).toEqual([
      'Yeast',
      '0.84 kg',
      '1 kg',
      '—',
      'Lagos Bakery Supplies',
    ]);
    await shot('plan');
  });

  test('orders the shortfall and receives it: the plan then has the flour', async () => {
    await page.getByRole('button', { name: 'Create purchase order' }).click();
    const made = page.getByText(/^PO-\S+ \(pending\) on Purchase Orders\.$/);
    const orderNumber = ((await made.textContent()) ?? '').split(' ')[0] ?? '';
    await goThroughSidebar(page, 'Purchase Orders');
    const card = page.getByTestId('order-card').filter({ hasText: orderNumber });
    // Filled from the plan: the shortfall, from the flour's supplier, at its unit cost.
    const order = await card.textContent();
    for (const part of ['Golden Penny Mills', 'Pending', 'Flour: 32 kg @ ₦800.00 = ₦25,600.00']) {
      expect(order).toContain(part);
    }
    await shot('purchase-order');
    await card.getByRole('button', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog', { name: `Order ${orderNumber}` });
    await dialog.getByRole('button', { name: 'Mark as Received' }).click();
    await dismissToast(
      await expectToast(
        page,
        'Order Received',
        'Purchase order marked as received and inventory updated',
      ),
    );
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await goThroughSidebar(page, 'Bake plan');
    await expect
      .poll(() => cellsOf(tableRow(page, 'Ingredient needs', 'Flour')))
      .toEqual(['Flour', '42 kg', '42 kg', '—', 'Golden Penny Mills']);
    expect(await page.getByRole('button', { name: 'Create purchase order' }).count()).toBe(0);
  });

  test('creates the planned batches from the plan', async () => {
    await page.getByRole('button', { name: 'Create batches' }).click();
    await page.getByRole('alert').getByText('2 planned batches created').waitFor();
    await expect
      .poll(() => tableRow(page, 'Breads to bake', 'Agege Bread').textContent())
      .toContain('2 batches planned');
  });

  test('the next morning: signs in again and bakes the two mixes, five loaves short of the order', async () => {
    clock.advance(Date.now() - clock.now());
    // The day before's session has been idle longer than 12 hours: reopened, the app asks to sign in.
    await page.reload();
    await signInThroughForm(page, OWNER);
    await dismissToast(await expectToast(page, 'Login successful', 'Welcome back!'));
    await goThroughSidebar(page, 'Production');
    const plan = `PLAN-${TODAY.replaceAll('-', '')}`;
    // Each mix: 21 kg of flour at ₦800 and 0.42 kg of yeast at ₦6,000 = ₦19,320.
    for (const [mix, loaves, perLoaf] of [
      ['01', '50', '₦386.40'],
      ['02', '45', '₦429.33'],
    ] as const) {
      const card = page.getByTestId('batch-card').filter({ hasText: `${plan}-${mix}` });
      await card.getByRole('button', { name: 'Start' }).click();
      await dismissToast(
        await expectToast(page, 'Batch Updated', 'Production batch status updated to in progress'),
      );
      await card.getByRole('button', { name: 'Mark Complete' }).click();
      const dialog = page.getByRole('dialog', { name: 'Complete Batch' });
      await dialog.getByLabel('Loaves Produced').fill(loaves);
      await expect.poll(() => dialog.getByTestId('cost-per-loaf').textContent()).toContain(perLoaf);
      await dialog.getByRole('button', { name: 'Complete Batch' }).click();
      await dismissToast(
        await expectToast(page, 'Batch Updated', 'Production batch status updated to completed'),
      );
      await card.getByText('Completed', { exact: true }).waitFor();
      expect(await card.textContent()).toContain(`Loaves: ${loaves}`);
    }
    await shot('production');
  });

  test('dispatches two in full and the third short: the shortfall is shown and kept', async () => {
    await goThroughSidebar(page, 'Dispatch');
    const list = tableRow(page, 'Loading list', 'Agege Bread');
    await expect.poll(() => cellsOf(list)).toEqual(['Agege Bread', '100', '100', '95', '0']);
    const dispatch = async (name: string, message: string) => {
      await page
        .getByRole('region', { name: `Dispatch for ${name}` })
        .getByRole('button', { name: 'Dispatch' })
        .click();
      await dismissToast(await expectToast(page, 'Dispatched', message));
    };
    await dispatch(OWN_PRICE, `40 loaves loaded for ${OWN_PRICE} (₦19,500.00)`);
    await dispatch(FULL, `36 loaves loaded for ${FULL} (₦18,450.00)`);
    // 19 left for 24 ordered: the box offers 19 and the line shows 5 short.
    const short = tableRow(page, `Lines for ${SHORT}`, 'Agege Bread');
    await expect
      .poll(() => cellsOf(short))
      .toEqual(['Agege Bread', '24', '', '5', '19', '₦512.50']);
    expect(await page.getByLabel(`Agege Bread to load for ${SHORT}`).inputValue()).toBe('19');
    await shot('dispatch-short');
    await dispatch(SHORT, `19 loaves loaded for ${SHORT} (₦9,737.50)`);
    await expect.poll(() => cellsOf(short)).toEqual(['Agege Bread', '24', '19', '5', '₦512.50']);
    const card = page.getByRole('region', { name: `Dispatch for ${SHORT}` });
    await card.getByText('19 of 24 loaves loaded').waitFor();
    await expect.poll(() => cellsOf(list)).toEqual(['Agege Bread', '100', '0', '0', '95']);
    await shot('dispatch-done');
  });

  test('settles the distributor with its own price: a return and a cash payment', async () => {
    await goThroughSidebar(page, 'Settlement');
    await choose(page, page.getByLabel('Distributor', { exact: true }).first(), OWN_PRICE);
    await expect
      .poll(() => cellsOf(tableRow(page, `Loaded for ${OWN_PRICE}`, 'Agege Bread')))
      .toEqual(['Agege Bread', '40', '₦487.50', '₦19,500.00']);
    await page.getByRole('button', { name: 'Add return' }).click();
    await choose(page, page.getByLabel('Return 1 bread', { exact: true }).first(), 'Agege Bread');
    await page.getByLabel('Return 1 loaves', { exact: true }).first().fill('5');
    await choose(page, page.getByLabel('Return 1 reason', { exact: true }).first(), 'Spoiled');
    await page.getByLabel('Collected (₦)', { exact: true }).first().fill('15000.25');
    await choose(page, page.getByLabel('Method', { exact: true }).first(), 'Cash');
    await page.getByRole('button', { name: 'Settle' }).click();
    // ₦19,500.00 − 5 × ₦487.50 − ₦15,000.25 = ₦2,062.25
    await dismissToast(await expectToast(page, 'Settled', `${OWN_PRICE}: balance after ₦2,062.25`));
    const figure = (name: string) =>
      page.getByTestId('settlement-summary').getByLabel(name, { exact: true }).textContent();
    await expect.poll(() => figure('Balance after')).toBe('₦2,062.25');
    expect(await figure('Net sold')).toBe('35 loaves');
    expect(await figure('Value returned')).toBe('₦2,437.50');
    expect(await figure('Net value')).toBe('₦17,062.50');
    expect(await figure('Collected')).toBe('₦15,000.25 (Cash)');
    await shot('settlement');
  });

  test('the statement shows the sale at the own price, the return and the payment', async () => {
    await goThroughSidebar(page, 'Distributors', 'Distributor Management');
    await page
      .locator('.mantine-Card-root')
      .filter({ hasText: OWN_PRICE })
      .getByRole('link', { name: 'Statement' })
      .click();
    // The table on a desktop, a card per line on a phone: the visible ones.
    const lines = page.getByTestId(/^statement-(line|card)$/).filter({ visible: true });
    await expect.poll(() => lines.count()).toBe(3);
    const entries = [
      ['Sale', '40 × Agege Bread at ₦487.50', '₦19,500.00', '₦19,500.00'],
      ['Payment', `Payment by Cash: Settlement of ${TODAY}`, '₦15,000.25', '₦4,499.75'],
      ['Return', '5 × Agege Bread returned (Spoiled) at ₦487.50', '₦2,437.50', '₦2,062.25'],
    ];
    for (const [index, parts] of entries.entries()) {
      const text = await lines.nth(index).textContent();
      for (const part of parts) expect(text).toContain(part);
    }
    const closing = page.getByText('Closing balance', { exact: true }).filter({ visible: true });
    expect(await closing.locator('..').textContent()).toContain('₦2,062.25');
    await shot('statement');
  });

  test('the reports show the day, exact to the kobo', async () => {
    await goThroughSidebar(page, 'Reports', 'Reports & Analytics');
    await page.getByRole('tab', { name: 'Sales' }).click();
    // 40 × ₦487.50 + 36 × ₦512.50 + 19 × ₦512.50 = ₦47,687.50; less ₦15,000.25 and ₦2,437.50.
    await statCard(page, 'Total Sales').first().getByText('₦47,687.50').waitFor();
    expect(await statCard(page, 'Payments Received').first().textContent()).toContain('₦15,000.25');
    expect(await statCard(page, 'Outstanding Balance').first().textContent()).toContain(
      '₦30,249.75',
    );
    await page.getByRole('tab', { name: 'Financial' }).click();
    const summary = page.getByTestId('financial-summary');
    await expect.poll(() => summary.textContent()).toContain('Net Sales₦45,250.00');
    await page.getByRole('tab', { name: 'Returns rate', exact: true }).click();
    const rate = page.getByTestId('report-table').getByRole('row').filter({ hasText: OWN_PRICE });
    await expect
      .poll(async () => (await cellsOf(rate)).slice(0, 6))
      .toEqual([OWN_PRICE, 'Agege Bread', '40', '5', '12.5%', 'Too many returns']);
    // 5 of the 95 loaves dispatched came back.
    expect(await statCard(page, 'Returns rate').first().textContent()).toContain(
      '5.3%5 loaves back of 95 loaves',
    );
    await shot('returns-rate');
  });

  test('writes off the returned loaves on Waste: the Waste report and the dashboard show them', async () => {
    await goThroughSidebar(page, 'Waste');
    const line = page.getByTestId('returned-loaves').filter({ hasText: OWN_PRICE });
    await expect.poll(() => line.textContent()).toContain('5 loaves left of 5 returned · Spoiled');
    await line
      .getByRole('button', { name: `Write off the return of Agege Bread from ${OWN_PRICE}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Write Off Loaves' });
    await choose(page, dialog.getByLabel('Reason', { exact: true }), 'Stale');
    await dialog.getByRole('button', { name: 'Write Off' }).click();
    // A loaf of the newest batch: ₦19,320.00 of flour and yeast over 45 loaves, ₦429.33.
    await dismissToast(
      await expectToast(page, 'Loaves Written Off', '5 loaves of Agege Bread (Stale), ₦2,146.65'),
    );
    await page.getByText('No returned loaves to write off').waitFor();
    await shot('waste');

    await goThroughSidebar(page, 'Reports', 'Reports & Analytics');
    await page.getByRole('tab', { name: 'Waste', exact: true }).click();
    // 5 of the 95 loaves baked today.
    await expect
      .poll(() => statCard(page, 'Loaves Wasted').first().textContent())
      .toBe('Loaves Wasted5of 95 loaves baked');
    expect(await statCard(page, 'Cost of Waste').first().textContent()).toContain('₦2,146.65');
    expect(await statCard(page, 'Waste % of Production').first().textContent()).toContain('5.3%');
    await shot('waste-report');

    await goThroughSidebar(page, 'Dashboard');
    await expect
      .poll(() => statCard(page, 'Waste this month').first().textContent())
      .toBe('Waste this month₦2,146.655 loaves · 5.3% of production');
  });
});
