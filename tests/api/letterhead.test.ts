import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REMINDER_TEMPLATE, DEFAULT_STATEMENT_TEMPLATE } from '../../src/domain/reminders';
import type { AppSettings, Letterhead } from '../../src/domain/settings-schemas';
import type { ApiClient } from '../support/api-client';
import { firstAdmin, userWithRole } from '../support/personas';
import { createTestApp, type TestApp } from '../support/test-app';

/** Issue 19's settings, as they are until an administrator changes them. */
const CREDIT_CONTROL_DEFAULTS = {
  confirmTransfers: false,
  reminderTemplate: DEFAULT_REMINDER_TEMPLATE,
  statementTemplate: DEFAULT_STATEMENT_TEMPLATE,
};

let testApp: TestApp;
let admin: ApiClient;

const LETTERHEAD: Letterhead = {
  bakeryName: 'Golden Crust Bakery Ltd',
  bakeryAddress: '14 Oba Akran Avenue, Ikeja, Lagos',
  bakeryPhone: '+234 803 555 0142',
};

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await firstAdmin(testApp);
});
afterAll(() => testApp.close());

const settings = async () => (await admin.get<AppSettings>('/api/admin/settings')).body;

describe('the letterhead (Admin Panel, Settings)', () => {
  it('is empty until an administrator sets it', async () => {
    expect(await settings()).toEqual({
      allowSelfRegistration: true,
      bakeryName: '',
      bakeryAddress: '',
      bakeryPhone: '',
      orderCutoff: '18:00',
      planMarginPercent: 5,
      mixerCapacityKg: 25,
      returnsRateThreshold: 10,
      ...CREDIT_CONTROL_DEFAULTS,
    });
  });

  it('is saved trimmed, and the self-registration switch alone keeps it', async () => {
    const saved = await admin.call('PUT', '/api/admin/settings', {
      allowSelfRegistration: true,
      ...LETTERHEAD,
      bakeryName: '  Golden Crust Bakery Ltd ',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      allowSelfRegistration: true,
      ...LETTERHEAD,
      orderCutoff: '18:00',
      planMarginPercent: 5,
      mixerCapacityKg: 25,
      returnsRateThreshold: 10,
      ...CREDIT_CONTROL_DEFAULTS,
    });
    const switched = await admin.call('PUT', '/api/admin/settings', {
      allowSelfRegistration: false,
    });
    expect(switched.body).toEqual({
      allowSelfRegistration: false,
      ...LETTERHEAD,
      orderCutoff: '18:00',
      planMarginPercent: 5,
      mixerCapacityKg: 25,
      returnsRateThreshold: 10,
      ...CREDIT_CONTROL_DEFAULTS,
    });
    expect(await settings()).toEqual({
      allowSelfRegistration: false,
      ...LETTERHEAD,
      orderCutoff: '18:00',
      planMarginPercent: 5,
      mixerCapacityKg: 25,
      returnsRateThreshold: 10,
      ...CREDIT_CONTROL_DEFAULTS,
    });
    await admin.call('PUT', '/api/admin/settings', { allowSelfRegistration: true });
  });

  it.each([
    [{ bakeryName: '   ' }, 'bakeryName', 'Bakery name is required'],
    [{ bakeryName: 'x'.repeat(201) }, 'bakeryName', 'Bakery name must be less than 200 characters'],
    [{ bakeryAddress: '' }, 'bakeryAddress', 'Bakery address is required'],
    [{ bakeryAddress: 12 }, 'bakeryAddress', 'Bakery address is required'],
    [
      { bakeryPhone: 'call us' },
      'bakeryPhone',
      'Enter a phone number: digits, spaces, +, - and brackets',
    ],
    [
      { bakeryName: 'Crust\u0000' },
      'bakeryName',
      'Bakery name contains a character that is not allowed',
    ],
  ])('answers %j with 400 on the field and changes nothing', async (field, path, message) => {
    const reply = await admin.call('PUT', '/api/admin/settings', {
      allowSelfRegistration: false,
      ...LETTERHEAD,
      bakeryPhone: '0800 000 0000',
      ...field,
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message, code: 'INVALID_INPUT', errors: [{ path, message }] });
    // Neither the valid fields beside it nor the switch were saved.
    expect(await settings()).toEqual({
      allowSelfRegistration: true,
      ...LETTERHEAD,
      orderCutoff: '18:00',
      planMarginPercent: 5,
      mixerCapacityKg: 25,
      returnsRateThreshold: 10,
      ...CREDIT_CONTROL_DEFAULTS,
    });
  });

  it('may be changed by administrators only', async () => {
    const staff = await userWithRole(testApp, admin, 'clerk', null);
    const reply = await staff.call('PUT', '/api/admin/settings', {
      allowSelfRegistration: true,
      bakeryName: 'Not Mine Bakery',
    });
    expect(reply.status).toBe(403);
    expect((await staff.get('/api/admin/settings')).status).toBe(403);
    expect((await settings()).bakeryName).toBe(LETTERHEAD.bakeryName);
  });

  it('is read by every signed-in user, who prints documents, and by no one signed out', async () => {
    const staff = await userWithRole(testApp, admin, 'reader', null);
    expect(await staff.get('/api/letterhead')).toMatchObject({ status: 200, body: LETTERHEAD });
    const signedOut = await testApp.app.inject({ method: 'GET', url: '/api/letterhead' });
    expect(signedOut.statusCode).toBe(401);
  });
});
