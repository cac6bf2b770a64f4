import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseSessionStore } from '../../src/server/auth/session-store';
import { appSettings, sessions } from '../../src/server/db/schema';
import { signedInClient } from '../support/api-client';
import { createTestApp, type TestApp } from '../support/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('sessions', () => {
  it('lives in the sessions table with an expiry about the idle timeout away', async () => {
    await signedInClient(testApp, 'rows');
    const rows = await testApp.database.db.select().from(sessions);
    expect(rows).toHaveLength(1);
    const hoursLeft = ((rows[0]?.expire.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(11.9);
    expect(hoursLeft).toBeLessThanOrEqual(12);
  });

  it('stops working once expired, and the sweep removes expired rows', async () => {
    const client = await signedInClient(testApp, 'expiring');
    await testApp.database.db.update(sessions).set({ expire: new Date(Date.now() - 1000) });
    expect((await client.get('/api/auth/user')).status).toBe(401);

    await new DatabaseSessionStore(testApp.database.db, 1000).removeExpired();
    expect(await testApp.database.db.select().from(sessions)).toHaveLength(0);
  });

  it('keeps one generated signing secret in the database for every app process', async () => {
    const rows = await testApp.database.db
      .select()
      .from(appSettings)
      .where(eq(appSettings.key, 'session_secret'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.value.length).toBeGreaterThanOrEqual(32);
  });
});
