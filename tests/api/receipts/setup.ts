// Receipts and pending transfers (issue 19): one app per test file, the
// people who record and decide payments, and the confirmTransfers switch.
import { afterAll, beforeAll } from 'vitest';
import type {
  DistributorPayment,
  DistributorWithAccount,
} from '../../../src/domain/contracts/distributors';
import type { AppSettings } from '../../../src/domain/settings-schemas';
import type { ApiClient } from '../../support/api-client';
import { bakeryFixtures, created } from '../../support/fixtures';
import { createRole, firstAdmin, userWithRole } from '../../support/personas';
import { createTestApp, type TestApp } from '../../support/test-app';

export let testApp: TestApp;
export let admin: ApiClient;
/** Distributors read and write: records payments, decides nothing. */
export let clerk: ApiClient;
/** Distributors read, write and delete: confirms and rejects transfers. */
export let manager: ApiClient;
/** Distributors read only. */
export let reader: ApiClient;
/** Every module but Distributors. */
export let outsider: ApiClient;

export const fixtures = bakeryFixtures(() => admin);

export type PaymentReply = DistributorPayment & { code?: string; message?: string };

export const pay = (
  to: { id: string },
  amount: number,
  extra: Record<string, unknown> = {},
  as?: ApiClient,
) =>
  (as ?? clerk).post<PaymentReply>('/api/distributor-payments', {
    distributorId: to.id,
    amount,
    ...extra,
  });

export const account = async (of: { id: string }) =>
  (await admin.get<DistributorWithAccount>(`/api/distributors/${of.id}`)).body;

/** Turns the confirmTransfers setting on or off through the Admin Panel's route. */
export async function confirmTransfers(on: boolean) {
  const current = (await admin.get<AppSettings>('/api/admin/settings')).body;
  const reply = await admin.call<AppSettings>('PUT', '/api/admin/settings', {
    allowSelfRegistration: current.allowSelfRegistration,
    confirmTransfers: on,
  });
  if (reply.status !== 200 || reply.body.confirmTransfers !== on)
    throw new Error(JSON.stringify(reply.body));
}

/** A distributor that bought 10 loaves of Agege Bread at ₦500: it owes ₦5,000. */
export async function owing(name: string, phone = '0803 123 4567') {
  const to = await created(fixtures.newDistributor(name, { phone }));
  await created(
    admin.post('/api/sales-transactions', {
      distributorId: to.id,
      recipeName: 'Agege Bread',
      loavesTaken: 10,
      pricePerLoaf: 500,
    }),
  );
  return to;
}

export function setUpReceiptsApp(options: Parameters<typeof createTestApp>[0] = {}) {
  beforeAll(async () => {
    testApp = await createTestApp(options);
    admin = await firstAdmin(testApp);
    const rights = (canDelete: boolean) => ({ canRead: true, canWrite: true, canDelete });
    const clerks = await createRole(admin, 'Payment clerk', rights(false), ['distributors']);
    const managers = await createRole(admin, 'Credit manager', rights(true), ['distributors']);
    const readers = await createRole(
      admin,
      'Account reader',
      { canRead: true, canWrite: false, canDelete: false },
      ['distributors'],
    );
    const others = await createRole(admin, 'Bakers', rights(true), [
      'inventory',
      'recipes',
      'production',
      'sales',
    ]);
    clerk = await userWithRole(testApp, admin, 'clerk', clerks);
    manager = await userWithRole(testApp, admin, 'manager', managers);
    reader = await userWithRole(testApp, admin, 'reader', readers);
    outsider = await userWithRole(testApp, admin, 'outsider', others);
    await fixtures.bake('Agege Bread', 10_000);
  });
  afterAll(() => testApp.close());
}
