import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { OutboxEntry } from '../../src/domain/outbox';
import { screenshot } from '../support/browser';
import { lagosDate } from '../support/fixtures';
import { setUpSignedInPage } from '../support/signed-in-page';
import {
  bakeAgegeBread,
  choose,
  createUserWithRights,
  dismissToast,
  distributorCard,
  expectToast,
  goThroughSidebar,
  orderedForToday,
  postOk,
  signInThroughApi,
  signInThroughForm,
  statCard,
  type TestUser,
  untilShown,
  waitForLanding,
  waitForPageTitle,
  waitUntilSettled,
} from './helpers';

/**
 * Issue 20 items 3 and 4: Record Sale, Record Payment and Record Return with
 * the network off (Playwright's offline mode) are kept on the device, survive a
 * reload, and are each stored exactly once when the network returns, on the
 * bakery day they were made; a write the server refuses stays in the Unsent
 * list with its words; a write waits for the user who made it.
 */
const OWNER: TestUser = {
  username: 'outbox_owner',
  email: 'outbox@bakery.ng',
  password: 'kept-on-device-2026',
  firstName: 'Chinedu',
  lastName: 'Okafor',
};
const CLERK: TestUser = {
  username: 'clerk_amaka',
  email: 'amaka@bakery.ng',
  password: 'counter-sales-2026',
  firstName: 'Amaka',
  lastName: 'Obi',
};
const STORES = ['Mama Put Stores', 'Iya Basira Kiosk', 'Oga Emeka Supplies'];
const storeName = (store: number) => STORES[store] ?? '';
/** What each store took online before the network went: 20 loaves at ₦500.00, nothing paid. */
const TAKEN_ONLINE = 20;
const PRICE_ONLINE = 500;

type Sale = { store: number; loaves: number; price: string; paid: string };
type Payment = { store: number; amount: string; method: 'Cash' | 'Mobile Money' };
type Return = { store: number; loaves: number };

/** The 20 writes, half before the reload and half after; the first sale and payment "yesterday". */
const SALES: Sale[] = [
  { store: 0, loaves: 7, price: '512.50', paid: '1000' },
  { store: 1, loaves: 9, price: '512.50', paid: '0' },
  { store: 2, loaves: 11, price: '500.25', paid: '2500.75' },
  { store: 0, loaves: 13, price: '512.50', paid: '0' },
  { store: 1, loaves: 15, price: '499.99', paid: '7000' },
  { store: 2, loaves: 17, price: '512.50', paid: '0' },
  { store: 0, loaves: 19, price: '505.05', paid: '350.40' },
  { store: 1, loaves: 21, price: '512.50', paid: '0' },
];
const PAYMENTS: Payment[] = [
  { store: 1, amount: '1500', method: 'Cash' },
  { store: 2, amount: '2250.50', method: 'Mobile Money' },
  { store: 0, amount: '3000', method: 'Cash' },
  { store: 1, amount: '1750.25', method: 'Mobile Money' },
  { store: 2, amount: '800', method: 'Cash' },
  { store: 0, amount: '4100.10', method: 'Cash' },
];
const RETURNS: Return[] = [
  { store: 2, loaves: 1 },
  { store: 0, loaves: 2 },
  { store: 1, loaves: 3 },
  { store: 2, loaves: 4 },
  { store: 0, loaves: 5 },
  { store: 1, loaves: 6 },
];
const kobo = (naira: string | number) => Math.round(Number(naira) * 100);

const unsentButton = (page: Page) => page.getByTestId('unsent-button');

/** The toast of a write kept on the device, whose line starts with `line`; closed after. */
async function expectKept(page: Page, line: string): Promise<void> {
  const toast = page
    .locator('.mantine-Notification-root')
    .filter({ hasText: 'Kept on this device' });
  await toast.waitFor();
  expect(await toast.locator('.mantine-Notification-description').textContent()).toMatch(
    new RegExp(
      `^${line.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*It will be sent when the network returns\\.$`,
    ),
  );
  await dismissToast(toast);
}

/** Record Sale on the Sales page, as a person fills it in. */
async function recordSale(page: Page, sale: Sale, breadOption: string): Promise<void> {
  await page.getByRole('button', { name: 'Record Sale' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record Sale' });
  await choose(page, dialog.getByLabel('Distributor', { exact: true }), storeName(sale.store));
  await choose(page, dialog.getByLabel('Bread Type', { exact: true }), breadOption);
  await dialog.getByLabel('Loaves Taken').fill(String(sale.loaves));
  await dialog.getByLabel('Price per Loaf (₦)').fill(sale.price);
  await dialog.getByLabel('Amount Paid (₦)').fill(sale.paid);
  await dialog.getByRole('button', { name: 'Record Sale' }).click();
}

/** Record Payment from a store's card on the Distributors page. */
async function recordPayment(page: Page, payment: Payment): Promise<void> {
  await distributorCard(page, storeName(payment.store))
    .getByRole('button', { name: 'Record Payment' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Record Payment' });
  await dialog.getByLabel('Amount (₦)').fill(payment.amount);
  await choose(page, dialog.getByLabel('Payment Method', { exact: true }), payment.method);
  await dialog.getByRole('button', { name: 'Record Payment' }).click();
}

/** Record Return from a store's card: the bread, then the loaves (its price is the one paid). */
async function recordReturn(page: Page, back: Return): Promise<void> {
  await distributorCard(page, storeName(back.store))
    .getByRole('button', { name: 'Record Return' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Record Return' });
  await choose(
    page,
    dialog.getByLabel('Bread Type', { exact: true }),
    `Agege Bread (up to ${TAKEN_ONLINE})`,
  );
  await dialog.getByLabel('Loaves Returned').fill(String(back.loaves));
  await dialog.getByRole('button', { name: 'Record Return' }).click();
}

/** The entries the outbox holds on this device, read from IndexedDB as the app keeps them. */
function keptEntries(page: Page): Promise<OutboxEntry[]> {
  return page.evaluate(
    () =>
      new Promise<OutboxEntry[]>((resolve, reject) => {
        const opening = indexedDB.open('bakery-outbox');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const database = opening.result;
          const reading = database.transaction('entries').objectStore('entries').getAll();
          reading.onsuccess = () => {
            database.close();
            resolve(reading.result);
          };
          reading.onerror = () => reject(reading.error);
        };
      }),
  );
}

/** GETs through a page's session; the JSON answer. */
async function getOk<T>(page: Page, url: string): Promise<T> {
  const reply = await page.request.get(url);
  expect(reply.ok(), await reply.text()).toBe(true);
  return reply.json() as Promise<T>;
}

/** Opens the Unsent list from the header and waits for it to finish sliding in. */
async function openUnsent(page: Page) {
  await unsentButton(page).click();
  const list = page.getByRole('dialog', { name: 'Unsent records' });
  await untilShown(list);
  await waitUntilSettled(list);
  return list;
}

/** The state line of each entry in the open Unsent list. */
const stateLines = (page: Page) =>
  page
    .getByRole('dialog', { name: 'Unsent records' })
    .getByTestId('unsent-state')
    .allTextContents();

interface SaleRecord {
  id: string;
  distributorId: string;
  loavesTaken: number;
  pricePerLoaf: number;
  amountPaid: number;
  createdAt: string;
}
interface PaymentRecord {
  distributorId: string;
  amount: number;
  paymentMethod: string;
  createdAt: string;
}
interface ReturnRecord {
  distributorId: string;
  loavesReturned: number;
  pricePerLoaf: number;
  createdAt: string;
}

/** `lastNight`: made that many seconds after 23:58:30 yesterday, by the phone's clock. */
type Write = ({ sale: Sale } | { payment: Payment } | { back: Return }) & { lastNight?: number };

/** 23:58:30 yesterday in Lagos, by the phone's clock. */
const lastNight = () => new Date(`${lagosDate(new Date(Date.now() - 86_400_000))}T23:58:30+01:00`);

/**
 * Records each write with the network off, on the page it is made on (sales
 * on Sales, the rest on Distributors), and sees it kept; the phone's clock
 * reads now, or last night for those so marked.
 */
async function recordKept(page: Page, writes: Write[], breadOption: string): Promise<void> {
  for (const write of writes) {
    await page.clock.setFixedTime(
      write.lastNight === undefined
        ? new Date()
        : new Date(lastNight().getTime() + write.lastNight * 1000),
    );
    if ('sale' in write) {
      await recordSale(page, write.sale, breadOption);
      const { loaves, store } = write.sale;
      await expectKept(page, `Sale: ${loaves} loaves of Agege Bread to ${storeName(store)}`);
    } else if ('payment' in write) {
      await recordPayment(page, write.payment);
      await expectKept(page, 'Payment: ₦');
    } else {
      await recordReturn(page, write.back);
      await expectKept(page, `Return: ${write.back.loaves} loa`);
    }
  }
}

/** The record each kept entry became: one, when it was stored exactly once. */
function storedAs(
  entry: OutboxEntry,
  records: { sales: SaleRecord[]; payments: PaymentRecord[]; returns: ReturnRecord[] },
): { createdAt: string }[] {
  const { write } = entry;
  switch (write.kind) {
    case 'sale':
      return records.sales.filter(
        (sale) =>
          sale.distributorId === write.body.distributorId &&
          sale.loavesTaken === write.body.loavesTaken &&
          kobo(sale.pricePerLoaf) === kobo(write.body.pricePerLoaf) &&
          kobo(sale.amountPaid) === kobo(write.body.amountPaid ?? 0),
      );
    case 'payment':
      return records.payments.filter(
        (payment) =>
          payment.distributorId === write.body.distributorId &&
          kobo(payment.amount) === kobo(write.body.amount) &&
          payment.paymentMethod === write.body.paymentMethod,
      );
    case 'return':
      return records.returns.filter(
        (back) =>
          back.distributorId === write.body.distributorId &&
          back.loavesReturned === write.body.loavesReturned &&
          kobo(back.pricePerLoaf) === PRICE_ONLINE * 100,
      );
    case 'settlement':
      return [];
  }
}

/** A store's balance after the 20, in kobo: taken − paid at sale − payments − returns. */
function owedInKobo(store: number): number {
  const sum = <T>(rows: T[], amount: (row: T) => number) =>
    rows.reduce((total, row) => total + amount(row), 0);
  const mine = <T extends { store: number }>(rows: T[]) =>
    rows.filter((row) => row.store === store);
  return (
    TAKEN_ONLINE * PRICE_ONLINE * 100 +
    sum(mine(SALES), (sale) => sale.loaves * kobo(sale.price) - kobo(sale.paid)) -
    sum(mine(PAYMENTS), (payment) => kobo(payment.amount)) -
    sum(mine(RETURNS), (back) => back.loaves * PRICE_ONLINE * 100)
  );
}

/**
 * Online first, as a phone is in the morning: Record Sale and each store's
 * Record Return seen once, so their lists are kept for offline; and the
 * service worker in charge of the page.
 */
async function seeFormsOnline(page: Page, breadOption: string): Promise<void> {
  await page.goto('/');
  await waitForPageTitle(page, 'Dashboard');
  await goThroughSidebar(page, 'Sales', 'Sales Management');
  await page.getByRole('button', { name: 'Record Sale' }).click();
  const saleForm = page.getByRole('dialog', { name: 'Record Sale' });
  await choose(page, saleForm.getByLabel('Distributor', { exact: true }), storeName(0));
  await choose(page, saleForm.getByLabel('Bread Type', { exact: true }), breadOption);
  await saleForm.getByRole('button', { name: 'Cancel' }).click();
  await goThroughSidebar(page, 'Distributors', 'Distributor Management');
  for (const name of STORES) {
    await distributorCard(page, name).getByRole('button', { name: 'Record Return' }).click();
    const form = page.getByRole('dialog', { name: 'Record Return' });
    await choose(
      page,
      form.getByLabel('Bread Type', { exact: true }),
      `Agege Bread (up to ${TAKEN_ONLINE})`,
    );
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });
  }
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The header's button, time and bell lie in order on a screen this wide, none past its edge. */
async function expectHeaderFits(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 740 });
  const button = await unsentButton(page).boundingBox();
  const time = await page.getByTestId('header-time').boundingBox();
  const bell = await page.getByRole('button', { name: /^Notifications/ }).boundingBox();
  if (!button || !time || !bell) throw new Error(`At ${width} px the header lost a part`);
  expect(button.x, `${width} px`).toBeGreaterThanOrEqual(0);
  expect(time.x, `${width} px`).toBeGreaterThanOrEqual(button.x + button.width);
  expect(bell.x + bell.width, `${width} px`).toBeLessThanOrEqual(width);
}

/**
 * The Unsent list and the header with its button, at 1280 and 360 px; on a
 * phone the button, the time and the bell fit (the date gives way under 480 px).
 */
async function screenshotUnsent(page: Page): Promise<void> {
  const list = await openUnsent(page);
  await screenshot(page, 'offline-unsent-list-1280');
  await page.setViewportSize({ width: 360, height: 740 });
  await waitUntilSettled(list);
  await screenshot(page, 'offline-unsent-list-360');
  await list.getByRole('button', { name: 'Close unsent records' }).click();
  await list.waitFor({ state: 'detached' });
  await screenshot(page, 'offline-unsent-header-360');
  try {
    for (const width of [360, 479, 480, 575, 576, 767, 768]) await expectHeaderFits(page, width);
  } finally {
    await page.setViewportSize({ width: 1280, height: 800 });
  }
}

describe('offline writing: kept on the device, sent once when the network returns', () => {
  const signedIn = setUpSignedInPage(OWNER);
  let admin: Page;
  let page: Page;
  let context: BrowserContext;
  let recipeId: string;
  const storeIds: string[] = [];

  /** Completes a batch of `loaves` more Agege Bread. */
  async function bakeMore(loaves: number) {
    const batch = await postOk(admin, '/api/production-batches', { recipeId, flourKg: 1 });
    const done = await admin.request.patch(`/api/production-batches/${batch.id}`, {
      data: { status: 'completed', loavesProduced: loaves },
    });
    expect(done.status()).toBe(200);
  }

  const agegeAvailable = async () => {
    const breads = await getOk<{ recipeName: string; totalAvailable: number }[]>(
      admin,
      '/api/available-loaves',
    );
    return breads.find((bread) => bread.recipeName === 'Agege Bread')?.totalAvailable ?? 0;
  };

  beforeAll(async () => {
    admin = signedIn.page;
    ({ recipeId } = await bakeAgegeBread(admin, { flourKg: 20, loaves: 300 }));
    for (const name of STORES) {
      const store = await postOk(admin, '/api/distributors', {
        name,
        address: '14 Balogun Market, Lagos Island',
        phone: '0802 555 0101',
      });
      storeIds.push(store.id);
      await postOk(admin, '/api/sales-transactions', {
        distributorId: store.id,
        recipeName: 'Agege Bread',
        loavesTaken: TAKEN_ONLINE,
        pricePerLoaf: PRICE_ONLINE,
        amountPaid: 0,
      });
    }
    page = await signedIn.freshPage();
    context = page.context();
    await signInThroughApi(page, OWNER);
  });

  test('20 sales, payments and returns made offline, a reload half-way, each stored once on its own day', async () => {
    const breadOption = `Agege Bread (${await agegeAvailable()} available)`;
    await seeFormsOnline(page, breadOption);

    await context.setOffline(true);
    await goThroughSidebar(page, 'Sales', 'Sales Management');
    // The first sale and payment are made just before midnight by the phone's clock.
    await recordKept(
      page,
      [{ sale: SALES[0] as Sale, lastNight: 0 }, ...SALES.slice(1, 4).map((sale) => ({ sale }))],
      breadOption,
    );
    await goThroughSidebar(page, 'Distributors', 'Distributor Management');
    await recordKept(
      page,
      [
        { payment: PAYMENTS[0] as Payment, lastNight: 40 },
        ...PAYMENTS.slice(1, 3).map((payment) => ({ payment })),
        ...RETURNS.slice(0, 3).map((back) => ({ back })),
      ],
      breadOption,
    );
    expect(await unsentButton(page).textContent()).toBe('Unsent: 10');

    // The phone reloads the app with no network: the service worker opens it, the kept writes stay.
    await page.reload();
    await waitForPageTitle(page, 'Distributor Management');
    await unsentButton(page).getByText('Unsent: 10').waitFor();
    await recordKept(
      page,
      [
        ...PAYMENTS.slice(3).map((payment) => ({ payment })),
        ...RETURNS.slice(3).map((back) => ({ back })),
      ],
      breadOption,
    );
    await goThroughSidebar(page, 'Sales', 'Sales Management');
    await recordKept(
      page,
      SALES.slice(4).map((sale) => ({ sale })),
      breadOption,
    );
    await unsentButton(page).getByText('Unsent: 20').waitFor();
    const kept = await keptEntries(page);
    expect(kept).toHaveLength(20);
    expect(new Set(kept.map((entry) => entry.key)).size).toBe(20);

    await openUnsent(page);
    // Polled: the sender tries an entry now and then (each on its own backoff), and the one
    // it tries reads "Sending…" for a moment; on a busy machine that moment is long.
    await expect.poll(() => stateLines(page)).toEqual(Array(20).fill('Waiting for the network'));
    expect(await page.getByTestId('unsent-entry').first().textContent()).toContain(
      `Sale: 7 loaves of Agege Bread to ${storeName(0)}, ₦3,587.50 paid ₦1,000.00`,
    );
    await page.getByRole('button', { name: 'Close unsent records' }).click();
    await screenshotUnsent(page);

    await context.setOffline(false);
    await unsentButton(page).waitFor({ state: 'detached' });
    // The page on view shows them without a reload: 60 loaves sold online, 112 offline.
    await statCard(page, 'Total Sold').getByText('172', { exact: true }).waitFor();

    const sales = await getOk<SaleRecord[]>(admin, '/api/sales-transactions?limit=500');
    const payments = await getOk<PaymentRecord[]>(admin, '/api/distributor-payments?limit=500');
    const returns = await getOk<ReturnRecord[]>(admin, '/api/bread-returns?limit=500');
    expect(sales).toHaveLength(STORES.length + SALES.length);
    expect(payments).toHaveLength(PAYMENTS.length);
    expect(returns).toHaveLength(RETURNS.length);

    for (const entry of kept) {
      const stored = storedAs(entry, { sales, payments, returns });
      expect(stored, JSON.stringify(entry.write)).toHaveLength(1);
      // Made on the device then, so on that bakery day, whenever the server received it.
      const createdAt = new Date((stored[0] as { createdAt: string }).createdAt);
      expect(createdAt.getTime()).toBe(new Date(entry.madeAt).getTime());
    }
    const yesterday = lagosDate(lastNight());
    const lastNights = kept.filter((entry) => lagosDate(new Date(entry.madeAt)) === yesterday);
    expect(lastNights.map((entry) => entry.write.kind).sort()).toEqual(['payment', 'sale']);

    // Each store's balance is what the 20 imply: taken − paid at sale − payments − returns.
    const distributors = await getOk<{ id: string; balance: number }[]>(admin, '/api/distributors');
    for (const [store, name] of STORES.entries()) {
      const found = distributors.find((distributor) => distributor.id === storeIds[store]);
      expect(kobo(found?.balance ?? Number.NaN), name).toBe(owedInKobo(store));
    }
  }, 240_000);

  test("a sale whose loaves were sold meanwhile is refused in the list with the server's words; discard and correct", async () => {
    const available = await agegeAvailable();
    await goThroughSidebar(page, 'Sales', 'Sales Management');
    await page.getByRole('button', { name: 'Record Sale' }).click();
    const form = page.getByRole('dialog', { name: 'Record Sale' });
    await choose(
      page,
      form.getByLabel('Bread Type', { exact: true }),
      `Agege Bread (${available} available)`,
    );
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });

    await context.setOffline(true);
    await page.clock.setFixedTime(new Date());
    const five: Sale = { store: 0, loaves: 5, price: '520', paid: '0' };
    const four: Sale = { store: 0, loaves: 4, price: '520', paid: '0' };
    for (const sale of [five, four]) {
      await recordSale(page, sale, `Agege Bread (${available} available)`);
      await expectKept(page, `Sale: ${sale.loaves} loaves`);
    }
    // Meanwhile the office, online, sells every loaf left.
    await postOk(admin, '/api/sales-transactions', {
      distributorId: storeIds[1],
      recipeName: 'Agege Bread',
      loavesTaken: available,
      pricePerLoaf: PRICE_ONLINE,
      amountPaid: 0,
    });
    const [, corrected] = await keptEntries(page).then((entries) =>
      entries.sort((a, b) => a.madeAt.localeCompare(b.madeAt)),
    );

    await context.setOffline(false);
    const list = await openUnsent(page);
    await expect
      .poll(() => stateLines(page))
      .toEqual(Array(2).fill('Refused: No loaves of Agege Bread are available'));
    expect(await unsentButton(page).textContent()).toBe('Unsent: 2');
    await screenshot(page, 'offline-unsent-refused-1280');

    const entries = list.getByTestId('unsent-entry');
    await entries
      .filter({ hasText: 'Sale: 5 loaves' })
      .getByRole('button', { name: 'Discard' })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Discard this record?' });
    expect(await confirm.textContent()).toContain('It was never recorded');
    await confirm.getByRole('button', { name: 'Discard', exact: true }).click();
    await entries.filter({ hasText: 'Sale: 5 loaves' }).waitFor({ state: 'detached' });
    expect(await unsentButton(page).textContent()).toBe('Unsent: 1');

    await bakeMore(10);
    await entries
      .filter({ hasText: 'Sale: 4 loaves' })
      .getByRole('button', { name: 'Correct' })
      .click();
    const correction = page.getByRole('dialog', { name: 'Correct Sale' });
    await correction.waitFor();
    expect(await correction.getByLabel('Loaves Taken').inputValue()).toBe('4');
    expect(await correction.getByLabel('Price per Loaf (₦)').inputValue()).toBe('520');
    await correction.getByLabel('Loaves Taken').fill('3');
    await correction.getByRole('button', { name: 'Record Sale' }).click();
    await dismissToast(
      await expectToast(page, 'Sale Recorded', `3 loaves of Agege Bread to ${storeName(0)}`),
    );
    await unsentButton(page).waitFor({ state: 'detached' });

    const sales = await getOk<SaleRecord[]>(admin, '/api/sales-transactions?limit=500');
    const at520 = sales.filter((sale) => kobo(sale.pricePerLoaf) === 52_000);
    expect(at520.map((sale) => sale.loavesTaken)).toEqual([3]);
    // Corrected, it keeps the moment it was made on the device.
    expect(new Date((at520[0] as SaleRecord).createdAt).getTime()).toBe(
      new Date(corrected?.madeAt ?? '').getTime(),
    );
  }, 120_000);

  test('writes wait for the user who made them: another user signed in on the device does not send them', async () => {
    await createUserWithRights(admin, CLERK, 'Counter Clerk', [
      { module: 'sales', canRead: true, canWrite: true, canDelete: false },
      { module: 'distributors', canRead: true, canWrite: true, canDelete: false },
    ]);
    await bakeMore(20);
    const available = await agegeAvailable();
    const device = await signedIn.freshPage();
    await device.goto('/');
    await signInThroughForm(device, CLERK);
    await goThroughSidebar(device, 'Sales', 'Sales Management');
    await device.getByRole('button', { name: 'Record Sale' }).click();
    const form = device.getByRole('dialog', { name: 'Record Sale' });
    await choose(device, form.getByLabel('Distributor', { exact: true }), storeName(2));
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });

    await device.context().setOffline(true);
    const bread = `Agege Bread (${available} available)`;
    for (const loaves of [2, 3]) {
      await recordSale(device, { store: 2, loaves, price: '530', paid: '0' }, bread);
      await expectKept(device, `Sale: ${loaves} loaves`);
    }
    // The network is back but the bakery server still out of reach: nothing gets through.
    const sales = (url: URL) => url.pathname === '/api/sales-transactions';
    await device.route(sales, (route) =>
      route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue(),
    );
    await device.context().setOffline(false);

    await device.getByRole('button', { name: 'Logout' }).click();
    const warning = device.getByRole('dialog', { name: 'Unsent records stay here' });
    expect(await warning.textContent()).toContain(
      '2 records you made are not sent yet. They stay on this device and are sent when you next sign in here.',
    );
    await warning.getByRole('button', { name: 'Log out' }).click();
    await waitForLanding(device);

    await signInThroughForm(device, OWNER);
    await device.unroute(sales);
    const list = await openUnsent(device);
    expect(await stateLines(device)).toEqual(Array(2).fill('Waiting for Amaka Obi to sign in'));
    // Only their maker acts on them.
    expect(await list.getByRole('button', { name: 'Send now' }).count()).toBe(0);
    expect(await list.getByRole('button', { name: 'Discard' }).count()).toBe(0);
    await screenshot(device, 'offline-unsent-other-user-1280');
    await list.getByRole('button', { name: 'Close unsent records' }).click();

    // The owner's own sale goes at once; the clerk's wait.
    await goThroughSidebar(device, 'Sales', 'Sales Management');
    await recordSale(device, { store: 2, loaves: 1, price: '530', paid: '0' }, bread);
    await dismissToast(
      await expectToast(device, 'Sale Recorded', `1 loaf of Agege Bread to ${storeName(2)}`),
    );
    expect(await unsentButton(device).textContent()).toBe('Unsent: 2');
    await device.getByRole('button', { name: 'Logout' }).click();
    await waitForLanding(device);

    await signInThroughForm(device, CLERK);
    await unsentButton(device).waitFor({ state: 'detached' });

    const stored = (await getOk<SaleRecord[]>(admin, '/api/sales-transactions?limit=500')).filter(
      (sale) => kobo(sale.pricePerLoaf) === 53_000,
    );
    expect(stored.map((sale) => sale.loavesTaken).sort()).toEqual([1, 2, 3]);
    const users = await getOk<{ id: string; username: string }[]>(admin, '/api/admin/users');
    const clerkId = users.find((user) => user.username === CLERK.username)?.id;
    for (const sale of stored) {
      const events = await getOk<{ userId: string | null; summary: { result?: string } | null }[]>(
        admin,
        `/api/admin/audit?action=sales.create&recordId=${sale.id}&outcome=succeeded`,
      );
      // A send whose answer was lost comes back as a replay: it wrote nothing.
      const made = events.filter((event) => event.summary?.result !== 'replayed');
      expect(made).toHaveLength(1);
      const expected =
        sale.loavesTaken === 1 ? users.find((u) => u.username === OWNER.username)?.id : clerkId;
      expect(made[0]?.userId).toBe(expected);
    }
  }, 180_000);
});

describe('offline writing: a settlement made with no network', () => {
  const signedIn = setUpSignedInPage({ ...OWNER, username: 'outbox_settler' });
  const SHOP = 'Adunni Stores';
  const settlementFigure = (page: Page, label: string) =>
    page.getByTestId('settlement-summary').getByLabel(label, { exact: true });

  beforeAll(async () => {
    const [shop] = await orderedForToday(signedIn.page, [SHOP], {
      baked: 10,
      pricePerLoaf: 512.5,
      ordered: 6,
    });
    await postOk(signedIn.page, `/api/dispatch/${shop?.id}`, {
      day: lagosDate(new Date()),
      lines: [{ recipeName: 'Agege Bread', loaves: 6 }],
    });
  });

  test('is kept with a note in place of the form, then settles its day when the network returns', async () => {
    const page = signedIn.page;
    await page.goto('/');
    await goThroughSidebar(page, 'Settlement');
    await choose(page, page.getByLabel('Distributor', { exact: true }).first(), SHOP);
    await page.getByRole('button', { name: 'Add return' }).click();
    await choose(page, page.getByLabel('Return 1 bread', { exact: true }).first(), 'Agege Bread');
    await page.getByLabel('Return 1 loaves', { exact: true }).first().fill('2');
    await page.getByLabel('Collected (₦)', { exact: true }).first().fill('1000.5');

    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Settle' }).click();
    await expectKept(page, `Settlement: ${SHOP}, 2 loaves returned, ₦1,000.50 collected (Cash)`);
    const note = page.getByTestId('settlement-kept');
    expect(await note.textContent()).toContain('Waiting for the network');
    expect(await page.getByRole('button', { name: 'Settle' }).count()).toBe(0);
    expect(await unsentButton(page).textContent()).toBe('Unsent: 1');
    await screenshot(page, 'offline-settlement-kept-1280');

    await page.context().setOffline(false);
    await unsentButton(page).waitFor({ state: 'detached' });
    // 6 loaded at ₦512.50, 2 back, ₦1,000.50 collected: the summary shows without a reload.
    await expect
      .poll(() => settlementFigure(page, 'Balance after').textContent())
      .toBe('₦1,049.50');
    expect(await settlementFigure(page, 'Returned').textContent()).toBe('2 loaves');
  });
});
