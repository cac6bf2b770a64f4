import { afterAll, beforeAll } from 'vitest';
import type { DistributorWithAccount } from '../../../src/domain/contracts/distributors';
import type { ApiClient, Reply } from '../../support/api-client';
import { bakeryFixtures, created } from '../../support/fixtures';
import { createRole, firstAdmin, userWithRole } from '../../support/personas';
import { createTestApp, type TestApp } from '../../support/test-app';

export let testApp: TestApp;
export let admin: ApiClient;
/** Reads and writes Sales and Distributors: the floor's clerk. */
export let clerk: ApiClient;
/** Another clerk with the same rights. */
export let otherClerk: ApiClient;
/** May record sales but not read them: answered with receipts. */
export let writeOnly: ApiClient;
/** Reads Sales and Distributors, writes neither. */
export let viewer: ApiClient;
export let mama: DistributorWithAccount;

export const fixtures = bakeryFixtures(() => admin);

/** An answer, and its body's text as sent (to compare answers byte for byte). */
export type Sent<T> = Reply<T> & { raw: string };

/** A write as the web's outbox sends it: with its Idempotency-Key, when given. */
export async function send<T = Record<string, unknown>>(
  as: ApiClient,
  url: string,
  body: unknown,
  key?: string,
  headers: Record<string, string> = {},
): Promise<Sent<T>> {
  const cookie = as.sessionCookie;
  const response = await testApp.app.inject({
    method: 'POST',
    url,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(key === undefined ? {} : { 'idempotency-key': key }),
      ...headers,
    },
    payload: body as object,
  });
  return {
    status: response.statusCode,
    body: response.json() as T,
    headers: response.headers,
    raw: response.body,
  };
}

/** One app for the file, with its admin, clerks and Mama Tunde Stores. */
export function setUpOfflineApp(options: Parameters<typeof createTestApp>[0] = {}) {
  beforeAll(async () => {
    testApp = await createTestApp(options);
    admin = await firstAdmin(testApp);
    const flags = { canRead: true, canWrite: true, canDelete: false };
    const floor = await createRole(admin, 'Floor clerk', flags, ['sales', 'distributors']);
    clerk = await userWithRole(testApp, admin, 'clerk', floor);
    otherClerk = await userWithRole(testApp, admin, 'clerk2', floor);
    writeOnly = await userWithRole(
      testApp,
      admin,
      'writeonly',
      await createRole(admin, 'Sales writer', { ...flags, canRead: false }, ['sales']),
    );
    viewer = await userWithRole(
      testApp,
      admin,
      'viewer',
      await createRole(admin, 'Viewer', { ...flags, canWrite: false }, ['sales', 'distributors']),
    );
    mama = await created(fixtures.newDistributor('Mama Tunde Stores'));
  });
  afterAll(() => testApp.close());
}

export const sale = (loavesTaken: number, extra: Record<string, unknown> = {}) => ({
  distributorId: mama.id,
  recipeName: 'Agege Bread',
  loavesTaken,
  pricePerLoaf: 500,
  ...extra,
});
