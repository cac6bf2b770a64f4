/**
 * Writes sent with an Idempotency-Key (issue 20): the same write sent ten
 * times at once is stored once and answered ten times alike; a key is its
 * user's and its call's; a refusal keeps no key; no key, no change.
 */
import { randomUUID } from 'node:crypto';
import { count, eq, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../../src/domain/audit';
import { KEY_NOT_UUID, KEY_REUSED, MADE_BY_OTHER } from '../../../src/domain/idempotency';
import {
  breadReturns,
  distributorPayments,
  idempotentWrites,
  salesTransactions,
} from '../../../src/server/db/schema';
import { endsWithRollupsMatchingRecords } from '../../support/rollups';
import {
  admin,
  clerk,
  fixtures,
  otherClerk,
  type Sent,
  sale,
  send,
  setUpOfflineApp,
  testApp,
  viewer,
  writeOnly,
} from './setup';

setUpOfflineApp();

const SALES = '/api/sales-transactions';
const PAYMENTS = '/api/distributor-payments';
const RETURNS = '/api/bread-returns';

const rowsIn = async (table: PgTable, where: SQL | undefined) => {
  const [row] = await testApp.database.db.select({ n: count() }).from(table).where(where);
  return row?.n;
};
const salesTo = (id: string) => rowsIn(salesTransactions, eq(salesTransactions.distributorId, id));
const keyRow = async (key: string) =>
  (
    await testApp.database.db.select().from(idempotentWrites).where(eq(idempotentWrites.key, key))
  )[0];

/** The same write sent ten times at once with one key. */
async function tenAtOnce(url: string, body: unknown) {
  const key = randomUUID();
  const replies = await Promise.all(
    Array.from({ length: 10 }, () => send<{ id: string }>(clerk, url, body, key)),
  );
  return { key, replies };
}

/** Ten answers alike: the first's status and text, nine of them marked as replays. */
function expectTenAlike(replies: Sent<{ id: string }>[]) {
  expect(replies.map((reply) => reply.status)).toEqual(Array(10).fill(201));
  expect(new Set(replies.map((reply) => reply.raw)).size).toBe(1);
  const replays = replies.filter((reply) => reply.headers['idempotent-replay'] === 'true');
  expect(replays).toHaveLength(9);
}

beforeAll(async () => {
  await fixtures.bake('Agege Bread', 200);
});

describe('one key sent ten times at once', () => {
  it('stores one sale, and answers each of the ten with it', async () => {
    const shop = await fixtures.distributor('Ten Sales Shop');
    const { key, replies } = await tenAtOnce(SALES, sale(3, { distributorId: shop.id }));
    expectTenAlike(replies);
    expect(replies[0]?.body).toMatchObject({ distributorId: shop.id, loavesTaken: 3 });
    expect(await salesTo(shop.id)).toBe(1);
    const row = await keyRow(key);
    expect(row).toMatchObject({ route: 'POST /api/sales-transactions', status: 201 });
    expect(row?.answer).toBe(replies[0]?.raw);
  });

  it('stores one payment, with one receipt number', async () => {
    const shop = await fixtures.distributor('Ten Payments Shop');
    const { replies } = await tenAtOnce(PAYMENTS, { distributorId: shop.id, amount: 1500 });
    expectTenAlike(replies);
    expect(replies[0]?.body).toMatchObject({ amount: 1500, receiptLabel: expect.any(String) });
    expect(await rowsIn(distributorPayments, eq(distributorPayments.distributorId, shop.id))).toBe(
      1,
    );
  });

  it('stores one return', async () => {
    const shop = await fixtures.distributor('Ten Returns Shop');
    expect((await send(clerk, SALES, sale(5, { distributorId: shop.id }))).status).toBe(201);
    const { replies } = await tenAtOnce(RETURNS, {
      distributorId: shop.id,
      recipeName: 'Agege Bread',
      loavesReturned: 2,
      pricePerLoaf: 500,
    });
    expectTenAlike(replies);
    expect(await rowsIn(breadReturns, eq(breadReturns.distributorId, shop.id))).toBe(1);
  });

  it('records the write once in the audit trail, and each replay as replayed', async () => {
    const shop = await fixtures.distributor('Audited Shop');
    const { replies } = await tenAtOnce(SALES, sale(1, { distributorId: shop.id }));
    const id = replies[0]?.body.id;
    const events = (await admin.get<AuditEvent[]>(`/api/admin/audit?recordId=${id}`)).body;
    expect(events).toHaveLength(10);
    expect(events.every((event) => event.action === 'sales.create' && event.status === 201)).toBe(
      true,
    );
    const results = events.map((event) => (event.summary as { result?: string } | null)?.result);
    expect(results.filter((result) => result === 'replayed')).toHaveLength(9);
    expect(results.filter((result) => result === undefined)).toHaveLength(1);
  });
});

describe('a key is its user’s and its call’s', () => {
  it('refuses the same key from another user (409), writing nothing', async () => {
    const shop = await fixtures.distributor('Two Clerks Shop');
    const key = randomUUID();
    expect((await send(clerk, SALES, sale(1, { distributorId: shop.id }), key)).status).toBe(201);
    const other = await send(otherClerk, SALES, sale(1, { distributorId: shop.id }), key);
    expect(other.status).toBe(409);
    expect(other.body).toEqual({
      message: KEY_REUSED,
      code: 'IDEMPOTENCY_KEY_REUSED',
      errors: [{ path: 'Idempotency-Key', message: KEY_REUSED }],
    });
    expect(await salesTo(shop.id)).toBe(1);
  });

  it('refuses a sale’s key on a payment (409), writing nothing', async () => {
    const shop = await fixtures.distributor('Two Calls Shop');
    const key = randomUUID();
    expect((await send(clerk, SALES, sale(1, { distributorId: shop.id }), key)).status).toBe(201);
    const payment = await send(clerk, PAYMENTS, { distributorId: shop.id, amount: 100 }, key);
    expect(payment.status).toBe(409);
    expect(payment.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await rowsIn(distributorPayments, eq(distributorPayments.distributorId, shop.id))).toBe(
      0,
    );
  });
});

describe('a write made by one user on a device', () => {
  const idOf = async (as: typeof clerk) => (await as.get<{ id: string }>('/api/auth/user')).body.id;

  it('is stored when its maker is the one signed in', async () => {
    const shop = await fixtures.distributor('Own Maker Shop');
    const madeBy = { 'made-by': await idOf(clerk) };
    const reply = await send(
      clerk,
      SALES,
      sale(1, { distributorId: shop.id }),
      randomUUID(),
      madeBy,
    );
    expect(reply.status).toBe(201);
    expect(await salesTo(shop.id)).toBe(1);
  });

  it('is refused (401) under another user’s session, writing nothing and keeping the key free', async () => {
    const shop = await fixtures.distributor('Other Maker Shop');
    const key = randomUUID();
    const madeBy = { 'made-by': await idOf(otherClerk) };
    const reply = await send(clerk, SALES, sale(1, { distributorId: shop.id }), key, madeBy);
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ message: MADE_BY_OTHER, code: 'SIGNED_IN_AS_ANOTHER_USER' });
    expect(await salesTo(shop.id)).toBe(0);
    expect(await keyRow(key)).toBeUndefined();
    // Its maker, signed in again, sends it under the same key.
    const own = await send(otherClerk, SALES, sale(1, { distributorId: shop.id }), key, madeBy);
    expect(own.status).toBe(201);
    expect(await salesTo(shop.id)).toBe(1);
  });
});

describe('a refused write keeps no key', () => {
  it('stores the corrected write once under the key the refused one was sent with', async () => {
    const shop = await fixtures.distributor('Corrected Shop');
    const key = randomUUID();
    const refused = await send(clerk, SALES, sale(100_000, { distributorId: shop.id }), key);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('LOAVES_NOT_AVAILABLE');
    expect(await keyRow(key)).toBeUndefined();
    const corrected = await send(clerk, SALES, sale(2, { distributorId: shop.id }), key);
    expect(corrected.status).toBe(201);
    expect(corrected.headers['idempotent-replay']).toBeUndefined();
    const again = await send(clerk, SALES, sale(2, { distributorId: shop.id }), key);
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(again.raw).toBe(corrected.raw);
    expect(await salesTo(shop.id)).toBe(1);
  });

  it('refuses a caller without Sales write (403) with a key too, and keeps the key free', async () => {
    const shop = await fixtures.distributor('Viewer Shop');
    const key = randomUUID();
    const refused = await send(viewer, SALES, sale(1, { distributorId: shop.id }), key);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    expect(await salesTo(shop.id)).toBe(0);
    expect((await send(clerk, SALES, sale(1, { distributorId: shop.id }), key)).status).toBe(201);
  });

  it('refuses a key that is not a UUID (400, on the header), writing nothing', async () => {
    const shop = await fixtures.distributor('Bad Key Shop');
    for (const key of ['not-a-uuid', '', '123', `${randomUUID()}x`]) {
      const refused = await send(clerk, SALES, sale(1, { distributorId: shop.id }), key);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        message: KEY_NOT_UUID,
        code: 'INVALID_INPUT',
        errors: [{ path: 'Idempotency-Key', message: KEY_NOT_UUID }],
      });
    }
    expect(await salesTo(shop.id)).toBe(0);
  });

  it('takes a key in capitals as the same key', async () => {
    const shop = await fixtures.distributor('Capitals Shop');
    const key = randomUUID();
    const first = await send(clerk, SALES, sale(1, { distributorId: shop.id }), key);
    const again = await send(clerk, SALES, sale(1, { distributorId: shop.id }), key.toUpperCase());
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(again.raw).toBe(first.raw);
    expect(await salesTo(shop.id)).toBe(1);
  });
});

describe('without a key', () => {
  it('records each write sent, as before', async () => {
    const shop = await fixtures.distributor('No Key Shop');
    const first = await send(clerk, SALES, sale(1, { distributorId: shop.id }));
    const second = await send(clerk, SALES, sale(1, { distributorId: shop.id }));
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(first.body.id).not.toBe(second.body.id);
    expect(first.headers['idempotent-replay']).toBeUndefined();
    expect(await salesTo(shop.id)).toBe(2);
  });
});

describe('a caller who may write but not read', () => {
  it('gets the receipt it was sent, again on a replay', async () => {
    const shop = await fixtures.distributor('Receipt Shop');
    const key = randomUUID();
    const first = await send(writeOnly, SALES, sale(1, { distributorId: shop.id }), key);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: expect.any(String), message: 'Saved' });
    const again = await send(writeOnly, SALES, sale(1, { distributorId: shop.id }), key);
    expect(again.status).toBe(201);
    expect(again.raw).toBe(first.raw);
    expect(await salesTo(shop.id)).toBe(1);
    expect((await keyRow(key))?.answer).toBe(first.raw);
  });
});

describe('the key’s row', () => {
  it('names the user and the call, and keeps the answer as it was sent', async () => {
    const key = randomUUID();
    const reply = await send(clerk, SALES, sale(1), key);
    const clerkId = (await clerk.get<{ id: string }>('/api/auth/user')).body.id;
    expect(await keyRow(key)).toMatchObject({
      key,
      userId: clerkId,
      route: 'POST /api/sales-transactions',
      status: 201,
      answer: reply.raw,
    });
  });
});

endsWithRollupsMatchingRecords(() => testApp.database.db);
