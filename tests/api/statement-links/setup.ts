import { afterAll, beforeAll } from 'vitest';
import type {
  CreatedStatementLink,
  PublicStatement,
  StatementLink,
} from '../../../src/domain/contracts/statement-links';
import type { ApiClient } from '../../support/api-client';
import { testClock } from '../../support/clock';
import { bakeryFixtures, created } from '../../support/fixtures';
import { createRole, firstAdmin, userWithRole } from '../../support/personas';
import { createTestApp, type TestApp, testConfig } from '../../support/test-app';

export const clock = testClock();
export let testApp: TestApp;
/** The first account: every right. */
export let admin: ApiClient;
/** Distributors read and write, not delete: may see links, not make or revoke them. */
export let clerk: ApiClient;
/** Distributors read, write and delete (a manager): makes and revokes links. */
export let manager: ApiClient;

export type Refusal = {
  code: string;
  message: string;
  errors?: { path: string; message: string }[];
};

const fixtures = bakeryFixtures(() => admin);
export const { distributor } = fixtures;

export const makeLink = (of: { id: string }, expiresInDays: unknown = 7, as = manager) =>
  as.post<CreatedStatementLink & Refusal>(`/api/distributors/${of.id}/statement-links`, {
    expiresInDays,
  });
export const linksOf = async (of: { id: string }, query = '') =>
  (await clerk.get<StatementLink[]>(`/api/distributors/${of.id}/statement-links${query}`)).body;
export const revoke = (link: { id: string }, as = manager) =>
  as.post<StatementLink & Refusal>(`/api/statement-links/${link.id}/revoke`);
export const tokenOf = (link: { url: string }) => link.url.split('/s/')[1] ?? '';

let addresses = 0;
/**
 * A signed-out visitor opening a statement link, from an address of its own
 * unless told (the page is rate-limited per address).
 */
export async function openLink(
  token: string,
  query = '',
  remoteAddress = `203.0.113.${++addresses}`,
) {
  const reply = await testApp.app.inject({
    method: 'GET',
    url: `/api/public/statements/${token}${query}`,
    remoteAddress,
  });
  return {
    status: reply.statusCode,
    body: reply.json<PublicStatement & Refusal>(),
    headers: reply.headers,
  };
}

/**
 * One app for the file on a clock the tests move, its sessions long enough to
 * outlive a link's expiry; an admin, a manager and a clerk.
 */
export function setUpLinksApp() {
  beforeAll(async () => {
    testApp = await createTestApp({
      now: clock.now,
      config: testConfig({ sessionIdleHours: 24 * 365, sessionMaxDays: 365 }),
    });
    admin = await firstAdmin(testApp);
    const flags = (canDelete: boolean) => ({ canRead: true, canWrite: true, canDelete });
    const managers = await createRole(admin, 'Managers', flags(true), ['distributors']);
    const clerks = await createRole(admin, 'Clerks', flags(false), ['distributors']);
    manager = await userWithRole(testApp, admin, 'manager', managers);
    clerk = await userWithRole(testApp, admin, 'clerk', clerks);
  });
  afterAll(() => testApp.close());
}

/** A payment of the distributor's, a line on its statement. */
export const pay = (to: { id: string }, amount: number, description: string) =>
  created(
    admin.post('/api/distributor-payments', {
      distributorId: to.id,
      amount,
      paymentMethod: 'cash',
      description,
    }),
  );
