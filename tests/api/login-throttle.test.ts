import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loginAttempts } from '../../src/server/db/schema';
import { ApiClient, validUser } from '../support/api-client';
import { createTestApp, type TestApp, testConfig } from '../support/test-app';

const LIMITS = { perUsername: 3, perAddress: 6, windowMs: 60_000 };

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ throttle: LIMITS });
  for (const name of ['guarded', 'reset', 'shared', 'proxied', 'readinv']) {
    await new ApiClient(testApp).post('/api/auth/register', validUser(name));
  }
});
afterAll(() => testApp.close());

type App = TestApp['app'];

/** A sign-in from one client address (the socket's, or one a proxy names). */
async function login(
  app: App,
  username: string,
  password: string,
  from: { address?: string; forwardedFor?: string } = {},
) {
  const reply = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    ...(from.address ? { remoteAddress: from.address } : {}),
    ...(from.forwardedFor ? { headers: { 'x-forwarded-for': from.forwardedFor } } : {}),
  });
  return { status: reply.statusCode, body: reply.json() as { message?: string } };
}

const clearAttempts = () => testApp.database.db.delete(loginAttempts);

describe('login throttling', () => {
  it('answers 429 after repeated failures for one username, even from other addresses and with the right password', async () => {
    await clearAttempts();
    for (let i = 0; i < 3; i++) {
      const reply = await login(testApp.app, 'baker_guarded', 'wrong-password', {
        address: `10.1.0.${i}`,
      });
      expect(reply.status).toBe(401);
    }
    const refused = await login(testApp.app, 'BAKER_GUARDED', 'correct-horse-1', {
      address: '10.1.0.99',
    });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      message: 'Too many failed sign-in attempts. Please wait 1 minute and try again.',
      code: 'TOO_MANY_ATTEMPTS',
    });
  });

  it('counts every spelling of a username against one lock, and signs in no other spelling', async () => {
    await clearAttempts();
    const address = { address: '10.7.0.1' };
    // Lookalikes (dotted capital I, full-width letters) are other names, whatever SQL lower() makes of them.
    for (const lookalike of ['baker_readİnv', 'ｂａｋｅｒ＿ｒｅａｄｉｎｖ', 'baker_readınv']) {
      expect((await login(testApp.app, lookalike, 'correct-horse-1', address)).status).toBe(401);
    }
    await clearAttempts();
    for (let i = 0; i < 3; i++) {
      const reply = await login(testApp.app, 'baker_readinv', 'wrong-password', {
        address: `10.7.1.${i}`,
      });
      expect(reply.status).toBe(401);
    }
    for (const spelling of [
      'BAKER_READINV',
      ' Baker_ReadInv ',
      'baker_readİnv',
      'ＢＡＫＥＲ_READINV',
    ]) {
      const reply = await login(testApp.app, spelling, 'correct-horse-1', {
        address: '10.7.2.1',
      });
      expect(reply.status, spelling).not.toBe(200);
    }
    expect((await login(testApp.app, 'BAKER_READINV', 'correct-horse-1', address)).status).toBe(
      429,
    );
  });

  it('stops one address guessing across many usernames, known or not', async () => {
    await clearAttempts();
    for (let i = 0; i < 6; i++) {
      const reply = await login(testApp.app, `ghost_${i}`, 'wrong-password', {
        address: '10.2.0.1',
      });
      expect(reply.status).toBe(401);
    }
    const refused = await login(testApp.app, 'baker_reset', 'correct-horse-1', {
      address: '10.2.0.1',
    });
    expect(refused.status).toBe(429);
    // Another address is not affected.
    expect(
      (await login(testApp.app, 'baker_reset', 'correct-horse-1', { address: '10.2.0.2' })).status,
    ).toBe(200);
  });

  it("resets the username's count after a successful sign-in", async () => {
    await clearAttempts();
    for (let i = 0; i < 2; i++) {
      await login(testApp.app, 'baker_reset', 'wrong-password', { address: `10.3.0.${i}` });
    }
    expect(
      (await login(testApp.app, 'baker_reset', 'correct-horse-1', { address: '10.3.0.9' })).status,
    ).toBe(200);
    // Three more failures are needed again before the username is refused.
    for (let i = 0; i < 3; i++) {
      const reply = await login(testApp.app, 'baker_reset', 'wrong-password', {
        address: `10.3.1.${i}`,
      });
      expect(reply.status).toBe(401);
    }
    expect(
      (await login(testApp.app, 'baker_reset', 'correct-horse-1', { address: '10.3.2.1' })).status,
    ).toBe(429);
  });

  it('counts every app process on the database together', async () => {
    await clearAttempts();
    const second = await buildApp({
      config: testConfig(),
      db: testApp.database.db,
      throttle: LIMITS,
    });
    try {
      await login(testApp.app, 'baker_shared', 'wrong-password', { address: '10.4.0.1' });
      await login(second, 'baker_shared', 'wrong-password', { address: '10.4.0.2' });
      await login(testApp.app, 'baker_shared', 'wrong-password', { address: '10.4.0.3' });
      const refused = await login(second, 'baker_shared', 'correct-horse-1', {
        address: '10.4.0.4',
      });
      expect(refused.status).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('lets a parallel burst of guesses through no more often than the limit allows', async () => {
    await clearAttempts();
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        login(testApp.app, 'baker_guarded', 'wrong-password', { address: `10.5.0.${i}` }),
      ),
    );
    expect(replies.filter((reply) => reply.status === 401).length).toBeLessThanOrEqual(3);
    expect(replies.filter((reply) => reply.status === 429).length).toBeGreaterThanOrEqual(7);
  });

  it('takes the client address behind TRUST_PROXY from the proxy, not from what the client wrote', async () => {
    await clearAttempts();
    const proxied = await buildApp({
      config: testConfig({ trustProxy: 1 }),
      db: testApp.database.db,
      throttle: LIMITS,
    });
    try {
      // The client writes a new address at the front every time; the proxy appends the real one.
      for (let i = 0; i < 6; i++) {
        const reply = await login(proxied, `spoof_${i}`, 'wrong-password', {
          forwardedFor: `203.0.113.${i}, 198.51.100.7`,
        });
        expect(reply.status).toBe(401);
      }
      const refused = await login(proxied, 'spoof_new', 'wrong-password', {
        forwardedFor: '203.0.113.200, 198.51.100.7',
      });
      expect(refused.status).toBe(429);
      // Another real client behind the same proxy still gets in.
      const other = await login(proxied, 'baker_proxied', 'correct-horse-1', {
        forwardedFor: '198.51.100.8',
      });
      expect(other.status).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('ignores X-Forwarded-For without TRUST_PROXY', async () => {
    await clearAttempts();
    for (let i = 0; i < 6; i++) {
      await login(testApp.app, `direct_${i}`, 'wrong-password', {
        address: '10.6.0.1',
        forwardedFor: `203.0.113.${i}`,
      });
    }
    const refused = await login(testApp.app, 'direct_new', 'wrong-password', {
      address: '10.6.0.1',
      forwardedFor: '203.0.113.250',
    });
    expect(refused.status).toBe(429);
  });
});
