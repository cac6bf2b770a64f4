/**
 * Tests that attack the product: cookies, sessions, cross-site writes, security
 * headers, enumeration of accounts, password hashes in responses, SQL built from
 * strings. SECURITY.md names the promise each of them proves.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { sessions } from '../../../src/server/db/schema';
import type { ApiClient } from '../../support/api-client';
import { firstAdmin } from '../../support/personas';
import { createTestApp, type TestApp, testConfig } from '../../support/test-app';

export type App = TestApp['app'];

export let testApp: TestApp;
export let admin: ApiClient;

/** One app for the test file, and its admin. */
export function setUpSecurityApp() {
  beforeAll(async () => {
    // The sign-in throttle has its own tests; here it must not get in the way of many failures.
    testApp = await createTestApp({
      throttle: { perUsername: 1000, perAddress: 1000, windowMs: 60_000 },
    });
    admin = await firstAdmin(testApp);
  });
  afterAll(() => testApp.close());
}

export const ADMIN_LOGIN = { username: 'baker_admin', password: 'correct-horse-1' };

/** An app on the same database with other settings (TRUST_PROXY, a web root). */
export async function withApp<T>(
  overrides: Parameters<typeof testConfig>[0],
  use: (app: App) => Promise<T>,
): Promise<T> {
  const app = await buildApp({ config: testConfig(overrides), db: testApp.database.db });
  try {
    return await use(app);
  } finally {
    await app.close();
  }
}

export const sessionCookieOf = (reply: Awaited<ReturnType<App['inject']>>) =>
  reply.cookies.find((cookie) => cookie.name === 'bakery.sid');

/** The session id inside a signed `bakery.sid=<id>.<signature>` cookie. */
export function sidOf(cookie: string | undefined): string {
  const value = decodeURIComponent(cookie?.replace(/^bakery\.sid=/, '') ?? '');
  return value.replace(/\.[^.]*$/, '');
}

export const sessionRow = (sid: string) =>
  testApp.database.db.select().from(sessions).where(eq(sessions.sid, sid));
