/**
 * A settlement made on a device at 23:50 and sent after midnight (issue 20):
 * it settles the day it was made on, and its returns and payment are dated
 * when it was made; sent twice with its key, it is made once.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../src/domain/bakery-months';
import type { DistributorWithAccount, Statement } from '../../../src/domain/contracts/distributors';
import type { SettlementSheet } from '../../../src/domain/contracts/settlement';
import { businessDate } from '../../../src/domain/time';
import {
  breadReturns,
  distributorPayments,
  settlementReturns,
  settlements,
} from '../../../src/server/db/schema';
import { validUser } from '../../support/api-client';
import { testClock } from '../../support/clock';
import { created, lagos } from '../../support/fixtures';
import { endsWithRollupsMatchingRecords } from '../../support/rollups';
import { admin, clerk, fixtures, send, setUpOfflineApp, testApp } from './setup';

const realNow = Date.now();
const today = businessDate(new Date(realNow), 'Africa/Lagos');
const yesterday = addDays(today, -1);
const LATE_YESTERDAY = `${yesterday}T23:50:00+01:00`;
const LATE_YESTERDAY_UTC = new Date(LATE_YESTERDAY).toISOString();

// The app's clock starts at 17:00 yesterday, for the dispatch, then moves to now.
const clock = testClock(lagos(`${yesterday}T17:00:00`).getTime());
setUpOfflineApp({ now: clock.now });

let shop: { id: string };
type Reply = SettlementSheet & { code?: string; message?: string };
const settle = (body: Record<string, unknown>, key?: string) =>
  send<Reply>(
    clerk,
    `/api/settlements/${shop.id}`,
    { day: yesterday, returns: [], collected: 0, ...body },
    key,
  );

beforeAll(async () => {
  shop = await fixtures.distributor('Evening Shop');
  await fixtures.bake('Agege Bread', 10);
  await created(
    admin.post('/api/bread-prices', {
      recipeName: 'Agege Bread',
      pricePerLoaf: 500,
      effectiveFrom: yesterday,
      distributorId: shop.id,
    }),
  );
  const breads = [{ recipeName: 'Agege Bread', loaves: 10 }];
  const order = await admin.call('PUT', `/api/orders/book/${shop.id}`, { day: yesterday, breads });
  expect(order.status).toBe(200);
  await created(admin.post(`/api/dispatch/${shop.id}`, { day: yesterday, lines: breads }));
  clock.advance(realNow - clock.now());
  // A day on, the sessions may have idled out: both sign in again.
  for (const [client, name] of [
    [admin, 'admin'],
    [clerk, 'clerk'],
  ] as const) {
    const { username, password } = validUser(name);
    expect((await client.post('/api/auth/login', { username, password })).status).toBe(200);
  }
});

describe('settling yesterday’s dispatch after midnight', () => {
  it('is refused without recordedAt: only today’s dispatch can be settled', async () => {
    const refused = await settle({ collected: 100 });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('SETTLEMENT_NOT_TODAY');
  });

  it('is refused when the device made it today', async () => {
    const refused = await settle({ recordedAt: new Date(realNow - 60_000).toISOString() });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'SETTLEMENT_NOT_TODAY',
      message: `A settlement made on ${today} can only settle that day's dispatch`,
    });
  });

  describe('made at 23:50 yesterday on the device', () => {
    const key = randomUUID();
    let first: Awaited<ReturnType<typeof settle>>;
    const body = {
      returns: [{ recipeName: 'Agege Bread', loaves: 2, reason: 'spoiled' }],
      collected: 3000,
      recordedAt: LATE_YESTERDAY,
    };

    beforeAll(async () => {
      first = await settle(body, key);
    });

    it('settles yesterday, dated 23:50', () => {
      expect(first.status).toBe(201);
      expect(first.body.settlement).toMatchObject({
        day: yesterday,
        loavesReturned: 2,
        collected: 3000,
        balanceAfter: 1000,
        createdAt: LATE_YESTERDAY_UTC,
      });
    });

    it('dates its returns and its payment 23:50 yesterday, received now', async () => {
      const db = testApp.database.db;
      const [made] = await db
        .select()
        .from(settlements)
        .where(eq(settlements.distributorId, shop.id));
      const [returned] = await db
        .select({ createdAt: breadReturns.createdAt, receivedAt: breadReturns.receivedAt })
        .from(settlementReturns)
        .innerJoin(breadReturns, eq(breadReturns.id, settlementReturns.returnId))
        .where(eq(settlementReturns.settlementId, made?.id ?? ''));
      const [paid] = await db
        .select()
        .from(distributorPayments)
        .where(eq(distributorPayments.distributorId, shop.id));
      for (const row of [made, returned, paid]) {
        expect(row?.createdAt.toISOString()).toBe(LATE_YESTERDAY_UTC);
        expect(row?.receivedAt?.getTime()).toBeGreaterThan(new Date(LATE_YESTERDAY).getTime());
      }
      const lines = (
        await admin.get<Statement>(
          `/api/distributors/${shop.id}/statement?startDate=${yesterday}&endDate=${yesterday}`,
        )
      ).body.lines;
      expect(lines.map((line) => [line.kind, line.at])).toEqual([
        ['payment', LATE_YESTERDAY_UTC],
        ['return', LATE_YESTERDAY_UTC],
      ]);
    });

    it('sent again with its key, is answered the same and made once', async () => {
      const again = await settle(body, key);
      expect(again.status).toBe(201);
      expect(again.headers['idempotent-replay']).toBe('true');
      expect(again.raw).toBe(first.raw);
      const made = await testApp.database.db
        .select()
        .from(settlements)
        .where(eq(settlements.distributorId, shop.id));
      expect(made).toHaveLength(1);
      const card = (await admin.get<DistributorWithAccount>(`/api/distributors/${shop.id}`)).body;
      expect(card.balance).toBe(1000);
    });
  });
});

endsWithRollupsMatchingRecords(() => testApp.database.db);
