import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { screenshot } from '../support/browser';
import { lagosDate } from '../support/fixtures';
import { setUpSignedInPage } from '../support/signed-in-page';
import {
  bakeAgegeBread,
  choose,
  dismissToast,
  expectToast,
  fieldError,
  goThroughSidebar,
  orderedForToday,
  postOk,
  type TestUser,
  waitForPageTitle,
} from './helpers';

const OWNER: TestUser = {
  username: 'receipt_owner',
  email: 'receipts@bakery.ng',
  password: 'kobo-exact-2026',
  firstName: 'Funke',
  lastName: 'Adeyemi',
};
const SHOP = 'Iya Basira Stores';
const PHONE = { width: 360, height: 800 };
const WORDS = 'Twelve thousand, five hundred naira and fifty kobo';

async function setLetterhead(page: Page) {
  const reply = await page.request.put('/api/admin/settings', {
    data: {
      allowSelfRegistration: false,
      bakeryName: 'Golden Crust Bakery',
      bakeryAddress: '4 Bakery Lane, Ikeja',
      bakeryPhone: '0701 234 5678',
    },
  });
  expect(reply.status(), await reply.text()).toBe(200);
}

const card = (page: Page) => page.getByTestId('distributor-card').filter({ hasText: SHOP });

async function recordPayment(page: Page, amount: string, method: string) {
  await card(page).getByRole('button', { name: 'Record Payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record Payment' });
  await dialog.getByLabel('Amount (₦)').fill(amount);
  await choose(page, dialog.getByLabel('Payment Method'), method);
  return dialog;
}

describe('Receipts and transfers that wait for a manager', () => {
  const signedIn = setUpSignedInPage(OWNER);
  let page: Page;

  beforeAll(async () => {
    page = signedIn.page;
    await setLetterhead(page);
    await bakeAgegeBread(page, { flourKg: 1, loaves: 50 });
    const shop = await postOk(page, '/api/distributors', {
      name: SHOP,
      address: '7 Market Road, Mushin',
      phone: '0803 123 4567',
    });
    // 30 loaves at ₦500: it owes ₦15,000.
    await postOk(page, '/api/sales-transactions', {
      distributorId: shop.id,
      recipeName: 'Agege Bread',
      loavesTaken: 30,
      pricePerLoaf: 500,
    });
  });

  test('a payment gets a receipt: its number, the amount in words, WhatsApp and SMS', async () => {
    await page.goto('/');
    await goThroughSidebar(page, 'Distributors', 'Distributor Management');
    const dialog = await recordPayment(page, '12500.50', 'Cash');
    await dialog.getByRole('button', { name: 'Record Payment' }).click();
    const toast = await expectToast(
      page,
      'Payment Recorded',
      `₦12,500.50 from ${SHOP} · Receipt RCT-000001`,
    );
    await expect.poll(() => card(page).textContent()).toContain('Balance₦2,499.50');
    await toast.getByRole('link', { name: 'Receipt RCT-000001' }).click();
    await waitForPageTitle(page, 'Receipt RCT-000001');
    await dismissToast(toast);

    const receipt = page.getByTestId('receipt');
    expect(await receipt.getByTestId('receipt-number').textContent()).toBe('RCT-000001');
    expect(await receipt.getByTestId('receipt-amount').textContent()).toBe('₦12,500.50');
    expect(await receipt.getByTestId('amount-in-words').textContent()).toBe(WORDS);
    expect(await receipt.getByLabel('Received by').textContent()).toBe('Funke Adeyemi');
    expect(await receipt.getByLabel('Payment method').textContent()).toBe('Cash');
    expect(await receipt.textContent()).toContain('Golden Crust Bakery');

    const whatsapp = await page.getByRole('link', { name: 'Open WhatsApp' }).getAttribute('href');
    const prefix = 'https://wa.me/2348031234567?text=';
    expect(whatsapp?.startsWith(prefix)).toBe(true);
    const message = decodeURIComponent((whatsapp ?? '').slice(prefix.length));
    expect(message).toMatch(
      new RegExp(
        `^Receipt RCT-000001 from Golden Crust Bakery: received ₦12,500\\.50 \\(${WORDS}\\) on \\w{3}, \\d\\d \\w{3} \\d{4} by Cash\\. Thank you\\.$`,
      ),
    );
    expect(await page.getByRole('link', { name: 'Open SMS' }).getAttribute('href')).toBe(
      `sms:+2348031234567?body=${encodeURIComponent(message)}`,
    );
    await screenshot(page, 'receipt-1280');
    await expectNoSeriousAxeViolations(page, 'receipt at 1280 px');
    // Printed: the receipt alone, without the app around it or the buttons.
    await page.emulateMedia({ media: 'print' });
    try {
      expect(await page.getByRole('link', { name: 'Open WhatsApp' }).isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
      expect(await receipt.isVisible()).toBe(true);
      await screenshot(page, 'receipt-print');
    } finally {
      await page.emulateMedia({ media: 'screen' });
    }
  });

  test('the payments list on Distributors links each payment to its receipt', async () => {
    await goThroughSidebar(page, 'Distributors', 'Distributor Management');
    const payment = page.getByTestId('payment').filter({ hasText: SHOP });
    await expect.poll(() => payment.textContent()).toContain('₦12,500.50RCT-000001');
    await payment.getByRole('link', { name: 'Receipt RCT-000001' }).click();
    await waitForPageTitle(page, 'Receipt RCT-000001');
    await goThroughSidebar(page, 'Distributors', 'Distributor Management');
    await screenshot(page, 'receipts-distributors-1280');
  });

  test('with the setting on, a transfer waits until a manager confirms it', async () => {
    // The owner switches it on in the Admin Panel's Settings.
    await page.goto('/admin');
    await waitForPageTitle(page, 'Admin Panel');
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page
      .getByRole('switch', {
        name: "Bank transfers and mobile money wait for a manager's confirmation",
      })
      .check();
    await dismissToast(
      await expectToast(page, 'Success', 'Transfers now wait for a manager to confirm them'),
    );
    await goThroughSidebar(page, 'Distributors', 'Distributor Management');
    // Nothing waits yet: the card says so while the setting is on.
    await expect
      .poll(() => page.getByTestId('pending-transfers').textContent())
      .toContain('None waiting');
    const dialog = await recordPayment(page, '2000', 'Bank Transfer');
    await dialog.getByTestId('transfer-waits').waitFor();
    await screenshot(page, 'receipts-payment-transfer-1280');
    await dialog.getByRole('button', { name: 'Record Payment' }).click();
    await dismissToast(
      await expectToast(
        page,
        'Transfer Awaiting Confirmation',
        `₦2,000.00 from ${SHOP} will count once a manager confirms it`,
      ),
    );
    const pending = page.getByTestId('pending-transfers');
    await expect
      .poll(() => pending.textContent())
      .toContain('₦2,000.00 in 1 transfer, not yet in any balance');
    expect(await card(page).textContent()).toContain('Balance₦2,499.50');
    expect(await card(page).getByTestId('awaiting-confirmation').textContent()).toBe(
      '₦2,000.00 awaiting confirmation',
    );
    await screenshot(page, 'receipts-pending-1280');
    await expectNoSeriousAxeViolations(page, 'distributors with a pending transfer at 1280 px');

    await pending.getByRole('button', { name: `Confirm ₦2,000.00 from ${SHOP}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm transfer' });
    await confirm.getByRole('button', { name: 'Confirm transfer' }).click();
    await dismissToast(
      await expectToast(
        page,
        'Transfer Confirmed',
        `₦2,000.00 from ${SHOP} is credited (RCT-000002)`,
      ),
    );
    // No reload: the card and the lists follow the confirmation.
    await expect.poll(() => card(page).textContent()).toContain('Balance₦499.50');
    await expect.poll(() => pending.textContent()).toContain('None waiting');
    expect(await card(page).getByTestId('awaiting-confirmation').count()).toBe(0);
    await page.getByTestId('payment').filter({ hasText: 'RCT-000002' }).waitFor();
  });

  test('a rejected transfer keeps its reason and counts nothing', async () => {
    const dialog = await recordPayment(page, '300', 'Mobile Money');
    await dialog.getByRole('button', { name: 'Record Payment' }).click();
    await dismissToast(
      await expectToast(
        page,
        'Transfer Awaiting Confirmation',
        `₦300.00 from ${SHOP} will count once a manager confirms it`,
      ),
    );
    const pending = page.getByTestId('pending-transfers');
    await pending.getByRole('button', { name: `Reject ₦300.00 from ${SHOP}` }).click();
    const reject = page.getByRole('dialog', { name: 'Reject transfer' });
    await reject.getByRole('button', { name: 'Reject transfer' }).click();
    expect(await fieldError(page, 'Reason')).toBe('Give the reason for rejecting the transfer');
    await reject.getByLabel('Reason', { exact: true }).fill('No alert on OPay');
    await screenshot(page, 'receipts-reject-1280');
    await reject.getByRole('button', { name: 'Reject transfer' }).click();
    await dismissToast(
      await expectToast(page, 'Transfer Rejected', `₦300.00 from ${SHOP} is not counted`),
    );
    await pending.getByText('Rejected', { exact: true }).click();
    await expect
      .poll(() => pending.getByTestId('pending-transfer').first().textContent())
      .toContain('Rejected by Funke Adeyemi');
    expect(await pending.getByTestId('pending-transfer').first().textContent()).toContain(
      'No alert on OPay',
    );
    expect(await card(page).textContent()).toContain('Balance₦499.50');
  });

  test('works at phone width', async () => {
    const small = await signedIn.freshPage(PHONE);
    await small.request.post('/api/auth/login', {
      data: { username: OWNER.username, password: OWNER.password },
    });
    await small.goto('/');
    await goThroughSidebar(small, 'Distributors', 'Distributor Management');
    await small.getByTestId('pending-transfers').waitFor();
    await screenshot(small, 'receipts-distributors-360');
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await small
      .getByTestId('payment')
      .filter({ hasText: 'RCT-000001' })
      .getByRole('link', { name: 'Receipt RCT-000001' })
      .click();
    await waitForPageTitle(small, 'Receipt RCT-000001');
    await small.getByTestId('amount-in-words').waitFor();
    await screenshot(small, 'receipt-360');
    await expectNoSeriousAxeViolations(small, 'receipt at 360 px');
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
  });
});

describe('Settlement: money collected by transfer waits too', () => {
  const SETTLER: TestUser = {
    username: 'settle_transfers',
    email: 'transfers@bakery.ng',
    password: 'alert-or-not-2026',
    firstName: 'Bisi',
    lastName: 'Okon',
  };
  const STALL = 'Mama Ejiro Stall';
  const signedIn = setUpSignedInPage(SETTLER);
  let page: Page;

  beforeAll(async () => {
    page = signedIn.page;
    const [stall] = await orderedForToday(page, [STALL], {
      baked: 10,
      pricePerLoaf: 400,
      ordered: 5,
    });
    await postOk(page, `/api/dispatch/${stall?.id}`, {
      day: lagosDate(new Date()),
      lines: [{ recipeName: 'Agege Bread', loaves: 5 }],
    });
    const reply = await page.request.put('/api/admin/settings', {
      data: { allowSelfRegistration: false, confirmTransfers: true },
    });
    expect(reply.status()).toBe(200);
  });

  test('the form says so, and the summary leaves it out of the balance after until confirmed', async () => {
    await page.goto('/');
    await goThroughSidebar(page, 'Settlement');
    await choose(page, page.getByLabel('Distributor', { exact: true }).first(), STALL);
    await page.getByLabel('Collected (₦)', { exact: true }).first().fill('1500');
    await choose(page, page.getByLabel('Method', { exact: true }).first(), 'Mobile Money');
    await page
      .getByText(
        'Money collected by transfer counts in the balance once a manager confirms it arrived.',
      )
      .waitFor();
    await screenshot(page, 'receipts-settle-form-1280');
    await page.getByRole('button', { name: 'Settle' }).click();
    await dismissToast(await expectToast(page, 'Settled', `${STALL}: balance after ₦2,000.00`));
    const note = page.getByTestId('settlement-transfer');
    expect(await note.textContent()).toBe(
      "The transfer awaits a manager's confirmation: the balance after does not count it.",
    );
    await screenshot(page, 'receipts-settlement-summary-1280');

    await goThroughSidebar(page, 'Distributors', 'Distributor Management');
    await page
      .getByTestId('pending-transfers')
      .getByRole('button', { name: `Confirm ₦1,500.00 from ${STALL}` })
      .click();
    await page
      .getByRole('dialog', { name: 'Confirm transfer' })
      .getByRole('button', { name: 'Confirm transfer' })
      .click();
    await dismissToast(
      await expectToast(
        page,
        'Transfer Confirmed',
        `₦1,500.00 from ${STALL} is credited (RCT-000001)`,
      ),
    );
    await goThroughSidebar(page, 'Settlement');
    const settled = `${STALL} (settled)`;
    await choose(page, page.getByLabel('Distributor', { exact: true }).first(), settled);
    await expect
      .poll(() => note.textContent())
      .toBe(
        'The transfer was confirmed since: it counts in the balance now, not in the balance after.',
      );
    await page.getByRole('link', { name: 'Receipt of the money collected' }).click();
    await waitForPageTitle(page, 'Receipt RCT-000001');
    expect(await page.getByTestId('amount-in-words').textContent()).toBe(
      'One thousand, five hundred naira',
    );
  });

  test('the settlement summary at phone width', async () => {
    const small = await signedIn.freshPage(PHONE);
    await small.request.post('/api/auth/login', {
      data: { username: SETTLER.username, password: SETTLER.password },
    });
    await small.goto('/');
    await goThroughSidebar(small, 'Settlement');
    const settled = `${STALL} (settled)`;
    await choose(small, small.getByLabel('Distributor', { exact: true }).first(), settled);
    await small.getByTestId('settlement-transfer').waitFor();
    await screenshot(small, 'receipts-settlement-summary-360');
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
  });
});
