import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { formatDate } from '../../src/web/components/format';
import { screenshot } from '../support/browser';
import { lagosDate } from '../support/fixtures';
import { setUpSignedInPage } from '../support/signed-in-page';
import {
  bakeAgegeBread,
  choose,
  dismissToast,
  expectToast,
  mainNavigation,
  postOk,
  signInThroughApi,
  type TestUser,
  waitForPageTitle,
} from './helpers';

const OWNER: TestUser = {
  username: 'prices_admin',
  email: 'prices@bakery.ng',
  password: 'price-list-2026',
  firstName: 'Bisi',
  lastName: 'Adeyemi',
};

const MAMA = 'Mama Nkechi Stores';
const ALHAJI = 'Alhaji Bello Ventures';
const PHONE_360 = { width: 360, height: 780 };

const goTo = async (page: Page, entry: string, title: string) => {
  await mainNavigation(page).getByRole('link', { name: entry, exact: true }).click();
  await waitForPageTitle(page, title);
};

const FROM_TODAY = formatDate(lagosDate(new Date()));

async function setPrice(page: Page, priceFor: string, price: string, shown: string) {
  await page.getByRole('button', { name: 'Set Price' }).click();
  const dialog = page.getByRole('dialog');
  await choose(page, dialog.getByLabel('Bread Type', { exact: true }), 'Agege Bread');
  if (priceFor !== 'Default for everyone') {
    await choose(page, dialog.getByLabel('Price for', { exact: true }), priceFor);
  }
  await dialog.getByLabel('Price per Loaf (₦)').fill(price);
  await dialog.getByRole('button', { name: 'Set Price' }).click();
  const owner = priceFor === 'Default for everyone' ? 'everyone' : priceFor;
  const message = `Agege Bread for ${owner}: ${shown} from ${FROM_TODAY}`;
  await dismissToast(await expectToast(page, 'Price Set', message));
}

describe('prices per distributor', () => {
  const signedIn = setUpSignedInPage(OWNER);
  let page: Page;

  beforeAll(async () => {
    page = signedIn.page;
    await bakeAgegeBread(page, { flourKg: 20, loaves: 100 });
    for (const name of [MAMA, ALHAJI]) {
      await postOk(page, '/api/distributors', {
        name,
        address: '12 Market Road, Aba',
        phone: '0803 123 4567',
      });
    }
    await page.goto('/');
  });

  test('sets a default price and a distributor’s own price on Prices', async () => {
    await goTo(page, 'Prices', 'Prices');
    const bread = page.getByTestId('bread-prices').filter({ hasText: 'Agege Bread' });
    await bread.getByText('No default price').waitFor();
    await setPrice(page, 'Default for everyone', '500', '₦500.00');
    await bread.getByText('₦500.00', { exact: true }).waitFor();
    await setPrice(page, MAMA, '450', '₦450.00');
    const own = bread.getByTestId('own-price');
    await own.waitFor();
    expect(await own.textContent()).toBe(`${MAMA}₦450.00−₦50.00`);
    const changes = page.getByTestId('price-change');
    await expect.poll(() => changes.count()).toBe(2);
    expect(await changes.first().textContent()).toContain(`Agege Bread · ${MAMA}`);
    await screenshot(page, 'prices-1280');

    const phone = await signedIn.freshPage(PHONE_360);
    await signInThroughApi(phone, OWNER);
    await phone.goto('/prices');
    await phone.getByTestId('own-price').waitFor();
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE_360.width);
    await screenshot(phone, 'prices-360');
  });

  test('Record Sale prefills the distributor’s price, keeps a typed one, and records it', async () => {
    await goTo(page, 'Sales', 'Sales Management');
    await page.getByRole('button', { name: 'Record Sale' }).click();
    const dialog = page.getByRole('dialog');
    const price = dialog.getByLabel('Price per Loaf (₦)');
    await choose(page, dialog.getByLabel('Distributor', { exact: true }), MAMA);
    await choose(
      page,
      dialog.getByLabel('Bread Type', { exact: true }),
      'Agege Bread (100 available)',
    );
    await expect.poll(() => price.inputValue()).toBe('450');
    await dialog.getByText("The distributor's own price today").waitFor();

    await price.fill('470');
    await dialog.getByLabel('Loaves Taken').fill('10');
    expect(await price.inputValue()).toBe('470');

    await choose(page, dialog.getByLabel('Distributor', { exact: true }), ALHAJI);
    await expect.poll(() => price.inputValue()).toBe('500');
    await dialog.getByText('The default price today').waitFor();
    await choose(page, dialog.getByLabel('Distributor', { exact: true }), MAMA);
    await expect.poll(() => price.inputValue()).toBe('450');

    await dialog.getByRole('button', { name: 'Record Sale' }).click();
    await dismissToast(
      await expectToast(page, 'Sale Recorded', `10 loaves of Agege Bread to ${MAMA}`),
    );
    const sale = page.getByTestId('recent-sale').first();
    await sale.getByText('₦4,500.00').waitFor();
  });
});
