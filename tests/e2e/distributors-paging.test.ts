import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { screenshot } from '../support/browser';
import { setUpSignedInPage } from '../support/signed-in-page';
import {
  bakeAgegeBread,
  choose,
  distributorCard,
  expectToast,
  goThroughSidebar,
  postOk,
  signInThroughApi,
  type TestUser,
} from './helpers';

const OWNER: TestUser = {
  username: 'many_shops',
  email: 'many@bakery.ng',
  password: 'sixty-five-shops-2026',
  firstName: 'Kemi',
  lastName: 'Bello',
};
/** 65 distributors: two full pages of 30 and 5 more. Names sort as numbered. */
const COUNT = 65;
const PHONE = { width: 360, height: 800 };
const nameOf = (n: number) => `Shop ${String(n).padStart(2, '0')} Stores`;

describe('Distributors page with many distributors: 30 cards at a time, and a search', () => {
  const signedIn = setUpSignedInPage(OWNER);
  let page: Page;
  const cards = () => page.getByTestId('distributor-card');
  const pager = () => page.getByTestId('distributors-pager');

  beforeAll(async () => {
    page = signedIn.page;
    await bakeAgegeBread(page, { flourKg: 1, loaves: 50 });
    for (let n = 1; n <= COUNT; n += 1) {
      await postOk(page, '/api/distributors', {
        name: nameOf(n),
        address: n === 47 ? '12 Ojuelegba Road, Surulere' : `${n} Market Road, Mushin`,
        phone: `0803 000 ${String(1000 + n)}`,
      });
    }
  });

  test('draws 30 cards, then 30 more and the last 5 on "Show more distributors"', async () => {
    await page.goto('/');
    await goThroughSidebar(page, 'Distributors', 'Distributor Management');
    await expect.poll(() => cards().count()).toBe(30);
    expect(await pager().textContent()).toContain('30 of 65 distributors');
    expect(await cards().last().textContent()).toContain(nameOf(30));
    await screenshot(page, 'distributors-paged-1280');
    await pager().getByRole('button', { name: 'Show more distributors' }).click();
    await expect.poll(() => cards().count()).toBe(60);
    expect(await pager().textContent()).toContain('60 of 65 distributors');
    await pager().getByRole('button', { name: 'Show more distributors' }).click();
    await expect.poll(() => cards().count()).toBe(COUNT);
    expect(await pager().count()).toBe(0);
  });

  test('finds a distributor by name, phone or address, and a payment shows on its card at once', async () => {
    const find = page.getByLabel('Find a distributor');
    await find.fill('sURULERE');
    await expect.poll(() => cards().count()).toBe(1);
    expect(await cards().first().textContent()).toContain(nameOf(47));
    await find.fill('000 1012');
    await expect.poll(() => cards().count()).toBe(1);
    expect(await cards().first().textContent()).toContain(nameOf(12));
    await find.fill('shop 1');
    await expect.poll(() => cards().count()).toBe(10);
    expect(await pager().count()).toBe(0);
    await find.fill('Bakery Nowhere');
    await expect
      .poll(() => page.getByText('No distributor matches “Bakery Nowhere”').count())
      .toBe(1);
    expect(await cards().count()).toBe(0);

    // A payment made from a found card: the card shows it without a reload, the search stays.
    await find.fill(nameOf(47));
    const card = distributorCard(page, nameOf(47));
    await card.getByRole('button', { name: 'Record Payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record Payment' });
    await dialog.getByLabel('Amount (₦)').fill('2500');
    await choose(page, dialog.getByLabel('Payment Method'), 'Cash');
    await dialog.getByRole('button', { name: 'Record Payment' }).click();
    await expectToast(
      page,
      'Payment Recorded',
      `₦2,500.00 from ${nameOf(47)} · Receipt RCT-000001`,
    );
    await expect.poll(() => card.textContent()).toContain('Total Paid₦2,500.00');
    expect(await find.inputValue()).toBe(nameOf(47));
    expect(await cards().count()).toBe(1);
  });

  test('fits a phone: the search over one column of cards and the pager under them', async () => {
    const phone = await signedIn.freshPage(PHONE);
    await signInThroughApi(phone, OWNER);
    await phone.goto('/');
    await goThroughSidebar(phone, 'Distributors', 'Distributor Management');
    await expect.poll(() => phone.getByTestId('distributor-card').count()).toBe(30);
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await screenshot(phone, 'distributors-paged-360');
  });
});
