import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { sessions, users } from '../../src/server/db/schema';
import { ApiClient, signedInClient, validUser } from '../support/api-client';
import { testClock } from '../support/clock';
import { createTestApp, type TestApp, testConfig } from '../support/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const anonymous = () => new ApiClient(testApp);

describe('registration', () => {
  it('tells the landing page that the first account is still to be made', async () => {
    const info = await anonymous().get('/api/app-info');
    expect(info.status).toBe(200);
    expect(info.body).toEqual({
      timeZone: 'Africa/Lagos',
      needsFirstAdmin: true,
      registrationOpen: true,
    });
  });

  it('makes the first account the admin, returns 201 and does not sign in', async () => {
    const client = anonymous();
    const reply = await client.post('/api/auth/register', validUser('first'));
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ user: { username: 'baker_first', isAdmin: true } });
    expect(client.sessionCookie).toBeUndefined();
    expect((await client.get('/api/auth/user')).status).toBe(401);
    expect((await anonymous().get('/api/app-info')).body).toMatchObject({ needsFirstAdmin: false });
  });

  it('makes every later account a plain user with no role', async () => {
    const reply = await anonymous().post('/api/auth/register', validUser('second'));
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ user: { isAdmin: false } });
  });

  it('refuses a taken username or email with 409, whatever the case', async () => {
    const sameName = await anonymous().post(
      '/api/auth/register',
      validUser('x', { username: 'BAKER_FIRST' }),
    );
    expect(sameName.status).toBe(409);
    expect(sameName.body).toEqual({
      message: 'Username already exists',
      code: 'USERNAME_TAKEN',
      errors: [{ path: 'username', message: 'Username already exists' }],
    });
    const sameEmail = await anonymous().post(
      '/api/auth/register',
      validUser('y', { email: 'BakerFirst@Bakery.ng' }),
    );
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body).toMatchObject({ code: 'EMAIL_TAKEN', errors: [{ path: 'email' }] });
  });

  it('refuses a lookalike of a taken username on that field: only ASCII letters fold', async () => {
    for (const lookalike of ['baker_fİrst', 'ｂａｋｅｒ＿ｆｉｒｓｔ', 'baker_fırst']) {
      const reply = await anonymous().post(
        '/api/auth/register',
        validUser('lookalike', { username: lookalike }),
      );
      expect(reply.status, lookalike).toBe(400);
      expect(reply.body).toEqual({
        message: 'Username can only contain letters, numbers, and underscores',
        code: 'INVALID_INPUT',
        errors: [
          {
            path: 'username',
            message: 'Username can only contain letters, numbers, and underscores',
          },
        ],
      });
    }
  });

  it.each([
    ['username', 'ab', 'Username must be at least 3 characters'],
    ['username', 'a'.repeat(51), 'Username must be less than 50 characters'],
    ['username', 'bad name!', 'Username can only contain letters, numbers, and underscores'],
    ['password', 'short', 'Password must be at least 8 characters'],
    ['password', 'x'.repeat(129), 'Password must be less than 128 characters'],
    ['email', 'nope', 'Please enter a valid email address'],
    ['firstName', 'f'.repeat(101), 'First name must be less than 100 characters'],
    ['lastName', 'l'.repeat(101), 'Last name must be less than 100 characters'],
  ])('answers %s = %j with 400 "%s" on that field', async (field, value, message) => {
    const reply = await anonymous().post(
      '/api/auth/register',
      validUser('bad', { [field]: value }),
    );
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      message,
      code: 'INVALID_INPUT',
      errors: [{ path: field, message }],
    });
  });

  it('reports every invalid field at once', async () => {
    const reply = await anonymous().post('/api/auth/register', {});
    expect(reply.status).toBe(400);
    expect((reply.body as { errors: { path: string }[] }).errors.map((e) => e.path)).toEqual([
      'email',
      'username',
      'password',
    ]);
  });

  it('refuses a request that tries to make itself admin', async () => {
    const reply = await anonymous().post(
      '/api/auth/register',
      validUser('sneaky', { isAdmin: true }),
    );
    expect(reply.status).toBe(400);
  });

  it('stores an argon2id hash, never the password', async () => {
    const [row] = await testApp.database.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.username, 'baker_first'));
    expect(row?.hash).toMatch(/^\$argon2id\$/);
    expect(row?.hash).not.toContain('correct-horse-1');
  });
});

describe('sign in and out', () => {
  it('answers a wrong password and an unknown user alike', async () => {
    const wrong = await anonymous().post('/api/auth/login', {
      username: 'baker_second',
      password: 'wrong-password',
    });
    const unknown = await anonymous().post('/api/auth/login', {
      username: 'nobody_here',
      password: 'wrong-password',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({
      message: 'Invalid username or password',
      code: 'INVALID_CREDENTIALS',
    });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('gives each missing field its message', async () => {
    const reply = await anonymous().post('/api/auth/login', { username: '', password: '' });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      message: 'Username is required',
      code: 'INVALID_INPUT',
      errors: [
        { path: 'username', message: 'Username is required' },
        { path: 'password', message: 'Password is required' },
      ],
    });
  });

  it('signs in with any case of the username and returns the current user without a hash', async () => {
    const client = anonymous();
    const login = await client.post('/api/auth/login', {
      username: 'Baker_First',
      password: 'correct-horse-1',
    });
    expect(login.status).toBe(200);
    const me = await client.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body).toEqual(login.body);
    expect(me.body).toEqual({
      id: expect.any(String),
      username: 'baker_first',
      email: 'bakerfirst@bakery.ng',
      firstName: 'Ada',
      lastName: 'Baker first',
      isAdmin: true,
      roles: [],
      permissions: [],
    });
    expect(JSON.stringify(me.body)).not.toMatch(/hash|argon/i);
  });

  it('marks the session cookie HttpOnly and SameSite=Lax', async () => {
    const reply = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'baker_second', password: 'correct-horse-1' },
    });
    const cookie = reply.cookies.find((c) => c.name === 'bakery.sid');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
  });

  it('rotates the session id at sign-in', async () => {
    const client = await signedInClient(testApp, 'rotate');
    const before = client.sessionCookie;
    await client.post('/api/auth/login', { username: 'baker_rotate', password: 'correct-horse-1' });
    expect(client.sessionCookie).toBeDefined();
    expect(client.sessionCookie).not.toBe(before);
    // The old id no longer works.
    const stale = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: before ?? '' },
    });
    expect(stale.statusCode).toBe(401);
    expect((await client.get('/api/auth/user')).status).toBe(200);
  });

  it('deletes the session row at logout', async () => {
    const client = await signedInClient(testApp, 'logout');
    const count = async () => (await testApp.database.db.select().from(sessions)).length;
    const before = await count();
    const reply = await client.post('/api/auth/logout');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ message: 'Successfully logged out' });
    expect(await count()).toBe(before - 1);
    expect((await client.get('/api/auth/user')).status).toBe(401);
  });

  it('answers 401 for the current user when signed out', async () => {
    const reply = await anonymous().get('/api/auth/user');
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ message: 'Please sign in to continue', code: 'NOT_SIGNED_IN' });
  });
});

describe('inactive users', () => {
  const signInAsFirst = async () => {
    const admin = anonymous();
    await admin.post('/api/auth/login', { username: 'baker_first', password: 'correct-horse-1' });
    return admin;
  };

  it('cannot sign in, are told only what a wrong password is told, and their open sessions stop working', async () => {
    const client = await signedInClient(testApp, 'leaver');
    expect((await client.get('/api/auth/user')).status).toBe(200);
    const admin = await signInAsFirst();
    const leaver = (await client.get<{ id: string }>('/api/auth/user')).body;
    const deactivated = await admin.patch(`/api/admin/users/${leaver.id}`, { isActive: false });
    expect(deactivated.status).toBe(200);

    // The very next call, though the user was cached a moment ago.
    expect((await client.get('/api/auth/user')).status).toBe(401);
    const login = await anonymous().post('/api/auth/login', {
      username: 'baker_leaver',
      password: 'correct-horse-1',
    });
    // The right password of a deactivated account must not be confirmed to anyone.
    expect(login.status).toBe(401);
    expect(login.body).toEqual({
      message: 'Invalid username or password',
      code: 'INVALID_CREDENTIALS',
    });
  });

  it('are refused within the sign-in cache age when deactivated outside the app (psql)', async () => {
    const clock = testClock();
    const app = await buildApp({
      config: testConfig(),
      db: testApp.database.db,
      signedInMaxAgeMs: 300,
      now: clock.now,
    });
    try {
      const client = new ApiClient({ ...testApp, app });
      await anonymous().post('/api/auth/register', validUser('quiet_leaver'));
      await client.post('/api/auth/login', {
        username: 'baker_quiet_leaver',
        password: 'correct-horse-1',
      });
      expect((await client.get('/api/auth/user')).status).toBe(200);
      await testApp.database.db
        .update(users)
        .set({ isActive: false })
        .where(eq(users.username, 'baker_quiet_leaver'));
      clock.advance(400);
      expect((await client.get('/api/auth/user')).status).toBe(401);
    } finally {
      await app.close();
    }
  });
});
