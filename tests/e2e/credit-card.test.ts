import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { addDays } from '../../src/domain/bakery-months';
import { messageDay } from '../../src/domain/reminders';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { screenshot } from '../support/browser';
import { lagosDate } from '../support/fixtures';
import { setUpSignedInPage } from '../support/signed-in-page';
import {
  bakeAgegeBread,
  dismissToast,
  distributorCard,
  expectToast,
  fieldError,
  goThroughSidebar,
  postOk,
  signInThroughApi,
  type TestUser,
  untilShown,
  waitForPageTitle,
} from './helpers';

const OWNER: TestUser = {
  username: 'credit_owner',
  email: 'credit@bakery.ng',
  password: 'pay-before-friday-2026',
  firstName: 'Bola',
  lastName: 'Ade',
};
const SHOP = 'Iya Basira Stores';
const NO_PHONE = 'Short Number Ltd';
const PHONE = { width: 360, height: 800 };

describe('Credit on the distributor card: limit, ageing and messages to the phone', () => {
  const signedIn = setUpSignedInPage(OWNER);
  let page: Page;
  // ₦10,000 sold 40 Lagos days ago, nothing paid: due that day, then 7 days later.
  const saleDay = addDays(lagosDate(new Date()), -40);
  const reminderOf = (dueDay: string) =>
    `Good day ${SHOP}. This is Golden Crust Bakery. Your balance with us is ₦10,000.00, of which ` +
    `₦10,000.00 is overdue (oldest due ${messageDay(dueDay)}). Kindly pay at your earliest convenience. Thank you.`;

  beforeAll(async () => {
    page = signedIn.page;
    await bakeAgegeBread(page, { flourKg: 1, loaves: 100 });
    const shop = await postOk(page, '/api/distributors', {
      name: SHOP,
      address: '7 Balogun Market, Lagos Island',
      phone: '0803 123 4567',
    });
    await postOk(page, '/api/distributors', {
      name: NO_PHONE,
      address: 'Oshodi',
      phone: '1234567',
    });
    const sale = await postOk(page, '/api/sales-transactions', {
      distributorId: shop.id,
      recipeName: 'Agege Bread',
      loavesTaken: 20,
      pricePerLoaf: 500,
    });
    await signedIn.web.database.db.execute(
      sql`update sales_transactions set created_at = ${`${saleDay}T12:00:00+01:00`}
        where id = ${sale.id}`,
    );
    const saved = await page.request.put('/api/admin/settings', {
      data: { allowSelfRegistration: true, bakeryName: 'Golden Crust Bakery' },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  });

  test('the card shows the balance aged, then against the limit a manager sets', async () => {
    await page.goto('/');
    await goThroughSidebar(page, 'Distributors', 'Distributor Management');
    const credit = distributorCard(page, SHOP).getByTestId('credit');
    await expect
      .poll(() => credit.textContent())
      .toBe(
        'No credit limit · due the day of sale' +
          'Current₦0.001–30 days₦0.0031–60 days₦10,000.0061–90 days₦0.00Over 90 days₦0.00' +
          'Overdue₦10,000.00',
      );
    expect(await distributorCard(page, NO_PHONE).getByTestId('credit').textContent()).toBe(
      'No credit limit · due the day of sale',
    );

    await page.getByRole('button', { name: `Edit credit of ${SHOP}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit credit' });
    await dialog.getByLabel('Credit limit (₦)').fill('8000.5');
    await dialog.getByLabel('Payment terms (days)').fill('7.5');
    await dialog.getByRole('button', { name: 'Save credit' }).click();
    expect(await fieldError(page, 'Payment terms (days)')).toBe('Payment terms must be whole days');
    await dialog.getByLabel('Payment terms (days)').fill('7');
    await untilShown(dialog);
    await screenshot(page, 'credit-edit-dialog-1280');
    await dialog.getByRole('button', { name: 'Save credit' }).click();
    await dismissToast(
      await expectToast(page, 'Credit Saved', `${SHOP}: Limit ₦8,000.50 · due in 7 days`),
    );
    await expect
      .poll(() => credit.locator('p').first().textContent())
      .toBe('₦10,000.00 of ₦8,000.50 limit · over the limit');
    expect(await credit.textContent()).toContain('Limit ₦8,000.50 · due in 7 days');
    await screenshot(page, 'credit-card-1280');
    await expectNoSeriousAxeViolations(page, 'distributors with credit at 1280 px');
  });

  test('Send reminder opens WhatsApp with the message, and the card then says when', async () => {
    const message = reminderOf(addDays(saleDay, 7));
    await distributorCard(page, SHOP).getByRole('button', { name: 'Send reminder' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send reminder' });
    await expect.poll(() => dialog.getByTestId('message-preview').textContent()).toBe(message);
    const whatsapp = dialog.getByRole('link', { name: 'Open WhatsApp' });
    const href = (await whatsapp.getAttribute('href')) ?? '';
    expect(href.startsWith('https://wa.me/2348031234567?text=')).toBe(true);
    expect(new URL(href).searchParams.get('text')).toBe(message);
    expect(await whatsapp.getAttribute('target')).toBe('_blank');
    const sms = (await dialog.getByRole('link', { name: 'Open SMS' }).getAttribute('href')) ?? '';
    expect(sms).toBe(`sms:+2348031234567?body=${encodeURIComponent(message)}`);
    await untilShown(dialog);
    await screenshot(page, 'credit-send-reminder-1280');

    // WhatsApp itself is not reached from the test: its page is answered here.
    await page
      .context()
      .route('https://wa.me/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }),
      );
    const [popup] = await Promise.all([page.waitForEvent('popup'), whatsapp.click()]);
    await popup.waitForLoadState();
    expect(new URL(popup.url()).searchParams.get('text')).toBe(message);
    await popup.close();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => distributorCard(page, SHOP).getByTestId('last-reminder').textContent())
      .toBe('Last reminded today · Reminder by WhatsApp');
  });

  test('a phone that cannot be messaged says why instead of offering the links', async () => {
    await distributorCard(page, NO_PHONE).getByRole('button', { name: 'Send statement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send statement' });
    await expect
      .poll(() => dialog.getByTestId('phone-problem').textContent())
      .toBe(
        `This phone cannot be messaged${NO_PHONE}'s phone "1234567" cannot be used for WhatsApp or SMS: ` +
          "enter a Nigerian number such as 0803 123 4567, or another country's number with its + code",
      );
    expect(await dialog.getByRole('link').count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  test('an admin changes the reminder message in Settings, and the next reminder uses it', async () => {
    const [admin] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: 'Admin Panel' }).click(),
    ]);
    await waitForPageTitle(admin, 'Admin Panel');
    await admin.getByRole('tab', { name: 'Settings' }).click();
    const template = admin.getByLabel('Reminder message', { exact: true });
    await template.fill('Dear {name}, {balance} is due');
    await admin.getByRole('button', { name: 'Save messages' }).click();
    expect(await fieldError(admin, 'Reminder message')).toBe(
      'Reminder message can use only {bakery}, {distributor}, {balance}, {overdue}, {oldestDue}, {link}',
    );
    await template.fill('{distributor}: {overdue} overdue since {oldestDue}.\n{bakery}');
    await admin.getByRole('button', { name: 'Save messages' }).click();
    await dismissToast(await expectToast(admin, 'Success', 'Message templates saved'));
    await screenshot(admin, 'credit-settings-1280');

    const transfers = admin.getByRole('switch', {
      name: "Bank transfers and mobile money wait for a manager's confirmation",
    });
    expect(await transfers.isChecked()).toBe(false);
    await transfers.check();
    await dismissToast(
      await expectToast(admin, 'Success', 'Transfers now wait for a manager to confirm them'),
    );
    expect(await transfers.isChecked()).toBe(true);
    const settings = await (await admin.request.get('/api/admin/settings')).json();
    expect(settings.confirmTransfers).toBe(true);
    await admin.close();

    await distributorCard(page, SHOP).getByRole('button', { name: 'Send reminder' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send reminder' });
    await expect
      .poll(() => dialog.getByTestId('message-preview').textContent())
      .toBe(
        `${SHOP}: ₦10,000.00 overdue since ${messageDay(addDays(saleDay, 7))}.\nGolden Crust Bakery`,
      );
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  test('works at phone width', async () => {
    const small = await signedIn.freshPage(PHONE);
    await signInThroughApi(small, OWNER);
    await small.goto('/');
    await goThroughSidebar(small, 'Distributors', 'Distributor Management');
    await distributorCard(small, SHOP).getByTestId('last-reminder').waitFor();
    await screenshot(small, 'credit-card-360');
    await expectNoSeriousAxeViolations(small, 'distributors with credit at 360 px');
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );

    await distributorCard(small, SHOP).getByRole('button', { name: 'Send statement' }).click();
    const dialog = small.getByRole('dialog', { name: 'Send statement' });
    await dialog.getByTestId('message-preview').waitFor();
    await untilShown(dialog);
    await screenshot(small, 'credit-send-statement-360');
    await small.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await small.getByRole('button', { name: `Edit credit of ${SHOP}` }).click();
    const credit = small.getByRole('dialog', { name: 'Edit credit' });
    await untilShown(credit);
    await screenshot(small, 'credit-edit-dialog-360');
    await credit.getByRole('button', { name: 'Cancel' }).click();
    await credit.waitFor({ state: 'detached' });

    await small.goto('/admin');
    await waitForPageTitle(small, 'Admin Panel');
    await small.getByRole('tab', { name: 'Settings' }).click();
    await small.getByLabel('Reminder message', { exact: true }).waitFor();
    await screenshot(small, 'credit-settings-360');
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
  });
});
