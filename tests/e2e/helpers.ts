import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { lagosDate } from '../support/fixtures';

export interface TestUser {
  username: string;
  password: string;
  email: string;
  firstName?: string;
  lastName?: string;
}

/** The landing page's Login/Register card is up (the app has finished asking who is signed in). */
export async function waitForLanding(page: Page): Promise<void> {
  await page
    .getByRole('heading', { name: 'Comprehensive Bakery Management System' })
    .waitFor({ state: 'visible' });
  await page.getByRole('tab', { name: 'Login' }).waitFor({ state: 'visible' });
}

/** The signed-in page whose title heading is `title`. */
export async function waitForPageTitle(page: Page, title: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
}

/** The shown toast with this title; checks its message. Toasts show one at a time. */
export async function expectToast(page: Page, title: string, message: string): Promise<Locator> {
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: title });
  await toast.waitFor({ state: 'visible' });
  expect(await toast.locator('.mantine-Notification-title').textContent()).toBe(title);
  expect(await toast.locator('.mantine-Notification-description').textContent()).toBe(message);
  return toast;
}

/** Closes a toast with its close button, so the next one can show without waiting 5 s. */
export async function dismissToast(toast: Locator): Promise<void> {
  // A click while the toast is still sliding in can be lost on a busy machine:
  // click again until it has gone, rather than wait the whole timeout for it.
  for (let attempt = 1; ; attempt += 1) {
    await toast.getByRole('button').click();
    try {
      await toast.waitFor({ state: 'detached', timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 5) throw error;
      if ((await toast.count()) === 0) return;
    }
  }
}

/** The error message shown under a form field. */
export async function fieldError(page: Page, label: string): Promise<string | null> {
  const input = page.getByLabel(label, { exact: true });
  const describedBy = (await input.getAttribute('aria-describedby')) ?? '';
  const errorId = describedBy.split(/\s+/).find((id) => id.endsWith('-error'));
  if (!errorId) return null;
  return page.locator(`[id="${errorId}"]`).textContent();
}

export async function registerThroughApi(page: Page, user: TestUser): Promise<void> {
  const response = await page.request.post('/api/auth/register', { data: user });
  expect(response.status(), await response.text()).toBe(201);
}

/** Signs in with the page's own cookie jar: the next page load is signed in. */
export async function signInThroughApi(page: Page, user: TestUser): Promise<void> {
  const response = await page.request.post('/api/auth/login', {
    data: { username: user.username, password: user.password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

export function mainNavigation(scope: Page | Locator): Locator {
  return scope.getByRole('navigation', { name: 'Main navigation' });
}

/**
 * Opens a screen from the sidebar as a person does (on a phone, through the
 * header's menu button first) and waits for its title.
 */
export async function goThroughSidebar(page: Page, entry: string, title = entry): Promise<void> {
  const menu = page.getByRole('button', { name: 'Open navigation' });
  // Whichever the screen has, once it is drawn: the sidebar, or on a phone the menu button.
  await mainNavigation(page).or(menu).first().waitFor();
  if (await menu.isVisible()) await menu.click();
  await mainNavigation(page)
    .getByRole('link', { name: entry, exact: true })
    .filter({ visible: true })
    .click();
  await waitForPageTitle(page, title);
  // The phone's drawer closes on the choice: wait for it to go, so no later click lands on it.
  await page.getByRole('dialog', { name: 'Navigation' }).waitFor({ state: 'detached' });
}

/** Signs in with the landing page's Login form, which is on screen. */
export async function signInThroughForm(page: Page, user: TestUser): Promise<void> {
  await waitForLanding(page);
  await page.getByLabel('Username', { exact: true }).fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await waitForPageTitle(page, 'Dashboard');
}

/** The entry names of a navigation, in order. */
export async function navEntryNames(nav: Locator): Promise<string[]> {
  const names = await nav.getByRole('link').allTextContents();
  return names.map((name) => name.trim());
}

/** Waits for a dialog to finish fading in, so its screenshot is not caught half-way. */
export async function untilShown(dialog: Locator): Promise<void> {
  await expect.poll(() => dialog.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
}

/** A distributor's card on the Distributors page. */
export const distributorCard = (page: Page, name: string): Locator =>
  page.getByTestId('distributor-card').filter({ hasText: name });

/** Waits until an element stops moving (a drawer's slide-in, say), for a steady screenshot. */
export async function waitUntilSettled(locator: Locator): Promise<void> {
  let last = '';
  await expect
    .poll(
      async () => {
        const box = JSON.stringify(await locator.boundingBox());
        const settled = box === last;
        last = box;
        return settled;
      },
      { interval: 100, timeout: 5000 },
    )
    .toBe(true);
}

/**
 * Holds the page's calls to `path` (a slow network) until the returned release
 * function is called, so the screen's busy state can be read.
 */
export async function holdRequests(page: Page, path: string): Promise<() => Promise<void>> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const handled: Promise<void>[] = [];
  const matches = (url: URL) => url.pathname === path;
  await page.route(matches, (route) => {
    const done = released.then(() => route.continue());
    handled.push(done);
    return done;
  });
  return async () => {
    release();
    await Promise.all(handled);
    await page.unroute(matches);
  };
}

/**
 * Picks an option of a Mantine Select by its label, as a person does: a click
 * opens the list, a click on the option picks it. When no list opened (the
 * click landed as the dialog was still taking focus), a second click, as a
 * person would. When the option is not offered, the error names what was.
 */
export async function choose(page: Page, select: Locator, option: string): Promise<void> {
  const wanted = page.getByRole('option', { name: option, exact: true });
  const lists = page.getByRole('listbox');
  await select.click();
  try {
    await wanted.waitFor({ timeout: 5_000 });
  } catch {
    if ((await lists.count()) === 0) await select.click();
    try {
      await wanted.waitFor({ timeout: 10_000 });
    } catch {
      const offered = await page.getByRole('option').allTextContents();
      const said = await lists.allTextContents();
      throw new Error(
        `"${option}" is not offered: ${await lists.count()} list(s) open, options ` +
          `[${offered.join(' | ')}], reading "${said.join(' | ')}"`,
      );
    }
  }
  await wanted.click();
}

/** The stat card (or any card) headed by this exact label. */
export const statCard = (page: Page, label: string): Locator =>
  page.locator('.mantine-Card-root').filter({ has: page.getByText(label, { exact: true }) });

/**
 * Every cell of these rows (of a table or its rows; not the column headers, which
 * a phone's cards keep for screen readers only) lies inside a screen this wide: each
 * figure shows without scrolling sideways (a table scrolling in its box puts some past the edge).
 */
export async function expectCellsOnScreen(rows: Locator, width: number): Promise<void> {
  const cells = await rows
    .locator('td, th')
    .evaluateAll((all) =>
      all
        .filter((cell) => !cell.closest('thead'))
        .map((cell) => ({ text: cell.textContent, box: cell.getBoundingClientRect().toJSON() })),
    );
  expect(cells.length).toBeGreaterThan(0);
  for (const { text, box } of cells) {
    expect(box.left, `${text} starts off screen`).toBeGreaterThanOrEqual(0);
    expect(box.right, `${text} ends off screen`).toBeLessThanOrEqual(width);
  }
}

/** On a phone, the name each cell of a row shows above its figure (CSS content: 'none' for none). */
export const tileLabels = (row: Locator): Promise<string[]> =>
  row
    .locator('td, th')
    .evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, '::before').content));

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Today in Lagos, as the app's calendars show it. */
export function lagosToday() {
  const [year, month, day] = lagosDate(new Date()).split('-').map(Number) as [
    number,
    number,
    number,
  ];
  return { year, month, day, monthName: MONTHS[month - 1] as string };
}

/**
 * Waits until a control of a date picker's calendar is fully shown: a click
 * during the calendar's opening transition is ignored by the picker, as it
 * would be for a person who clicked that fast.
 */
async function untilCalendarOpen(control: Locator): Promise<void> {
  await control.waitFor();
  await expect
    .poll(() =>
      control.evaluate((el) => getComputedStyle(el.closest('[role="dialog"]') ?? el).opacity),
    )
    .toBe('1');
}

/** Clicks a day of this month in the open date picker (a closing one may linger in the page). */
export async function pickDayOfThisMonth(page: Page, dayOfMonth: number): Promise<void> {
  const { year, monthName } = lagosToday();
  const day = page
    .getByRole('button', { name: `${dayOfMonth} ${monthName} ${year}`, exact: true })
    .filter({ visible: true })
    .last();
  await untilCalendarOpen(day);
  await day.click();
}

/**
 * Opens the date field labelled `label` and picks `day` (YYYY-MM-DD), moving
 * the calendar on a month at a time as a person does; returns once the
 * calendar has closed, so no screenshot catches it fading out.
 */
export async function pickDay(page: Page, label: string, day: string): Promise<void> {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  await page.getByLabel(label, { exact: true }).click();
  const next = page.locator('button[data-direction="next"]').filter({ visible: true }).last();
  await untilCalendarOpen(next);
  const button = page
    .getByRole('button', { name: `${date} ${MONTHS[month - 1]} ${year}`, exact: true })
    .filter({ visible: true })
    .last();
  for (let months = 0; months < 24 && !(await button.isVisible()); months += 1) await next.click();
  await untilCalendarOpen(button);
  await button.click();
  await button.waitFor({ state: 'hidden' });
}

/** POSTs through the page's session and expects success; the created record's JSON. */
export async function postOk(page: Page, url: string, data: object) {
  const reply = await page.request.post(url, { data });
  expect(reply.ok(), await reply.text()).toBe(true);
  return reply.json();
}

/** A module's rights as a role grants them (PUT /api/admin/roles/{id}/permissions). */
export interface ModuleRights {
  module: string;
  canRead: boolean;
  canWrite: boolean;
  canDelete: boolean;
}

/**
 * Creates, through an admin's page, a role named `role` with these rights and
 * `user` holding it; `signInThroughApi` then signs them in on a page of their own.
 */
export async function createUserWithRights(
  admin: Page,
  user: TestUser,
  role: string,
  permissions: ModuleRights[],
): Promise<void> {
  const created = await postOk(admin, '/api/admin/roles', { name: role });
  const rights = await admin.request.put(`/api/admin/roles/${created.id}/permissions`, {
    data: { permissions },
  });
  expect(rights.status(), await rights.text()).toBe(200);
  await postOk(admin, '/api/admin/users', { ...user, roleId: created.id });
}

/**
 * Loaves to sell: a Flour item (100 kg at ₦800), the Agege Bread recipe
 * (1 kg flour per kg) and one batch of it completed with `loaves` loaves;
 * `started` starts the batch first, so it has a start date.
 */
export async function bakeAgegeBread(
  page: Page,
  options: { flourKg: number; loaves: number; minStock?: number; started?: boolean },
): Promise<{ flourId: string; recipeId: string }> {
  const flour = await postOk(page, '/api/inventory', {
    name: 'Flour',
    category: 'ingredients',
    unit: 'kg',
    currentStock: 100,
    minStock: options.minStock ?? 0,
    unitCost: 800,
  });
  const recipe = await postOk(page, '/api/recipes', {
    name: 'Agege Bread',
    ingredients: [{ itemId: flour.id, quantity: 1, unit: 'kg' }],
  });
  const batch = await postOk(page, '/api/production-batches', {
    recipeId: recipe.id,
    flourKg: options.flourKg,
    ...(options.started ? { status: 'in_progress' } : {}),
  });
  const done = await page.request.patch(`/api/production-batches/${batch.id}`, {
    data: { status: 'completed', loavesProduced: options.loaves },
  });
  expect(done.status()).toBe(200);
  return { flourId: flour.id, recipeId: recipe.id };
}

/**
 * Today's wholesale morning for a browser test: Agege Bread baked (`baked`
 * loaves), its price from today, and each distributor named with `ordered`
 * loaves on today's book (closed at yesterday's cut-off: the test's owner,
 * an admin, holds the Sales delete right that may still change it).
 */
export async function orderedForToday(
  page: Page,
  names: readonly string[],
  { baked, pricePerLoaf, ordered }: { baked: number; pricePerLoaf: number; ordered: number },
): Promise<{ id: string; name: string }[]> {
  const today = lagosDate(new Date());
  await bakeAgegeBread(page, { flourKg: 1, loaves: baked });
  await postOk(page, '/api/bread-prices', {
    recipeName: 'Agege Bread',
    pricePerLoaf,
    effectiveFrom: today,
  });
  const distributors = [];
  for (const name of names) {
    const distributor = await postOk(page, '/api/distributors', {
      name,
      address: '3 Oke-Arin Street, Lagos Island',
      phone: '0803 111 2222',
    });
    const reply = await page.request.put(`/api/orders/book/${distributor.id}`, {
      data: { day: today, breads: [{ recipeName: 'Agege Bread', loaves: ordered }] },
    });
    expect(reply.status(), await reply.text()).toBe(200);
    distributors.push({ id: distributor.id as string, name });
  }
  return distributors;
}
