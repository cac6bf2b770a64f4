import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../../src/domain/audit';
import type { Statement } from '../../../src/domain/contracts/distributors';
import type { SettlementDay, SettlementSheet } from '../../../src/domain/contracts/settlement';
import { businessDate } from '../../../src/domain/time';
import type { ApiClient } from '../../support/api-client';
import { testClock } from '../../support/clock';
import { bakeryFixtures, created, lagos } from '../../support/fixtures';
import { createRole, firstAdmin, userWithRole } from '../../support/personas';
import { createTestApp, type TestApp } from '../../support/test-app';

// Wednesday 10 June 2026, 17:00 in Lagos: the end of the day.
const clock = testClock(lagos('2026-06-10T17:00:00').getTime());
const TODAY = '2026-06-10';
let testApp: TestApp;
let admin: ApiClient;
let clerk: ApiClient;
let salesOnly: ApiClient;
let distributorsOnly: ApiClient;
const fixtures = bakeryFixtures(() => admin);

type Reply = SettlementSheet & { code?: string; message?: string; errors?: unknown };
const settle = (to: { id: string }, body: Record<string, unknown>, as = clerk) =>
  as.post<Reply>(`/api/settlements/${to.id}`, { day: TODAY, returns: [], collected: 0, ...body });
const sheetOf = async (to: { id: string }) =>
  (await clerk.get<SettlementDay>(`/api/settlements?day=${TODAY}`)).body.sheets.find(
    (sheet) => sheet.distributorId === to.id,
  );
/** The whole statement: its rows are stamped by the database's clock, not the test's. */
const statementOf = async (to: { id: string }) =>
  (
    await clerk.get<Statement>(
      `/api/distributors/${to.id}/statement?startDate=2026-01-01&endDate=${businessDate(new Date(), 'Africa/Lagos')}`,
    )
  ).body;

/** A distributor dispatched today with the loaves given, at the prices given. */
async function dispatched(name: string, breads: Record<string, [loaves: number, price: number]>) {
  const to = await fixtures.distributor(name);
  for (const [recipeName, [loaves, pricePerLoaf]] of Object.entries(breads)) {
    await fixtures.bake(recipeName, loaves);
    await created(
      admin.post('/api/bread-prices', {
        recipeName,
        pricePerLoaf,
        effectiveFrom: TODAY,
        distributorId: to.id,
      }),
    );
  }
  const lines = Object.entries(breads).map(([recipeName, [loaves]]) => ({ recipeName, loaves }));
  const order = await admin.call('PUT', `/api/orders/book/${to.id}`, {
    day: TODAY,
    breads: lines.map(({ recipeName, loaves }) => ({ recipeName, loaves })),
  });
  if (order.status !== 200) throw new Error(JSON.stringify(order.body));
  await created(admin.post(`/api/dispatch/${to.id}`, { day: TODAY, lines }));
  return to;
}

beforeAll(async () => {
  testApp = await createTestApp({ now: clock.now });
  admin = await firstAdmin(testApp);
  const flags = { canRead: true, canWrite: true, canDelete: false };
  const both = await createRole(admin, 'Settling clerk', flags, ['sales', 'distributors']);
  clerk = await userWithRole(testApp, admin, 'clerk', both);
  salesOnly = await userWithRole(
    testApp,
    admin,
    'salesonly',
    await createRole(admin, 'Sales only', flags, ['sales']),
  );
  distributorsOnly = await userWithRole(
    testApp,
    admin,
    'distonly',
    await createRole(admin, 'Distributors only', flags, ['distributors']),
  );
});
afterAll(() => testApp.close());

describe('settling a distributor with a return and a payment', () => {
  let mama: { id: string };
  let reply: Awaited<ReturnType<typeof settle>>;

  beforeAll(async () => {
    mama = await dispatched('Mama Tunde Stores', {
      'Agege Bread': [7, 500],
      'Sardine Roll': [3, 250.15],
    });
  });

  it('shows what was loaded before it is settled', async () => {
    expect(await sheetOf(mama)).toMatchObject({
      name: 'Mama Tunde Stores',
      loaded: [
        { recipeName: 'Agege Bread', loaded: 7, pricePerLoaf: 500, value: 3500 },
        { recipeName: 'Sardine Roll', loaded: 3, pricePerLoaf: 250.15, value: 750.45 },
      ],
      settlement: null,
    });
  });

  it('refuses without Sales write or without Distributors write, recording nothing', async () => {
    for (const as of [salesOnly, distributorsOnly]) {
      const refused = await settle(mama, { collected: 100 }, as);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(
        'This needs permission to change Sales and change Distributors',
      );
    }
    expect((await sheetOf(mama))?.settlement).toBeNull();
  });

  it('records nothing at all when one return is more than was loaded', async () => {
    const refused = await settle(mama, {
      returns: [
        { recipeName: 'Sardine Roll', loaves: 1, reason: 'spoiled' },
        { recipeName: 'Agege Bread', loaves: 8, reason: 'damaged' },
      ],
      collected: 1000,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { path: 'returns.1.loaves', message: 'At most 7 loaves of Agege Bread were loaded that day' },
    ]);
    const statement = await statementOf(mama);
    expect(statement.lines.map((line) => line.kind)).not.toContain('return');
    expect(statement.lines.map((line) => line.kind)).not.toContain('payment');
    expect(statement.closingBalance).toBe(4250.45);
  });

  it('records the returns at the day price and the payment, with the summary exact', async () => {
    reply = await settle(mama, {
      returns: [
        { recipeName: 'Sardine Roll', loaves: 2, reason: 'spoiled' },
        { recipeName: 'Agege Bread', loaves: 1, reason: 'damaged' },
      ],
      collected: 2000.1,
      paymentMethod: 'bank_transfer',
    });
    expect(reply.status).toBe(201);
    expect(reply.body.settlement).toMatchObject({
      day: TODAY,
      returns: [
        { recipeName: 'Agege Bread', loaves: 1, reason: 'damaged', pricePerLoaf: 500, value: 500 },
        {
          recipeName: 'Sardine Roll',
          loaves: 2,
          reason: 'spoiled',
          pricePerLoaf: 250.15,
          value: 500.3,
        },
      ],
      loavesLoaded: 10,
      valueLoaded: 4250.45,
      loavesReturned: 3,
      valueReturned: 1000.3,
      netSold: 7,
      netValue: 3250.15,
      collected: 2000.1,
      paymentMethod: 'bank_transfer',
      balanceAfter: 1250.05,
    });
    expect(await sheetOf(mama)).toEqual(reply.body);
  });

  it("keeps the balance after equal to the statement's closing balance", async () => {
    const statement = await statementOf(mama);
    expect(statement.closingBalance).toBe(reply.body.settlement?.balanceAfter);
    expect(statement.lines.filter((line) => line.kind !== 'sale').map((l) => l.credit)).toEqual(
      expect.arrayContaining([500, 500.3, 2000.1]),
    );
  });

  it('refuses a second settlement of the day with 409', async () => {
    const again = await settle(mama, { collected: 5 });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('SETTLEMENT_ALREADY_MADE');
    expect((await statementOf(mama)).closingBalance).toBe(1250.05);
  });

  it('audits each try as sales.settle on the distributor', async () => {
    const events = (
      await admin.get<AuditEvent[]>(`/api/admin/audit?action=sales.settle&recordId=${mama.id}`)
    ).body;
    expect(events.map((event) => event.status).sort()).toEqual([201, 400, 403, 403, 409]);
  });
});

describe('what a settlement refuses', () => {
  it('records a payment only when something was collected', async () => {
    const iya = await dispatched('Iya Basira', { 'Wheat Loaf': [4, 800] });
    const reply = await settle(iya, { collected: 0 });
    expect(reply.status).toBe(201);
    expect(reply.body.settlement).toMatchObject({
      collected: 0,
      paymentMethod: null,
      loavesReturned: 0,
      balanceAfter: 3200,
    });
    const kinds = (await statementOf(iya)).lines.map((line) => line.kind);
    expect(kinds).toEqual(['sale']);
  });

  it('refuses a distributor not dispatched that day, another day, and bad input', async () => {
    const none = await fixtures.distributor('Not Dispatched Ltd');
    expect((await settle(none, {})).body.code).toBe('SETTLEMENT_NOT_DISPATCHED');
    const past = await settle(none, { day: '2026-06-09' });
    expect(past.status).toBe(400);
    expect(past.body.code).toBe('SETTLEMENT_NOT_TODAY');
    const negative = await settle(none, { collected: -5 });
    expect(negative.status).toBe(400);
    expect(negative.body.errors).toEqual([
      { path: 'collected', message: 'Collected cannot be negative' },
    ]);
    const noReason = await settle(none, { returns: [{ recipeName: 'Agege Bread', loaves: 1 }] });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toEqual([
      { path: 'returns.0.reason', message: 'Choose a reason' },
    ]);
  });

  it('refuses a return the distributor already made through Record Return, recording nothing', async () => {
    const ade = await dispatched('Ade Kiosk', { 'Coconut Bread': [2, 300] });
    await created(
      clerk.post('/api/bread-returns', {
        distributorId: ade.id,
        recipeName: 'Coconut Bread',
        loavesReturned: 2,
        pricePerLoaf: 300,
      }),
    );
    const reply = await settle(ade, {
      returns: [{ recipeName: 'Coconut Bread', loaves: 1, reason: 'spoiled' }],
      collected: 100,
    });
    expect(reply.status).toBe(409);
    expect(reply.body.errors).toEqual([
      {
        path: 'returns.0.loaves',
        message: 'Ade Kiosk has no loaves of Coconut Bread to return',
      },
    ]);
    expect((await statementOf(ade)).closingBalance).toBe(0);
    expect((await sheetOf(ade))?.settlement).toBeNull();
  });
});
