import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema';
import { ApiClient } from '../../support/api-client';
import {
  ADMIN_LOGIN,
  type App,
  admin,
  sessionCookieOf,
  sessionRow,
  setUpSecurityApp,
  sidOf,
  testApp,
  withApp,
} from './setup';

setUpSecurityApp();

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Lax and not Secure on plain HTTP', async () => {
    const reply = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: ADMIN_LOGIN,
    });
    expect(reply.statusCode).toBe(200);
    const cookie = sessionCookieOf(reply);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).not.toBe(true);
    expect(String(reply.headers['set-cookie'])).not.toMatch(/;\s*Secure/i);
  });

  it('is Secure behind a TLS proxy when TRUST_PROXY is set', async () => {
    await withApp({ trustProxy: 1 }, async (app) => {
      const https = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'x-forwarded-proto': 'https' },
        payload: ADMIN_LOGIN,
      });
      expect(https.statusCode).toBe(200);
      expect(sessionCookieOf(https)).toMatchObject({
        httpOnly: true,
        sameSite: 'Lax',
        secure: true,
      });

      const http = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'x-forwarded-proto': 'http' },
        payload: ADMIN_LOGIN,
      });
      expect(sessionCookieOf(http)?.secure).not.toBe(true);
    });
  });

  it('ignores X-Forwarded-Proto without TRUST_PROXY (a client could send it)', async () => {
    const reply = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-proto': 'https' },
      payload: ADMIN_LOGIN,
    });
    expect(sessionCookieOf(reply)?.secure).not.toBe(true);
  });

  it('gets a new session id at sign-in; the old one no longer authenticates and its row is gone', async () => {
    const client = new ApiClient(testApp);
    await client.post('/api/auth/login', ADMIN_LOGIN);
    const before = client.sessionCookie;
    expect(before).toBeDefined();
    const sidBefore = sidOf(before);
    expect(await sessionRow(sidBefore)).toHaveLength(1);

    await client.post('/api/auth/login', ADMIN_LOGIN);
    expect(client.sessionCookie).toBeDefined();
    expect(client.sessionCookie).not.toBe(before);
    expect(sidOf(client.sessionCookie)).not.toBe(sidBefore);
    expect(await sessionRow(sidBefore)).toEqual([]);

    const stale = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: before ?? '' },
    });
    expect(stale.statusCode).toBe(401);
    expect((await client.get('/api/auth/user')).status).toBe(200);
  });

  it('is cleared at sign-out, and the session row deleted', async () => {
    const client = new ApiClient(testApp);
    await client.post('/api/auth/login', ADMIN_LOGIN);
    const sid = sidOf(client.sessionCookie);
    const reply = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: client.sessionCookie ?? '' },
    });
    expect(reply.statusCode).toBe(200);
    expect(sessionCookieOf(reply)?.value).toBe('');
    expect(await sessionRow(sid)).toEqual([]);
  });

  it('carries a session id that cannot be forged: an unsigned or re-signed id is ignored', async () => {
    const client = new ApiClient(testApp);
    await client.post('/api/auth/login', ADMIN_LOGIN);
    const sid = sidOf(client.sessionCookie);
    for (const cookie of [`bakery.sid=${sid}`, `bakery.sid=${sid}.forged-signature`]) {
      const reply = await testApp.app.inject({
        method: 'GET',
        url: '/api/auth/user',
        headers: { cookie },
      });
      expect(reply.statusCode).toBe(401);
    }
  });
});

describe('cross-site writes', () => {
  const HOST = 'bakery.local:5000';

  const write = (app: App, headers: Record<string, string>, cookie?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { host: HOST, ...headers, ...(cookie ? { cookie } : {}) },
    });

  it('refuses every API write whose Origin names another site, before the guard or the handler runs', async () => {
    const writes = testApp.app.apiRoutes.filter((route) => route.method !== 'GET');
    expect(writes.length).toBeGreaterThan(20);
    const usersBefore = (await testApp.database.db.select({ id: users.id }).from(users)).length;
    for (const route of writes) {
      const reply = await testApp.app.inject({
        method: route.method as 'POST',
        url: route.url.replaceAll(/:\w+/g, randomUUID()),
        headers: {
          host: HOST,
          origin: 'https://evil.example',
          cookie: admin.sessionCookie ?? '',
        },
        payload: {},
      });
      expect({ route, status: reply.statusCode }).toEqual({ route, status: 403 });
      expect(reply.json()).toEqual({
        message: 'Cross-site request refused',
        code: 'CROSS_SITE_REFUSED',
      });
    }
    expect((await testApp.database.db.select({ id: users.id }).from(users)).length).toBe(
      usersBefore,
    );
    // The admin is still signed in: the refused logout did not run.
    expect((await admin.get('/api/auth/user')).status).toBe(200);
  });

  it.each([
    ['another site', { origin: 'https://evil.example' }],
    ['a sub-domain of this site', { origin: 'http://evil.bakery.local:5000' }],
    ['an opaque origin (sandboxed frame, file://)', { origin: 'null' }],
    ['another site in Referer, when there is no Origin', { referer: 'https://evil.example/page' }],
    ['a Referer that is not a URL', { referer: 'not a url' }],
    [
      'another site in Origin, even with this site in Referer',
      {
        origin: 'https://evil.example',
        referer: 'http://bakery.local:5000/inventory',
      },
    ],
  ])('answers a write from %s with 403 and a JSON message', async (_case, headers) => {
    const reply = await write(testApp.app, headers);
    expect(reply.statusCode).toBe(403);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    expect(reply.json()).toEqual({
      message: 'Cross-site request refused',
      code: 'CROSS_SITE_REFUSED',
    });
  });

  it('refuses other write methods too, not only POST, PATCH, PUT and DELETE', async () => {
    const reply = await testApp.app.inject({
      method: 'PROPPATCH',
      url: '/api/inventory',
      headers: { host: HOST, origin: 'https://evil.example' },
    });
    expect(reply.statusCode).toBe(403);
  });

  it.each([
    ['the same origin', { origin: 'http://bakery.local:5000' }],
    [
      'this host over HTTPS on the default port (behind a TLS proxy)',
      {
        origin: 'https://bakery.local',
      },
    ],
    [
      'this host in Referer, when there is no Origin',
      {
        referer: 'http://bakery.local:5000/inventory?x=1',
      },
    ],
    ['neither Origin nor Referer (scripts and integrations)', {}],
  ])('lets through a write from %s', async (_case, headers) => {
    const reply = await write(testApp.app, headers);
    expect(reply.statusCode).toBe(200);
  });

  it('lets reads through whatever their Origin: they change nothing', async () => {
    const reply = await testApp.app.inject({
      method: 'GET',
      url: '/api/app-info',
      headers: { host: HOST, origin: 'https://evil.example' },
    });
    expect(reply.statusCode).toBe(200);
  });

  it('compares with the host the proxy was asked for when TRUST_PROXY is set', async () => {
    await withApp({ trustProxy: 1 }, async (app) => {
      const proxied = (origin: string) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/logout',
          headers: { host: '127.0.0.1:5000', 'x-forwarded-host': 'bakery.example.ng', origin },
        });
      expect((await proxied('https://bakery.example.ng')).statusCode).toBe(200);
      expect((await proxied('https://evil.example')).statusCode).toBe(403);
    });
  });
});
