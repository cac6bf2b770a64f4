import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app';
import { DatabaseSessionStore } from '../../src/server/auth/session-store';
import { appSettings, sessions } from '../../src/server/db/schema';
import { ReadCache } from '../../src/server/read-cache';
import { ApiClient, signedInClient } from '../support/api-client';
import { testClock } from '../support/clock';
import { createTestApp, type TestApp, testConfig } from '../support/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const sessionRows = () => testApp.database.db.select().from(sessions);

describe('sessions', () => {
  it('lives in the sessions table with an expiry about the idle timeout away', async () => {
    await signedInClient(testApp, 'rows');
    const rows = await sessionRows();
    expect(rows).toHaveLength(1);
    const hoursLeft = ((rows[0]?.expire.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(11.9);
    expect(hoursLeft).toBeLessThanOrEqual(12);
  });

  it('stops working once expired, and the sweep removes expired rows only', async () => {
    const client = await signedInClient(testApp, 'expiring');
    const live = await signedInClient(testApp, 'live');
    const [expiring] = await testApp.database.db
      .select({ sid: sessions.sid })
      .from(sessions)
      .where(eq(sessions.sid, sidOf(client)));
    expect(expiring).toBeDefined();
    await testApp.database.db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(sessions.sid, sidOf(client)));
    expect((await client.get('/api/auth/user')).status).toBe(401);

    const before = (await sessionRows()).length;
    await new DatabaseSessionStore(testApp.database.db, new ReadCache()).removeExpired();
    const after = await sessionRows();
    expect(after.map((row) => row.sid)).not.toContain(sidOf(client));
    expect(after.map((row) => row.sid)).toContain(sidOf(live));
    expect(after.length).toBeLessThan(before);
    expect((await live.get('/api/auth/user')).status).toBe(200);
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

describe('the idle timeout (SESSION_IDLE_HOURS)', () => {
  // Three seconds of idleness end a session, on a clock the tests move. The app sweeps every 50 ms.
  const IDLE_HOURS = 3 / 3600;

  it('keeps a session in use alive, ends an idle one, and the app deletes its row by itself', async () => {
    const clock = testClock();
    const app = await buildApp({
      config: testConfig({ sessionIdleHours: IDLE_HOURS }),
      db: testApp.database.db,
      sweepEveryMs: 50,
      now: clock.now,
    });
    try {
      const short = { ...testApp, app };
      const client = new ApiClient(short);
      const login = await client.post('/api/auth/login', {
        username: 'baker_rows',
        password: 'correct-horse-1',
      });
      expect(login.status).toBe(200);
      const sid = sidOf(client);
      // In use for longer than the idle time: each call pushes the expiry back.
      for (let i = 0; i < 4; i++) {
        clock.advance(1000);
        expect((await client.get('/api/auth/user')).status).toBe(200);
      }
      // Then idle for longer than the timeout, until the next sweep.
      clock.advance(3800);
      await vi.waitFor(
        async () =>
          expect(
            await testApp.database.db.select().from(sessions).where(eq(sessions.sid, sid)),
          ).toEqual([]),
        { timeout: 2000, interval: 25 },
      );
      expect((await client.get('/api/auth/user')).status).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('does not bring back a session that ended elsewhere while this process still held it', async () => {
    const clock = testClock();
    const app = await buildApp({
      config: testConfig({ sessionIdleHours: IDLE_HOURS }),
      db: testApp.database.db,
      now: clock.now,
    });
    try {
      const client = new ApiClient({ ...testApp, app });
      await client.post('/api/auth/login', { username: 'baker_rows', password: 'correct-horse-1' });
      expect((await client.get('/api/auth/user')).status).toBe(200);
      const sid = sidOf(client);
      // Signed out by another process, whose notice has not arrived: this
      // process still has the session cached, and its refresh is due.
      await testApp.database.db.delete(sessions).where(eq(sessions.sid, sid));
      clock.advance(900);
      const reply = await client.get('/api/auth/user');
      expect(reply.status).toBe(401);
      expect(
        await testApp.database.db.select().from(sessions).where(eq(sessions.sid, sid)),
      ).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe('the absolute lifetime (SESSION_MAX_DAYS)', () => {
  it('keeps the sign-in time in the session row', async () => {
    const before = Date.now();
    const client = await signedInClient(testApp, 'dated');
    const [row] = await testApp.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.sid, sidOf(client)));
    const signedInAt = (row?.sess as { signedInAt?: number } | undefined)?.signedInAt ?? 0;
    expect(signedInAt).toBeGreaterThanOrEqual(before);
    expect(signedInAt).toBeLessThanOrEqual(Date.now());
  });

  it('ends a session that long after sign-in, though it never sat idle', async () => {
    // Idle for 3 s would end it; 4 s after sign-in ends it whatever its use.
    const clock = testClock();
    const app = await buildApp({
      config: testConfig({ sessionIdleHours: 3 / 3600, sessionMaxDays: 4 / 86_400 }),
      db: testApp.database.db,
      now: clock.now,
    });
    try {
      await signedInClient(testApp, 'busy');
      const client = new ApiClient({ ...testApp, app });
      const login = await client.post('/api/auth/login', {
        username: 'baker_busy',
        password: 'correct-horse-1',
      });
      expect(login.status).toBe(200);
      const signedInAt = clock.now();
      // Each call comes well within the idle time and pushes the idle expiry back.
      for (let i = 0; i < 3; i++) {
        clock.advance(1000);
        expect((await client.get('/api/auth/user')).status).toBe(200);
      }
      clock.advance(Math.max(0, signedInAt + 4200 - clock.now()));
      const reply = await client.get('/api/auth/user');
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ message: 'Please sign in to continue', code: 'NOT_SIGNED_IN' });
    } finally {
      await app.close();
    }
  });

  it('refuses a row without a sign-in time (made before the lifetime existed)', async () => {
    const client = await signedInClient(testApp, 'undated');
    await testApp.database.db
      .update(sessions)
      .set({ sess: { userId: (await client.get<{ id: string }>('/api/auth/user')).body.id } })
      .where(eq(sessions.sid, sidOf(client)));
    const app = await buildApp({ config: testConfig(), db: testApp.database.db });
    try {
      const fresh = await app.inject({
        method: 'GET',
        url: '/api/auth/user',
        headers: { cookie: client.sessionCookie ?? '' },
      });
      expect(fresh.statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});

/** The session id inside a signed `bakery.sid=<id>.<signature>` cookie. */
function sidOf(client: ApiClient): string {
  const value = client.sessionCookie?.replace(/^bakery\.sid=/, '') ?? '';
  return decodeURIComponent(value).replace(/\.[^.]*$/, '');
}
