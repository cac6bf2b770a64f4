import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/connection';
import { loginAttempts } from '../db/schema';
import { LoginThrottle } from './login-throttle';

let database: DatabaseHandle;
// A migrated in-memory database: slower to open than the unit project's default hook time allows.
beforeAll(async () => {
  database = await openDatabase({ kind: 'memory' });
}, 60_000);
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(loginAttempts);
});

function throttleAt(start = 1_000_000) {
  const clock = { now: start };
  const throttle = new LoginThrottle(
    database.db,
    { perUsername: 3, perAddress: 5, registrationsPerAddress: 2, windowMs: 60_000 },
    () => clock.now,
  );
  return { throttle, clock };
}

/** An attempt that fails (is never marked a success); returns the wait it was given. */
const fail = async (throttle: LoginThrottle, username: string | undefined, address: string) =>
  (username === undefined
    ? await throttle.register(address)
    : await throttle.signIn({ username, address })
  ).waitMinutes;

/** A registration that succeeds; returns the wait it was given. */
async function register(throttle: LoginThrottle, address: string) {
  const attempt = await throttle.register(address);
  await attempt.succeeded();
  return attempt.waitMinutes;
}

describe('LoginThrottle', () => {
  it('allows attempts until the username has failed too often, whatever its case or address', async () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < 3; i++) expect(await fail(throttle, 'ada', `10.0.0.${i}`)).toBe(0);
    expect(await fail(throttle, 'ADA', '10.0.0.9')).toBe(1);
  });

  it('limits registrations per address, successful or not, and forgets a success as a failure', async () => {
    const { throttle, clock } = throttleAt();
    expect(await register(throttle, '10.0.0.1')).toBe(0);
    expect(await fail(throttle, undefined, '10.0.0.1')).toBe(0);
    expect(await register(throttle, '10.0.0.1')).toBe(1);
    expect(await register(throttle, '10.0.0.2')).toBe(0);
    // The success was no failure: the address still has all five failures.
    for (let i = 0; i < 5; i++) expect(await fail(throttle, `user${i}`, '10.0.0.2')).toBe(0);
    expect(await fail(throttle, 'user9', '10.0.0.2')).toBe(1);
    clock.now += 60_001;
    expect(await register(throttle, '10.0.0.1')).toBe(0);
  });

  it('limits one address trying many usernames, and registrations from it', async () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < 5; i++) await fail(throttle, `user${i}`, '10.0.0.1');
    expect(await fail(throttle, 'someone-else', '10.0.0.1')).toBe(1);
    expect(await fail(throttle, undefined, '10.0.0.1')).toBe(1);
    expect(await fail(throttle, 'someone-else', '10.0.0.2')).toBe(0);
  });

  it('forgets failures once the window has passed, and prunes them', async () => {
    const { throttle, clock } = throttleAt();
    for (let i = 0; i < 3; i++) await fail(throttle, 'ada', '10.0.0.1');
    clock.now += 60_001;
    await throttle.prune();
    expect(await database.db.select().from(loginAttempts)).toHaveLength(0);
    expect(await fail(throttle, 'ada', '10.0.0.1')).toBe(0);
  });

  it('keeps no row for a refused attempt, so the wait it names stays true', async () => {
    const { throttle, clock } = throttleAt();
    for (let i = 0; i < 3; i++) await fail(throttle, 'ada', '10.0.0.1');
    const rows = (await database.db.select().from(loginAttempts)).length;
    clock.now += 30_000;
    expect(await fail(throttle, 'ada', '10.0.0.1')).toBe(1);
    expect(await database.db.select().from(loginAttempts)).toHaveLength(rows);
    clock.now += 30_001;
    expect(await fail(throttle, 'ada', '10.0.0.1')).toBe(0);
  });

  it('clears the username after a successful sign-in, but not the address', async () => {
    const { throttle } = throttleAt();
    for (const name of ['ada', 'ada', 'ada', 'bob', 'eve']) await fail(throttle, name, '10.0.0.1');
    const fresh = throttleAt(2_000_000).throttle;
    // A new window for the success itself, so neither limit refuses it.
    const success = await fresh.signIn({ username: 'Ada', address: '10.0.0.3' });
    expect(success.waitMinutes).toBe(0);
    await success.succeeded();
    expect(await fail(throttle, 'ada', '10.0.0.2')).toBe(0);
    expect(await fail(throttle, 'ada', '10.0.0.1')).toBe(1);
    expect(await fail(throttle, 'ada', '10.0.0.2')).toBe(0);
  });

  it('lets no more than the limit through when attempts arrive all at once', async () => {
    const { throttle } = throttleAt();
    const waits = await Promise.all(
      Array.from({ length: 8 }, (_, i) => fail(throttle, 'ada', `10.0.1.${i}`)),
    );
    expect(waits.filter((wait) => wait === 0).length).toBeLessThanOrEqual(3);
  });

  it('stores digests, never the username or the address', async () => {
    const { throttle } = throttleAt();
    await fail(throttle, 'my-secret-password', '10.0.0.1');
    const rows = await database.db.select().from(loginAttempts);
    expect(JSON.stringify(rows)).not.toMatch(/my-secret-password|10\.0\.0\.1/);
    expect(rows.map((row) => row.key)).toEqual([
      expect.stringMatching(/^[0-9a-f]{64}$/),
      expect.stringMatching(/^[0-9a-f]{64}$/),
    ]);
  });
});
