/**
 * Tests that attack the product: cookies, sessions, cross-site writes, security
 * headers, enumeration of accounts, password hashes in responses, SQL built from
 * strings. SECURITY.md names the promise each of them proves.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import argon2 from 'argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app';
import { sessions, users } from '../../src/server/db/schema';
import { ApiClient, validUser } from '../support/api-client';
import { createRole, firstAdmin, userWithRole } from '../support/personas';
import { createTestApp, type TestApp, testConfig } from '../support/test-app';

type App = TestApp['app'];

let testApp: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  // The sign-in throttle has its own tests; here it must not get in the way of many failures.
  testApp = await createTestApp({
    throttle: { perUsername: 1000, perAddress: 1000, windowMs: 60_000 },
  });
  admin = await firstAdmin(testApp);
});
afterAll(() => testApp.close());

const ADMIN_LOGIN = { username: 'baker_admin', password: 'correct-horse-1' };

/** An app on the same database with other settings (TRUST_PROXY, a web root). */
async function withApp<T>(
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

const sessionCookieOf = (reply: Awaited<ReturnType<App['inject']>>) =>
  reply.cookies.find((cookie) => cookie.name === 'bakery.sid');

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
      expect(reply.json()).toEqual({ message: 'Cross-site request refused' });
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
    expect(reply.json()).toEqual({ message: 'Cross-site request refused' });
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
      expect(answer).toEqual({ status: 401, body: { message: 'Invalid username or password' } });
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
          errors: [{ path: 'username', message: 'Username already exists' }],
        },
      });
      const takenEmail = await register(validUser('probe', { email: 'bakerpresent@bakery.ng' }));
      expect(takenEmail.status).toBe(409);
      expect(takenEmail.body).toEqual({
        message: 'An account with this email already exists',
        errors: [{ path: 'email', message: 'An account with this email already exists' }],
      });
      expect((await register(validUser('probe', { username: 'baker_admin' }))).status).toBe(409);
      const refused = await register(validUser('probe_more'));
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        message:
          'Too many registration attempts from this address. Please wait 1 minute and try again.',
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

describe('password hashes never leave the server', () => {
  const FORBIDDEN = /password_?hash|\$argon2/i;

  it('appear in no answer of any GET route, read from the router, walked as the admin', async () => {
    const ids = await seedOneOfEverything();
    const reads = testApp.app.apiRoutes.filter((route) => route.method === 'GET');
    expect(reads.length).toBeGreaterThan(30);
    const walked: string[] = [];
    for (const route of reads) {
      const url = route.url.replaceAll(/:(\w+)/g, (_param, name: string) => {
        const id = idFor(route.url, name, ids);
        if (!id) throw new Error(`No id to substitute for :${name} in ${route.url}: add it here`);
        return id;
      });
      const reply = await testApp.app.inject({
        method: 'GET',
        url,
        headers: { cookie: admin.sessionCookie ?? '' },
      });
      expect({ url, status: reply.statusCode }).toEqual({ url, status: 200 });
      expect(reply.body.length, url).toBeGreaterThan(0);
      expect(reply.body, url).not.toMatch(FORBIDDEN);
      walked.push(url);
    }
    expect(walked).toContain('/api/admin/users');
    expect(walked).toContain('/api/auth/user');
  });

  it('appear in no answer to creating or changing a user', async () => {
    const created = await admin.post<{ id: string }>('/api/admin/users', {
      username: 'hash_probe',
      email: 'hash_probe@bakery.ng',
      password: 'correct-horse-1',
      firstName: 'Hash',
      lastName: 'Probe',
    });
    expect(created.status).toBe(201);
    expect(JSON.stringify(created.body)).not.toMatch(FORBIDDEN);
    const changed = await admin.patch(`/api/admin/users/${created.body.id}`, {
      password: 'another-horse-2',
    });
    expect(changed.status).toBe(200);
    expect(JSON.stringify(changed.body)).not.toMatch(FORBIDDEN);
    const registered = await new ApiClient(testApp).post(
      '/api/auth/register',
      validUser('hash_reg'),
    );
    expect(JSON.stringify(registered.body)).not.toMatch(FORBIDDEN);
  });
});

interface SeededIds {
  item: string;
  batch: string;
  distributor: string;
}

/** The record each `:param` of a GET route stands for, by the route's path. */
function idFor(url: string, param: string, ids: SeededIds): string | undefined {
  if (param !== 'id') return undefined;
  if (url.startsWith('/api/inventory/')) return ids.item;
  if (url.startsWith('/api/production-batches/')) return ids.batch;
  if (url.startsWith('/api/distributors/')) return ids.distributor;
  return undefined;
}

/** Something in every table, so every GET route has rows to answer with. */
async function seedOneOfEverything(): Promise<SeededIds> {
  const created = async <T = { id: string }>(url: string, body: unknown) => {
    const reply = await admin.post<T>(url, body);
    if (reply.status !== 201) throw new Error(`${url}: ${JSON.stringify(reply.body)}`);
    return reply.body;
  };
  const flour = await created('/api/inventory', {
    name: 'Flour',
    category: 'ingredients',
    unit: 'kg',
    currentStock: 100,
    minStock: 200,
    unitCost: 1000,
  });
  await created('/api/purchase-orders', {
    supplier: 'Golden Penny Mills',
    items: [{ itemId: flour.id, quantity: 10, totalCost: 10_000 }],
  });
  const recipe = await created('/api/recipes', {
    name: 'Agege Bread',
    ingredients: [{ itemId: flour.id, quantity: 1, unit: 'kg' }],
  });
  const batch = await created('/api/production-batches', {
    recipeId: recipe.id,
    flourKg: 2,
    batchNumber: 'SEC-1',
  });
  const done = await admin.patch(`/api/production-batches/${batch.id}`, {
    status: 'completed',
    loavesProduced: 50,
  });
  if (done.status !== 200) throw new Error(JSON.stringify(done.body));
  const distributor = await created('/api/distributors', {
    name: 'Mama Put',
    address: '12 Allen Avenue, Ikeja',
    phone: '0803 000 0000',
  });
  await created('/api/sales-transactions', {
    distributorId: distributor.id,
    recipeName: 'Agege Bread',
    loavesTaken: 10,
    pricePerLoaf: 500,
    amountPaid: 1000,
  });
  await created('/api/distributor-payments', { distributorId: distributor.id, amount: 500 });
  await created('/api/bread-returns', {
    distributorId: distributor.id,
    recipeName: 'Agege Bread',
    loavesReturned: 1,
    pricePerLoaf: 500,
    reason: 'spoiled',
  });
  const roleId = await createRole(admin, 'Security Readers', {
    canRead: true,
    canWrite: false,
    canDelete: false,
  });
  await userWithRole(testApp, admin, 'reader', roleId);
  return { item: flour.id, batch: batch.id, distributor: distributor.id };
}

describe('SQL is built only with parameters', () => {
  const SERVER = resolve('src/server');

  /**
   * SQL text that the scan cannot prove constant by itself. Each entry names
   * the file and a piece of the call, and says why no input can reach the text.
   */
  const ALLOWED: { file: string; snippet: string; why: string }[] = [
    {
      file: 'src/server/db/backup.ts',
      snippet: 'sql.raw(`fetch forward $',
      why: 'FETCH_ROWS is a numeric constant of the module',
    },
    {
      file: 'src/server/db/backup.ts',
      snippet: "sql.raw(dropRelation[kind] ?? 'table')",
      why: 'one of the fixed keywords of the dropRelation table, chosen by the catalog kind',
    },
    {
      file: 'src/server/db/backup.ts',
      snippet: "sql.raw(kind === 'd' ? 'domain' : 'type')",
      why: 'one of two fixed keywords',
    },
    {
      file: 'src/server/db/backup.ts',
      snippet: 'sql.raw(`drop $',
      why:
        "a fixed keyword and a signature PostgreSQL itself wrote (format('%I.%I(%s)') with " +
        'pg_get_function_identity_arguments) for a routine in the catalog; no request reaches it',
    },
    {
      file: 'src/server/db/backup.ts',
      snippet: 'sql.raw(statement)',
      why: "the statements of the project's committed migration files, read by drizzle",
    },
    {
      file: 'src/server/db/raw-results.ts',
      snippet: 'execute(query)',
      why: "rowsOf's query is typed SQL: a drizzle sql`` object whose values are parameters",
    },
    {
      file: 'src/server/db/backup.ts',
      snippet: 'execute(current.insert(',
      why: 'insertStatement returns sql`` with the JSON text as a parameter and identifiers quoted',
    },
  ];

  it('finds no sql.raw() and no SQL text made from anything but constants in src/server', () => {
    const files = readdirSync(SERVER, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .map((file) => relative(resolve('.'), join(SERVER, file)));
    expect(files.length).toBeGreaterThan(20);
    const unexplained = files.flatMap((file) =>
      sqlOffenders(readFileSync(file, 'utf8'))
        .filter(
          ({ text }) =>
            !ALLOWED.some((allowed) => allowed.file === file && text.includes(allowed.snippet)),
        )
        .map(({ line, text }) => `${file}:${line}: ${text}`),
    );
    expect(unexplained).toEqual([]);
  });

  it('would catch each way of splicing input into SQL', () => {
    // The text "${id}" inside the samples below, as it would appear in source code.
    const id = ['$', '{id}'].join('');
    const caught = (source: string) => sqlOffenders(source).length;
    expect(caught(`await db.execute(sql.raw('select ' + column));`)).toBe(1);
    expect(caught(`const where = sql\`id = ${id} and ${id}\`; sql.raw(text);`)).toBe(1);
    expect(caught(`await client.query(\`select * from users where id = '${id}'\`);`)).toBe(1);
    expect(caught(`await client.exec(\`delete from t where id = ${id}\`);`)).toBe(1);
    expect(caught(`await tx.execute(\`select ${id}\`);`)).toBe(1);
    expect(caught(`await pool.query('select * from t where id = ' + id);`)).toBe(1);
    expect(caught(`await pool.query(text, values);`)).toBe(1);
    expect(caught(`await tx.execute(sql\`select * from t where id = ${id}\`);`)).toBe(0);
    expect(caught(`await client.exec(\`SET TIME ZONE 'UTC'\`);`)).toBe(0);
    expect(caught(`await pool.query('select 1', []);`)).toBe(0);
    expect(caught(`const match = /a(b)/.exec(value);`)).toBe(0);
  });
});

/**
 * Each place in `source` where SQL text might be made from input: sql.raw(),
 * and .query()/.exec()/execute() given anything but drizzle's sql`` template
 * (whose ${} become parameters) or a literal without ${} or +.
 */
function sqlOffenders(source: string): { line: number; text: string }[] {
  const lineOf = (index: number) => source.slice(0, index).split('\n').length;
  const excerpt = (index: number) => source.slice(index, index + 90).replaceAll(/\s+/g, ' ');
  const offenders: { line: number; text: string }[] = [];
  for (const match of source.matchAll(/\bsql\s*\.\s*raw\s*\(/g)) {
    offenders.push({ line: lineOf(match.index), text: excerpt(match.index) });
  }
  for (const match of source.matchAll(/(\/\s*)?\.\s*(query|exec)\s*\(|\bexecute\s*\(/g)) {
    if (match[1] !== undefined) continue; // /regex/.exec(…) is not SQL.
    const rest = source.slice(match.index + match[0].length).trimStart();
    // sql.raw() is reported by itself above.
    if (/^sql\s*\.\s*raw\s*\(/.test(rest) || isConstantSqlArgument(rest)) continue;
    offenders.push({ line: lineOf(match.index), text: excerpt(match.index) });
  }
  return offenders;
}

function isConstantSqlArgument(argument: string): boolean {
  if (/^sql\s*`/.test(argument)) return true;
  const quote = argument[0];
  if (quote !== '`' && quote !== "'" && quote !== '"') return false;
  const end = argument.indexOf(quote, 1);
  if (end < 0) return false;
  const literal = argument.slice(1, end);
  if (quote === '`' && literal.includes('${')) return false;
  return /^\s*[),]/.test(argument.slice(end + 1));
}

/** The session id inside a signed `bakery.sid=<id>.<signature>` cookie. */
function sidOf(cookie: string | undefined): string {
  const value = decodeURIComponent(cookie?.replace(/^bakery\.sid=/, '') ?? '');
  return value.replace(/\.[^.]*$/, '');
}

const sessionRow = (sid: string) =>
  testApp.database.db.select().from(sessions).where(eq(sessions.sid, sid));
