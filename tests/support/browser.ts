import { resolve } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { rollupDifferences } from '../../src/server/modules/accounts/rollups';
import { createTestApp, type TestApp, testConfig } from './test-app';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/**
 * The real app (API and built web app) on a fresh database, listening on a
 * free port; `options` go to the app (a test's clock as `now`, say). Closing
 * it checks, as `npm run verify` does, that every roll-up still equals the
 * totals of its records, so every browser test file ends with that check
 * (it throws, failing the file, after the app is closed).
 */
export async function startWebApp(
  options: Omit<Parameters<typeof createTestApp>[0], 'config'> = {},
): Promise<TestApp & { baseUrl: string }> {
  const testApp = await createTestApp({
    ...options,
    config: testConfig({ webRoot: resolve('dist/web') }),
  });
  const address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const close = async () => {
    const differences = await rollupDifferences(testApp.database.db);
    await testApp.close();
    if (differences.length > 0) {
      throw new Error(`roll-ups differ from their records: ${JSON.stringify(differences)}`);
    }
  };
  return { ...testApp, baseUrl: address, close };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    // This machine has no network beyond loopback: keep Chromium from trying.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A fresh browser profile on the app. Its person asked for less motion, as the
 * app honours (Mantine's transitions off): the tests do not wait out each
 * dialog's and menu's animation (a third off the browser tier's time).
 * tests/e2e/motion.test.ts goes through the app with the motion on.
 */
export async function newPage(
  browser: Browser,
  baseUrl: string,
  viewport = DESKTOP,
  motion: 'reduce' | 'no-preference' = 'reduce',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport,
    locale: 'en-NG',
    timezoneId: 'Africa/Lagos',
    reducedMotion: motion,
  });
  const page = await context.newPage();
  return { context, page };
}

/** Screenshots land in screenshots/ (ignored by git) for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `screenshots/${name}.png`, fullPage: true });
}
