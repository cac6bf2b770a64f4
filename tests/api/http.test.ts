import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salesApi } from '../../src/domain/contracts/sales';
import { buildApp } from '../../src/server/app';
import { serve } from '../../src/server/contract-route';
import { ApiClient } from '../support/api-client';
import { firstAdmin } from '../support/personas';
import { createTestApp, type TestApp, testConfig } from '../support/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const login = { username: 'someone', password: 'whatever-1' };

describe('errors', () => {
  it('answers malformed JSON with 400 and a message, not a stack trace', async () => {
    const reply = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(reply.statusCode).toBe(400);
    const body = reply.json();
    expect(body.message).toEqual(expect.any(String));
    expect(reply.body).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('answers a wrong content type with 415', async () => {
    const reply = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'username=a',
    });
    expect(reply.statusCode).toBe(415);
    expect(reply.json()).toHaveProperty('message');
  });

  it('answers wrong types with the field messages', async () => {
    const reply = await new ApiClient(testApp).post('/api/auth/login', {
      username: 42,
      password: [],
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      errors: [
        { path: 'username', message: 'Username is required' },
        { path: 'password', message: 'Password is required' },
      ],
    });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const reply = await new ApiClient(testApp).get('/api/no-such-thing');
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
  });
});

describe('cross-site requests', () => {
  const post = (origin?: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: 'bakery.local:5000', ...(origin ? { origin } : {}) },
      payload: login,
    });

  it('refuses a write whose Origin is another site', async () => {
    const reply = await post('https://evil.example');
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toEqual({
      message: 'Cross-site request refused',
      code: 'CROSS_SITE_REFUSED',
    });
    expect((await post('null')).statusCode).toBe(403);
  });

  it('lets the same site through, with or without a port, and callers that send no Origin', async () => {
    expect((await post('http://bakery.local:5000')).statusCode).toBe(401);
    expect((await post('https://bakery.local')).statusCode).toBe(401);
    expect((await post()).statusCode).toBe(401);
  });
});

describe('security headers', () => {
  it('sends a strict content security policy and nosniff', async () => {
    const reply = await testApp.app.inject({ method: 'GET', url: '/api/app-info' });
    const csp = String(reply.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('compressed answers', () => {
  it('gzips a cached answer for a caller that takes gzip, and sends plain JSON to one that does not', async () => {
    const admin = await firstAdmin(testApp);
    for (let n = 1; n <= 12; n += 1) {
      const item = await admin.post('/api/inventory', {
        name: `Baking Paper Roll, size ${n}`,
        category: 'packaging',
        unit: 'units',
        currentStock: n,
        minStock: 2,
        unitCost: 6500,
      });
      expect(item.status).toBe(201);
    }
    const cookie = admin.sessionCookie ?? '';
    const plain = await testApp.app.inject({
      method: 'GET',
      url: '/api/inventory',
      headers: { cookie },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toHaveLength(12);

    for (const acceptEncoding of ['gzip, deflate, br, zstd', 'br;q=1, gzip;q=0.5']) {
      const zipped = await testApp.app.inject({
        method: 'GET',
        url: '/api/inventory',
        headers: { cookie, 'accept-encoding': acceptEncoding },
      });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toContain('accept-encoding');
      expect(zipped.headers['content-type']).toMatch(/^application\/json/);
      expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.payload);
    }
    const refused = await testApp.app.inject({
      method: 'GET',
      url: '/api/inventory',
      headers: { cookie, 'accept-encoding': 'gzip;q=0, br' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    // Small answers are not worth it.
    const user = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie, 'accept-encoding': 'gzip' },
    });
    expect(user.headers['content-encoding']).toBeUndefined();
  });
});

describe('route contracts', () => {
  it('refuses to register an API route that declares no contract', async () => {
    const app = await buildApp({ config: testConfig(), db: testApp.database.db });
    expect(() => app.get('/api/unlisted', async () => ({ open: true }))).toThrow(
      'GET /api/unlisted declares no contract',
    );
    await app.close();
  });

  it('refuses to register a write whose contract names no audit action', async () => {
    const app = await buildApp({ config: testConfig(), db: testApp.database.db });
    const contract = { ...salesApi.record, audit: undefined };
    expect(() => serve(app, contract, async () => ({}) as never)).toThrow(
      'POST /api/sales-transactions declares no audit action',
    );
    await app.close();
  });
});
