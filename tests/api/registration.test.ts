import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_CLOSED } from '../../src/domain/settings-schemas';
import { appSettings } from '../../src/server/db/schema';
import { type ApiClient, signedInClient, validUser } from '../support/api-client';
import { userWithRole } from '../support/personas';
import { createTestApp, type TestApp } from '../support/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ throttle: { registrationsPerAddress: 3, windowMs: 60_000 } });
});
afterAll(() => testApp.close());

/** A registration from one client address. */
async function register(name: string, address = '10.9.0.1', extra: Record<string, unknown> = {}) {
  const reply = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: address,
    payload: validUser(name, extra),
  });
  return { status: reply.statusCode, body: reply.json() as Record<string, unknown> };
}

const appInfo = async () =>
  (await testApp.app.inject({ method: 'GET', url: '/api/app-info' })).json() as {
    needsFirstAdmin: boolean;
    registrationOpen: boolean;
  };

let admin: ApiClient;

describe('the first account', () => {
  it('can always be made, even with self-registration switched off', async () => {
    // As a restored or hand-edited database may hold it.
    await testApp.database.db
      .insert(appSettings)
      .values({ key: 'allow_self_registration', value: 'false' });
    expect(await appInfo()).toMatchObject({ needsFirstAdmin: true, registrationOpen: true });
    admin = await signedInClient(testApp, 'admin');
    expect(await appInfo()).toMatchObject({ needsFirstAdmin: false, registrationOpen: false });
    expect(
      await admin.call('PUT', '/api/admin/settings', { allowSelfRegistration: true }),
    ).toMatchObject({ status: 200, body: { allowSelfRegistration: true } });
  });
});

describe('the registration limit per address', () => {
  it('refuses more than the limit from one address with 429, successful or not; other addresses may go on', async () => {
    expect((await register('limit_1')).status).toBe(201);
    expect((await register('limit_1b', '10.9.0.1', { username: 'baker_limit_1' })).status).toBe(
      409,
    );
    expect((await register('limit_2')).status).toBe(201);
    const refused = await register('limit_3');
    expect(refused).toEqual({
      status: 429,
      body: {
        message:
          'Too many registration attempts from this address. Please wait 1 minute and try again.',
        code: 'TOO_MANY_ATTEMPTS',
      },
    });
    expect((await register('limit_3', '10.9.0.2')).status).toBe(201);
  });
});

describe('the self-registration switch (Admin Panel, Settings)', () => {
  it('reads as on until an administrator changes it', async () => {
    expect(await admin.get('/api/admin/settings')).toMatchObject({
      status: 200,
      body: { allowSelfRegistration: true },
    });
    expect(await appInfo()).toMatchObject({ registrationOpen: true });
  });

  it('when off, refuses registration with 403 (a taken name too) and tells the landing page; admins still add users', async () => {
    const off = await admin.call('PUT', '/api/admin/settings', { allowSelfRegistration: false });
    expect(off).toMatchObject({ status: 200, body: { allowSelfRegistration: false } });
    expect(await appInfo()).toMatchObject({ registrationOpen: false });

    for (const reply of [
      await register('closed', '10.9.1.1'),
      await register('closed_taken', '10.9.1.2', { username: 'baker_admin' }),
    ]) {
      expect(reply).toEqual({
        status: 403,
        body: { message: REGISTRATION_CLOSED, code: 'REGISTRATION_CLOSED' },
      });
    }
    const added = await admin.post('/api/admin/users', {
      username: 'added_by_admin',
      email: 'added@bakery.ng',
      password: 'secret-123',
      firstName: 'Ngozi',
      lastName: 'Okafor',
    });
    expect(added.status).toBe(201);

    const on = await admin.call('PUT', '/api/admin/settings', { allowSelfRegistration: true });
    expect(on).toMatchObject({ status: 200, body: { allowSelfRegistration: true } });
    expect((await register('reopened', '10.9.1.3')).status).toBe(201);
  });

  it('answers bad input with 400 on the field, and changes nothing', async () => {
    for (const body of [{}, { allowSelfRegistration: 'no' }, { allowSelfRegistration: null }]) {
      const reply = await admin.call('PUT', '/api/admin/settings', body);
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({
        message: 'Allow self-registration must be true or false',
        code: 'INVALID_INPUT',
        errors: [
          {
            path: 'allowSelfRegistration',
            message: 'Allow self-registration must be true or false',
          },
        ],
      });
    }
    const extra = await admin.call('PUT', '/api/admin/settings', {
      allowSelfRegistration: false,
      sessionSecret: 'x',
    });
    expect(extra.status).toBe(400);
    expect((await admin.get('/api/admin/settings')).body).toMatchObject({
      allowSelfRegistration: true,
    });
  });

  it('is for administrators only: 403 for other users, 401 signed out', async () => {
    const staff = await userWithRole(testApp, admin, 'staff', null);
    expect((await staff.get('/api/admin/settings')).status).toBe(403);
    expect(
      (await staff.call('PUT', '/api/admin/settings', { allowSelfRegistration: false })).status,
    ).toBe(403);
    const signedOut = await testApp.app.inject({ method: 'GET', url: '/api/admin/settings' });
    expect(signedOut.statusCode).toBe(401);
    expect((await admin.get('/api/admin/settings')).body).toMatchObject({
      allowSelfRegistration: true,
    });
  });
});
