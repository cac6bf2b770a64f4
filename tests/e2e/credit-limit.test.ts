import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { screenshot } from '../support/browser';
import { setUpSignedInPage } from '../support/signed-in-page';
import {
  choose,
  createUserWithRights,
  dismissToast,
  expectToast,
  fieldError,
  goThroughSidebar,
  orderedForToday,
  signInThroughApi,
  type TestUser,
  waitUntilSettled,
} from './helpers';

const OWNER: TestUser = {
  username: 'credit_owner',
  email: 'credit@bakery.ng',
  password: 'limits-first-2026',
  firstName: 'Funke',
  lastName: 'Bello',
};
/** Records sales and dispatches, reads and edits distributors: no Distributors delete. */
const CLERK: TestUser = {
  username: 'credit_clerk',
  email: 'clerk@bakery.ng',
  password: 'sells-on-credit-2026',
  firstName: 'Tunde',
  lastName: 'Ojo',
};
/** The same, with Distributors delete: may let a sale through over the limit. */
const MANAGER: TestUser = {
  username: 'credit_manager',
  email: 'manager@bakery.ng',
  password: 'allows-with-reason-2026',
  firstName: 'Amaka',
  lastName: 'Nwosu',
};
const SHOP = 'Mama Nkechi Stores';
/** Has no credit limit. */
const KIOSK = 'Bode Ventures';
const PHONE_360 = { width: 360, height: 800 };
const OVER_BY_SALE =
  `This would take ${SHOP}'s balance to ₦11,000.00, over the credit limit of ₦10,000.00. ` +
  'A manager (Distributors delete right) can allow it with a reason.';
const OVER_BY_LOAD =
  `This would take ${SHOP}'s balance to ₦14,000.00, over the credit limit of ₦10,000.00. ` +
  'A manager (Distributors delete right) can allow it with a reason.';
const MANAGER_ONLY = 'Only a manager can allow it: ask one with the Distributors delete right.';

/** Sales read and write, Distributors read and write, and Distributors delete or not. */
const sellerRights = (distributorsDelete: boolean) => [
  { module: 'sales', canRead: true, canWrite: true, canDelete: false },
  { module: 'distributors', canRead: true, canWrite: true, canDelete: distributorsDelete },
];

/** Opens Record Sale on the Sales page and fills in a sale of Agege Bread at ₦500 a loaf. */
async function fillSale(page: Page, loaves: number, available: number): Promise<Locator> {
  await page.getByRole('button', { name: 'Record Sale' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record Sale' });
  await choose(page, dialog.getByLabel('Distributor', { exact: true }), SHOP);
  await choose(
    page,
    dialog.getByLabel('Bread Type', { exact: true }),
    `Agege Bread (${available} available)`,
  );
  await dialog.getByLabel('Loaves Taken').fill(String(loaves));
  await dialog.getByLabel('Price per Loaf (₦)').fill('500');
  return dialog;
}

const panelOf = (scope: Page | Locator, name = SHOP) =>
  scope.getByRole('region', { name: `Credit of ${name}` });
const dispatchCard = (page: Page, name = SHOP) =>
  page.getByRole('region', { name: `Dispatch for ${name}` });
const balanceOnCard = (page: Page) =>
  page
    .getByTestId('distributor-card')
    .filter({ hasText: SHOP })
    .getByText('Balance', { exact: true })
    .locator('..');

describe('Credit limit: Record Sale and Dispatch show it, refuse past it, a manager allows it', () => {
  const signedIn = setUpSignedInPage(OWNER);
  let clerk: Page;
  let manager: Page;

  beforeAll(async () => {
    const page = signedIn.page;
    // 40 loaves at ₦500; 6 on each of today's orders (₦3,000), dispatched after the sales.
    const [shop] = await orderedForToday(page, [SHOP, KIOSK], {
      baked: 40,
      pricePerLoaf: 500,
      ordered: 6,
    });
    const terms = await page.request.patch(`/api/distributors/${shop?.id}/credit`, {
      data: { creditLimit: 10000, paymentTermsDays: 7 },
    });
    expect(terms.status(), await terms.text()).toBe(200);
    await createUserWithRights(page, CLERK, 'Sales clerks', sellerRights(false));
    await createUserWithRights(page, MANAGER, 'Sales managers', sellerRights(true));
    clerk = await signedIn.freshPage();
    await signInThroughApi(clerk, CLERK);
    manager = await signedIn.freshPage();
    await signInThroughApi(manager, MANAGER);
  });

  test('a clerk sees the balance the sale would make and records one within the limit', async () => {
    await clerk.goto('/');
    await goThroughSidebar(clerk, 'Sales', 'Sales Management');
    const dialog = await fillSale(clerk, 10, 40);
    const panel = panelOf(dialog);
    await expect
      .poll(() => panel.textContent())
      .toBe('Balance₦0.00Credit limit₦10,000.00Balance after this sale₦5,000.00');
    await dialog.getByRole('button', { name: 'Record Sale' }).click();
    await dismissToast(
      await expectToast(clerk, 'Sale Recorded', `10 loaves of Agege Bread to ${SHOP}`),
    );
    await dialog.waitFor({ state: 'detached' });
  });

  test('over the limit the figure turns red, follows the payment, and the save is refused', async () => {
    const dialog = await fillSale(clerk, 12, 30);
    const panel = panelOf(dialog);
    await expect
      .poll(() => panel.textContent())
      .toBe(
        'Balance₦5,000.00Credit limit₦10,000.00Balance after this sale₦11,000.00' +
          'Over the credit limit by ₦1,000.00',
      );
    // Paid ₦1,000 at the sale: exactly at the limit, which is allowed.
    await dialog.getByLabel('Amount Paid (₦)').fill('1000');
    await expect.poll(() => panel.getByTestId('credit-warning').count()).toBe(0);
    expect(await panel.textContent()).toContain('Balance after this sale₦10,000.00');
    await dialog.getByLabel('Amount Paid (₦)').fill('0');
    await panel.getByTestId('credit-warning').waitFor();
    await waitUntilSettled(dialog);
    await screenshot(clerk, 'credit-limit-sale-over-1280');

    await dialog.getByRole('button', { name: 'Record Sale' }).click();
    await dismissToast(await expectToast(clerk, 'Error', OVER_BY_SALE));
    const refusal = dialog.getByTestId('credit-refusal');
    expect(await refusal.textContent()).toBe(`Over the credit limit${OVER_BY_SALE}${MANAGER_ONLY}`);
    expect(await refusal.getByRole('button', { name: 'Allow over the limit' }).count()).toBe(0);
    await screenshot(clerk, 'credit-limit-sale-refused-clerk-1280');
    // Fewer loaves: the refusal no longer applies to the sale on the form.
    await dialog.getByLabel('Loaves Taken').fill('10');
    await expect.poll(() => refusal.count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  test('a manager allows the same sale with a reason; the balance shows it without a reload', async () => {
    await manager.goto('/');
    await goThroughSidebar(manager, 'Distributors', 'Distributor Management');
    await expect.poll(() => balanceOnCard(manager).textContent()).toBe('Balance₦5,000.00');
    await goThroughSidebar(manager, 'Sales', 'Sales Management');
    const dialog = await fillSale(manager, 12, 30);
    await dialog.getByRole('button', { name: 'Record Sale' }).click();
    await dismissToast(await expectToast(manager, 'Error', OVER_BY_SALE));
    const refusal = dialog.getByTestId('credit-refusal');
    const allow = refusal.getByRole('button', { name: 'Allow over the limit' });
    await allow.click();
    expect(await fieldError(manager, 'Reason for going over the limit')).toBe(
      'Give a reason for going over the credit limit',
    );
    await refusal
      .getByLabel('Reason for going over the limit')
      .fill('Pays every Friday; the owner agreed by phone');
    await screenshot(manager, 'credit-limit-sale-override-1280');
    await expectNoSeriousAxeViolations(manager, 'record sale over the credit limit at 1280 px');
    await allow.click();
    await dismissToast(
      await expectToast(manager, 'Sale Recorded', `12 loaves of Agege Bread to ${SHOP}`),
    );
    await dialog.waitFor({ state: 'detached' });
    await goThroughSidebar(manager, 'Distributors', 'Distributor Management');
    await expect.poll(() => balanceOnCard(manager).textContent()).toBe('Balance₦11,000.00');
  });

  test('Dispatch shows the load against the limit; the clerk is refused, the manager allows it', async () => {
    await goThroughSidebar(clerk, 'Dispatch');
    const card = dispatchCard(clerk);
    await expect
      .poll(() => panelOf(card).textContent())
      .toBe(
        'Balance₦11,000.00Credit limit₦10,000.00Balance after this load₦14,000.00' +
          'Over the credit limit by ₦4,000.00',
      );
    await card.getByRole('button', { name: 'Dispatch' }).click();
    await dismissToast(await expectToast(clerk, 'Error', OVER_BY_LOAD));
    expect(await card.getByTestId('credit-refusal').textContent()).toBe(
      `Over the credit limit${OVER_BY_LOAD}${MANAGER_ONLY}`,
    );
    // From the top: a full-page shot of a scrolled page draws the fixed header mid-page.
    await clerk.evaluate(() => window.scrollTo(0, 0));
    await screenshot(clerk, 'credit-limit-dispatch-refused-clerk-1280');

    await goThroughSidebar(manager, 'Dispatch');
    const managers = dispatchCard(manager);
    await managers.getByRole('button', { name: 'Dispatch' }).click();
    await dismissToast(await expectToast(manager, 'Error', OVER_BY_LOAD));
    await managers
      .getByLabel('Reason for going over the limit')
      .fill('Festival order, paid Monday');
    await managers.getByRole('button', { name: 'Allow over the limit' }).click();
    await expectToast(manager, 'Dispatched', `6 loaves loaded for ${SHOP} (₦3,000.00)`);
    await managers.getByText(/^Dispatched \d\d:\d\d$/).waitFor();
    expect(await panelOf(managers).count()).toBe(0);
    await goThroughSidebar(manager, 'Distributors', 'Distributor Management');
    await expect.poll(() => balanceOnCard(manager).textContent()).toBe('Balance₦14,000.00');
  });

  test('at 360 px the panels, the refusal and the reason fit the screen', async () => {
    const phone = await signedIn.freshPage(PHONE_360);
    await signInThroughApi(phone, MANAGER);
    await phone.goto('/');
    await goThroughSidebar(phone, 'Dispatch');
    const kiosk = panelOf(dispatchCard(phone, KIOSK), KIOSK);
    await expect
      .poll(() => kiosk.textContent())
      .toBe('Balance₦0.00Credit limitNo credit limitBalance after this load₦3,000.00');
    await phone.evaluate(() => window.scrollTo(0, 0));
    await screenshot(phone, 'credit-limit-dispatch-360');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE_360.width,
    );

    await goThroughSidebar(phone, 'Sales', 'Sales Management');
    const dialog = await fillSale(phone, 1, 12);
    await panelOf(dialog).getByTestId('credit-warning').waitFor();
    await dialog.getByRole('button', { name: 'Record Sale' }).click();
    await dismissToast(
      await expectToast(phone, 'Error', OVER_BY_SALE.replace('₦11,000.00', '₦14,500.00')),
    );
    const allow = dialog.getByRole('button', { name: 'Allow over the limit' });
    await waitUntilSettled(dialog);
    await allow.scrollIntoViewIfNeeded();
    await screenshot(phone, 'credit-limit-sale-override-360');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE_360.width,
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });
});
