import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import argon2 from 'argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { users } from '../../../src/server/db/schema';
import { ApiClient, validUser } from '../../support/api-client';
import { testConfig } from '../../support/test-app';
import { setUpSecurityApp, testApp, withApp } from './setup';

setUpSecurityApp();

describe('security headers', () => {
  let webRoot: string;
  let indexHtml: string;
  beforeAll(() => {
    // The built page when there is one (npm start, the browser tests), else its source.
    const built = resolve('dist/web/index.html');
    indexHtml = readFileSync(existsSync(built) ? built : resolve('src/web/index.html'), 'utf8');
    webRoot = mkdtempSync(join(tmpdir(), 'bakery-web-'));
    writeFileSync(join(webRoot, 'index.html'), indexHtml);
  });
  afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

  function directives(csp: string): Map<string, string[]> {
    return new Map(
      csp
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .filter(([name]) => name)
        .map(([name, ...values]) => [name as string, values]),
    );
  }

  function expectSecurityHeaders(headers: Record<string, unknown>, what: string) {
    const csp = directives(String(headers['content-security-policy'] ?? ''));
    expect(csp.get('script-src'), what).toEqual(["'self'"]);
    expect(csp.get('script-src-attr'), what).toEqual(["'none'"]);
    expect(csp.get('default-src'), what).toEqual(["'self'"]);
    expect(csp.get('object-src'), what).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
    expect(csp.get('base-uri'), what).toEqual(["'self'"]);
    // Mantine's run-time styles need it (see app.ts); scripts never do.
    expect(csp.get('style-src'), what).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.has('upgrade-insecure-requests'), what).toBe(false);
    expect(headers['x-content-type-options'], what).toBe('nosniff');
    expect(headers['referrer-policy'], what).toBe('same-origin');
    expect(headers['x-frame-options'], what).toBe('DENY');
  }

  it('are sent with the page, the app routes, API answers and errors alike', async () => {
    await withApp({ webRoot }, async (app) => {
      const answers = {
        'the page': await app.inject({ method: 'GET', url: '/' }),
        'an app route': await app.inject({ method: 'GET', url: '/inventory' }),
        'an API answer': await app.inject({ method: 'GET', url: '/api/app-info' }),
        'a 401': await app.inject({ method: 'GET', url: '/api/auth/user' }),
        'a 404': await app.inject({ method: 'GET', url: '/api/no-such-thing' }),
        'a 400': await app.inject({ method: 'POST', url: '/api/auth/login', payload: {} }),
      };
      expect(answers['the page'].headers['content-type']).toMatch(/^text\/html/);
      expect(answers['an app route'].headers['content-type']).toMatch(/^text\/html/);
      for (const [what, reply] of Object.entries(answers)) {
        expectSecurityHeaders(reply.headers, what);
      }
    });
  });

  it('need no inline script: the page loads its scripts from files only', () => {
    const scripts = [...indexHtml.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [tag, attributes, body] of scripts) {
      expect(attributes, tag).toMatch(/\ssrc="\/[^"]+"/);
      expect(body?.trim(), tag).toBe('');
    }
    // No event-handler attributes or javascript: URLs either.
    expect(indexHtml).not.toMatch(/\son[a-z]+\s*=/i);
    expect(indexHtml).not.toMatch(/javascript:/i);
  });
});

describe('no enumeration of accounts', () => {
  beforeAll(async () => {
    for (const name of ['present', 'retired']) {
      await new ApiClient(testApp).post('/api/auth/register', validUser(name));
    }
    await testApp.database.db
      .update(users)
      .set({ isActive: false })
      .where(eq(users.username, 'baker_retired'));
  });

  const login = async (username: string, password: string) => {
    const reply = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password },
    });
    return { status: reply.statusCode, body: reply.json() };
  };

  it('answers an unknown user, a wrong password and a deactivated account in the same words', async () => {
    const answers = [
      await login('nobody_by_that_name', 'correct-horse-1'),
      await login('baker_present', 'wrong-password'),
      await login('baker_retired', 'wrong-password'),
      await login('baker_retired', 'correct-horse-1'),
    ];
    for (const answer of answers) {
      expect(answer).toEqual({
        status: 401,
        body: { message: 'Invalid username or password', code: 'INVALID_CREDENTIALS' },
      });
    }
  });

  it('checks a password hash for an unknown username too, with the parameters of a real one', async () => {
    const verify = vi.spyOn(argon2, 'verify');
    try {
      await login('nobody_by_that_name', 'some-password');
      expect(verify).toHaveBeenCalledTimes(1);
      const [decoyHash] = verify.mock.calls[0] ?? [];
      const [real] = await testApp.database.db
        .select({ hash: users.passwordHash })
        .from(users)
        .where(eq(users.username, 'baker_present'));
      const parameters = (hash: string) => hash.split('$').slice(1, 4).join('$');
      expect(parameters(String(decoyHash))).toBe(parameters(real?.hash ?? ''));
      expect(parameters(String(decoyHash))).toMatch(/^argon2id\$v=19\$m=19456,/);
    } finally {
      verify.mockRestore();
    }
  });

  it('takes about as long for an unknown username as for a wrong password', async () => {
    const timed = async (username: string) => {
      const start = performance.now();
      await login(username, 'wrong-password');
      return performance.now() - start;
    };
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 5; i++) {
      unknown.push(await timed(`nobody_${i}`));
      wrong.push(await timed('baker_present'));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[2] ?? 0;
    // Without the decoy an unknown name answers in a few ms, a hash check takes tens.
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.5);
  });

  it('names a taken username or e-mail at registration (the form must), but throttles the probing', async () => {
    const app = await buildApp({
      config: testConfig(),
      db: testApp.database.db,
      throttle: { perUsername: 5, perAddress: 3, registrationsPerAddress: 100, windowMs: 60_000 },
    });
    try {
      const register = async (body: Record<string, unknown>) => {
        const reply = await app.inject({
          method: 'POST',
          url: '/api/auth/register',
          remoteAddress: '10.77.0.1',
          payload: body,
        });
        return { status: reply.statusCode, body: reply.json() };
      };
      // Successful registrations are no failures (they have a limit of their own).
      for (let i = 0; i < 4; i++) {
        expect((await register(validUser(`fresh_${i}`))).status).toBe(201);
      }
      const taken = await register(validUser('probe', { username: 'baker_present' }));
      expect(taken).toEqual({
        status: 409,
        body: {
          message: 'Username already exists',
          code: 'USERNAME_TAKEN',
          errors: [{ path: 'username', message: 'Username already exists' }],
        },
      });
      const takenEmail = await register(validUser('probe', { email: 'bakerpresent@bakery.ng' }));
      expect(takenEmail.status).toBe(409);
      expect(takenEmail.body).toEqual({
        message: 'An account with this email already exists',
        code: 'EMAIL_TAKEN',
        errors: [{ path: 'email', message: 'An account with this email already exists' }],
      });
      expect((await register(validUser('probe', { username: 'baker_admin' }))).status).toBe(409);
      const refused = await register(validUser('probe_more'));
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        message:
          'Too many registration attempts from this address. Please wait 1 minute and try again.',
        code: 'TOO_MANY_ATTEMPTS',
      });
      // The same address may not go on guessing at the login form either.
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.77.0.1',
        payload: { username: 'baker_present', password: 'wrong-password' },
      });
      expect(login.statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });
});
