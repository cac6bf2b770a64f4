import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { registerThroughApi, signInThroughApi, type TestUser } from '../e2e/helpers';
import { DESKTOP, launchBrowser, newPage, startWebApp } from './browser';

export interface SignedInPage {
  /** The app under test, listening on a free port. */
  readonly web: Awaited<ReturnType<typeof startWebApp>>;
  readonly browser: Browser;
  /** A desktop page signed in as the user, on no particular screen yet. */
  readonly page: Page;
  /** A fresh browser profile, as another person on another machine (closed with the rest). */
  freshPage(viewport?: typeof DESKTOP): Promise<Page>;
}

/**
 * The e2e set-up of a test file (or describe): the real app on a fresh
 * database, a browser, and a page signed in as `user`, registered first (the
 * first account is the admin). Everything is closed after the tests. The
 * fields are there from the first test (or a later beforeAll) on.
 */
export function setUpSignedInPage(user: TestUser): SignedInPage {
  let web: SignedInPage['web'] | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  const contexts: BrowserContext[] = [];
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('setUpSignedInPage: used before its beforeAll ran');
    return value;
  };
  const fixture: SignedInPage = {
    get web() {
      return ready(web);
    },
    get browser() {
      return ready(browser);
    },
    get page() {
      return ready(page);
    },
    async freshPage(viewport = DESKTOP) {
      const fresh = await newPage(ready(browser), ready(web).baseUrl, viewport);
      contexts.push(fresh.context);
      return fresh.page;
    },
  };

  beforeAll(async () => {
    [web, browser] = await Promise.all([startWebApp(), launchBrowser()]);
    const signedIn = await fixture.freshPage();
    await registerThroughApi(signedIn, user);
    await signInThroughApi(signedIn, user);
    page = signedIn;
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await web?.close();
  });

  return fixture;
}
