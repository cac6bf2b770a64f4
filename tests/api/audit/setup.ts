/**
 * The audit trail: every write route read from the router leaves an event with
 * the right user, action, record and status, refused writes too; sign-ins and
 * failed sign-ins are recorded without what was typed; no password or hash is
 * ever kept; admins read it with filters, nobody else can.
 */
import { desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { auditEvents } from '../../../src/server/db/schema';
import type { ApiClient, Reply } from '../../support/api-client';
import { firstAdmin } from '../../support/personas';
import { createTestApp, type TestApp } from '../../support/test-app';

export let testApp: TestApp;
export let admin: ApiClient;
export let adminId: string;

/** One app for the test file, and its admin (whose sign-up and sign-in are its first events). */
export function setUpAuditApp() {
  beforeAll(async () => {
    // The sign-in throttle has its own tests; failed sign-ins here must not trip it.
    testApp = await createTestApp({
      throttle: { perUsername: 1000, perAddress: 1000, windowMs: 60_000 },
    });
    admin = await firstAdmin(testApp);
    adminId = (await admin.get<{ id: string }>('/api/auth/user')).body.id;
  });
  afterAll(() => testApp.close());
}

export type Row = typeof auditEvents.$inferSelect;
export type Method = 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export const allRows = () =>
  testApp.database.db
    .select()
    .from(auditEvents)
    .orderBy(desc(auditEvents.at), desc(auditEvents.id));

export async function rowCount(): Promise<number> {
  const [row] = await testApp.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditEvents);
  return Number(row?.n);
}

/**
 * Calls `route` with its `:id` filled in and expects exactly one new audit
 * event, which it returns with the reply.
 */
export async function callAndRecord<T = Record<string, unknown>>(
  client: ApiClient,
  method: Method,
  route: string,
  options: { id?: string; body?: unknown } = {},
): Promise<{ reply: Reply<T>; event: Row }> {
  const before = await rowCount();
  const url = route.replace(':id', options.id ?? '');
  const reply = await client.call<T>(method, url, options.body);
  expect(await rowCount(), `${method} ${url}`).toBe(before + 1);
  const [event] = await allRows().limit(1);
  if (!event) throw new Error('no event');
  return { reply, event };
}
