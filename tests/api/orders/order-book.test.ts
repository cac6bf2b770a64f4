import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../../src/domain/audit';
import type { BookLine, OrderBook, StandingGrid } from '../../../src/domain/contracts/orders';
import type { ApiClient } from '../../support/api-client';
import { testClock } from '../../support/clock';
import { bakeryFixtures, created, lagos } from '../../support/fixtures';
import { createRole, firstAdmin, userWithRole } from '../../support/personas';
import { createTestApp, type TestApp } from '../../support/test-app';

// Monday 23 November 2026, 12:00 in Lagos: tomorrow is Tuesday 24 (weekday 2).
const clock = testClock(lagos('2026-11-23T12:00:00').getTime());
let testApp: TestApp;
let admin: ApiClient;
let clerk: ApiClient;
let manager: ApiClient;
const fixtures = bakeryFixtures(() => admin);
let ade: { id: string };
let bisi: { id: string };

const week = (loaves: number) => [loaves, loaves, loaves, loaves, loaves, 0, 0];
const book = async (day = '', as = clerk) =>
  (await as.get<OrderBook>(`/api/orders/book${day ? `?day=${day}` : ''}`)).body;
const ordered = (b: OrderBook) =>
  b.lines.map((line) => [line.name, line.paused, line.breads.map((bread) => bread.ordered)]);
const setDay = (who: ApiClient, to: { id: string }, day: string, loaves: number) =>
  who.call<BookLine>('PUT', `/api/orders/book/${to.id}`, {
    day,
    breads: [{ recipeName: 'Agege Bread', loaves }],
  });

beforeAll(async () => {
  testApp = await createTestApp({ now: clock.now });
  admin = await firstAdmin(testApp);
  const clerkRole = await createRole(
    admin,
    'Sales clerk',
    { canRead: true, canWrite: true, canDelete: false },
    ['sales'],
  );
  const managerRole = await createRole(
    admin,
    'Sales manager',
    { canRead: true, canWrite: true, canDelete: true },
    ['sales'],
  );
  clerk = await userWithRole(testApp, admin, 'clerk', clerkRole);
  manager = await userWithRole(testApp, admin, 'manager', managerRole);
  await fixtures.bread('Agege Bread');
  await fixtures.bread('Wheat Bread');
  ade = await fixtures.distributor('Ade Stores');
  bisi = await fixtures.distributor('Bisi Kiosk');
});
afterAll(() => testApp.close());

describe('standing orders and the order book', () => {
  it("makes tomorrow's book from the weekday's standing orders, with totals", async () => {
    const grid = await clerk.call<StandingGrid>('PUT', `/api/orders/standing/${ade.id}`, {
      breads: [
        { recipeName: 'Agege Bread', days: week(100) },
        { recipeName: 'Wheat Bread', days: [0, 40, 0, 0, 0, 0, 0] },
      ],
    });
    expect(grid.status).toBe(200);
    await clerk.call('PUT', `/api/orders/standing/${bisi.id}`, {
      breads: [{ recipeName: 'Agege Bread', days: week(60) }],
    });
    const tomorrow = await book();
    expect(tomorrow).toMatchObject({
      day: '2026-11-24',
      weekday: 2,
      breads: ['Agege Bread', 'Wheat Bread'],
      totals: [
        { recipeName: 'Agege Bread', loaves: 160 },
        { recipeName: 'Wheat Bread', loaves: 40 },
      ],
      total: 200,
      cutoffTime: '18:00',
      cutoffAt: '2026-11-23T17:00:00.000Z',
      closed: false,
      past: false,
    });
    expect(ordered(tomorrow)).toEqual([
      ['Ade Stores', false, [100, 40]],
      ['Bisi Kiosk', false, [60, 0]],
    ]);
    const grids = (await clerk.get<StandingGrid[]>('/api/orders/standing')).body;
    expect(grids.find((g) => g.name === 'Ade Stores')?.breads).toEqual([
      { recipeName: 'Agege Bread', days: week(100) },
      { recipeName: 'Wheat Bread', days: [0, 40, 0, 0, 0, 0, 0] },
    ]);
  });

  it("takes one date's change in place of the standing order, and a pause holds the rest back", async () => {
    const changed = await setDay(clerk, ade, '2026-11-25', 130);
    expect(changed.status).toBe(200);
    expect(changed.body.breads[0]).toEqual({
      recipeName: 'Agege Bread',
      standing: 100,
      change: 130,
      ordered: 130,
    });
    const pause = await clerk.post('/api/orders/pauses', {
      distributorId: ade.id,
      fromDay: '2026-11-25',
      toDay: '2026-11-27',
      reason: 'Family wedding in Ibadan',
    });
    expect(pause.status).toBe(201);
    expect(ordered(await book('2026-11-25'))[0]).toEqual(['Ade Stores', true, [130, 0]]);
    expect(ordered(await book('2026-11-26'))[0]).toEqual(['Ade Stores', true, [0, 0]]);
    // Back to the standing order: no change is kept for it.
    const back = await setDay(clerk, bisi, '2026-11-25', 60);
    expect(back.body.breads[0]?.change).toBeNull();
    const removed = await clerk.delete(`/api/orders/pauses/${pause.body.id}`);
    expect(removed.status).toBe(200);
    expect(ordered(await book('2026-11-26'))[0]).toEqual(['Ade Stores', false, [100, 0]]);
  });

  it('refuses bad input with the field, changing nothing', async () => {
    const cases: [string, string, unknown, string, string][] = [
      [
        'PUT',
        `/api/orders/book/${ade.id}`,
        { day: '2026-11-25', breads: [{ recipeName: 'Agege Bread', loaves: 1.5 }] },
        'breads.0.loaves',
        'Whole loaves only',
      ],
      [
        'PUT',
        `/api/orders/book/${ade.id}`,
        { day: '2026-11-25', breads: [{ recipeName: 'Cake', loaves: 3 }] },
        'breads.0.recipeName',
        'Cake is not a bread on offer (no recipe of that name)',
      ],
      [
        'PUT',
        `/api/orders/standing/${ade.id}`,
        { breads: [{ recipeName: 'Agege Bread', days: [1, 2] }] },
        'breads.0.days',
        'Give loaves for each of the 7 weekdays',
      ],
      [
        'POST',
        '/api/orders/pauses',
        { distributorId: ade.id, fromDay: '2026-11-28', toDay: '2026-11-27' },
        'toDay',
        'To cannot be before From',
      ],
      [
        'POST',
        '/api/orders/pauses',
        { distributorId: ade.id, fromDay: '2026-11-22', toDay: '2026-11-27' },
        'fromDay',
        'A pause cannot start before today',
      ],
      [
        'PUT',
        `/api/orders/book/${ade.id}`,
        { day: '2026-11-22', breads: [{ recipeName: 'Agege Bread', loaves: 3 }] },
        'day',
        'Orders of a day before today cannot be changed',
      ],
    ];
    const before = await book('2026-11-25');
    for (const [method, url, body, path, message] of cases) {
      const reply = await clerk.call(method as 'PUT', url, body);
      expect(reply.status, JSON.stringify(reply.body)).toBe(400);
      expect(reply.body.errors).toEqual([{ path, message }]);
    }
    expect(await book('2026-11-25')).toEqual(before);
  });

  it('needs Sales: 403 without the right to read or write', async () => {
    const readerRole = await createRole(
      admin,
      'Sales reader',
      { canRead: true, canWrite: false, canDelete: false },
      ['sales'],
    );
    const reader = await userWithRole(testApp, admin, 'reader', readerRole);
    const nobody = await userWithRole(testApp, admin, 'nobody', null);
    expect((await reader.get('/api/orders/book')).status).toBe(200);
    expect((await setDay(reader, ade, '2026-11-25', 1)).status).toBe(403);
    expect(
      (await reader.call('PUT', `/api/orders/standing/${ade.id}`, { breads: [] })).status,
    ).toBe(403);
    expect((await nobody.get('/api/orders/book')).status).toBe(403);
    expect((await nobody.get('/api/orders/standing')).status).toBe(403);
    expect((await nobody.get('/api/orders/pauses')).status).toBe(403);
  });
});

describe('the cut-off (18:00 Lagos on the day before)', () => {
  it('closes tomorrow at 18:00 today: a clerk is refused, a manager may, and it is audited', async () => {
    clock.advance(6 * 3_600_000); // 18:00:00 on Monday
    const closed = await book('2026-11-24');
    expect(closed.closed).toBe(true);
    const refused = await setDay(clerk, ade, '2026-11-24', 90);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'ORDER_DAY_CLOSED',
      message:
        'Orders for Tue, 24 Nov closed at 18:00 on Mon, 23 Nov: only a manager (Sales delete right) can still change them',
    });
    const allowed = await setDay(manager, ade, '2026-11-24', 90);
    expect(allowed.status).toBe(200);
    expect(ordered(await book('2026-11-24'))[0]).toEqual(['Ade Stores', false, [90, 40]]);
    const events = (
      await admin.get<AuditEvent[]>(`/api/admin/audit?action=sales.day_order&recordId=${ade.id}`)
    ).body;
    expect(events.slice(0, 2).map((e) => [e.username, e.status])).toEqual([
      ['baker_manager', 200],
      ['baker_clerk', 403],
    ]);
    expect(events[0]?.summary).toMatchObject({ input: { day: '2026-11-24' } });
    // The day after is still open to the clerk.
    expect((await setDay(clerk, ade, '2026-11-25', 120)).status).toBe(200);
  });

  it('keeps a closed day as it was when standing orders or pauses change after its cut-off', async () => {
    await clerk.call('PUT', `/api/orders/standing/${bisi.id}`, {
      breads: [{ recipeName: 'Agege Bread', days: week(75) }],
    });
    const pause = await clerk.post<{ id: string }>('/api/orders/pauses', {
      distributorId: bisi.id,
      fromDay: '2026-11-23',
      toDay: '2026-11-24',
    });
    expect(pause.status).toBe(201);
    // Tuesday had closed with 60 loaves for Bisi: kept, as that day's change.
    const tuesday = (await book('2026-11-24')).lines[1];
    expect(tuesday).toMatchObject({ paused: true, total: 60 });
    expect(tuesday?.breads[0]).toMatchObject({ standing: 75, change: 60, ordered: 60 });
    // Wednesday is open: it follows the new standing order.
    expect(ordered(await book('2026-11-25'))[1]).toEqual(['Bisi Kiosk', false, [75, 0]]);
  });

  it('follows a changed cut-off setting, and refuses a time that is not HH:MM', async () => {
    const bad = await admin.call('PUT', '/api/admin/settings', {
      allowSelfRegistration: true,
      orderCutoff: '25:00',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { path: 'orderCutoff', message: 'Order cut-off must be a time (HH:MM)' },
    ]);
    await admin.call('PUT', '/api/admin/settings', {
      allowSelfRegistration: true,
      orderCutoff: '20:30',
    });
    expect(await book('2026-11-24')).toMatchObject({
      cutoffTime: '20:30',
      cutoffAt: '2026-11-23T19:30:00.000Z',
      closed: false,
    });
    expect((await setDay(clerk, ade, '2026-11-24', 95)).status).toBe(200);
    await admin.call('PUT', '/api/admin/settings', {
      allowSelfRegistration: true,
      orderCutoff: '18:00',
    });
  });

  it('gives an archived distributor no orders and refuses new ones', async () => {
    const gone = await fixtures.distributor('Gone Bakers');
    await clerk.call('PUT', `/api/orders/standing/${gone.id}`, {
      breads: [{ recipeName: 'Agege Bread', days: week(10) }],
    });
    // A payment makes delete archive it (it has records).
    await created(admin.post('/api/distributor-payments', { distributorId: gone.id, amount: 500 }));
    expect((await admin.delete(`/api/distributors/${gone.id}`)).body).toMatchObject({
      action: 'archived',
    });
    expect((await book('2026-11-25')).lines.map((line) => line.name)).not.toContain('Gone Bakers');
    const refused = await setDay(clerk, gone, '2026-11-25', 5);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'DISTRIBUTOR_ARCHIVED' });
  });
});
