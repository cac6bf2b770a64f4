import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../../src/domain/audit';
import type { DeliveryNote, DispatchDay } from '../../../src/domain/contracts/dispatch';
import type { SaleTransaction } from '../../../src/domain/contracts/sales';
import type { ApiClient } from '../../support/api-client';
import { testClock } from '../../support/clock';
import { bakeryFixtures, created, lagos } from '../../support/fixtures';
import { createRole, firstAdmin, userWithRole } from '../../support/personas';
import { createTestApp, type TestApp } from '../../support/test-app';

// Wednesday 10 June 2026, 09:00 in Lagos (weekday 3).
const clock = testClock(lagos('2026-06-10T09:00:00').getTime());
const TODAY = '2026-06-10';
let testApp: TestApp;
let admin: ApiClient;
let clerk: ApiClient;
const fixtures = bakeryFixtures(() => admin);

/** Today's order: today closed at yesterday's cut-off, so the admin (Sales delete) sets it. */
const order = async (to: { id: string }, breads: Record<string, number>) => {
  const reply = await admin.call('PUT', `/api/orders/book/${to.id}`, {
    day: TODAY,
    breads: Object.entries(breads).map(([recipeName, loaves]) => ({ recipeName, loaves })),
  });
  if (reply.status !== 200) throw new Error(JSON.stringify(reply.body));
};
const price = (recipeName: string, pricePerLoaf: number, distributorId?: string) =>
  created(
    admin.post('/api/bread-prices', {
      recipeName,
      pricePerLoaf,
      effectiveFrom: TODAY,
      distributorId,
    }),
  );
const dispatch = (
  to: { id: string },
  lines: { recipeName: string; loaves: number }[],
  as = clerk,
) =>
  as.post<DeliveryNote & { code?: string; message?: string; errors?: unknown }>(
    `/api/dispatch/${to.id}`,
    { day: TODAY, lines },
  );
const dayOf = async () => (await clerk.get<DispatchDay>(`/api/dispatch?day=${TODAY}`)).body;
const noteOf = async (to: { id: string }) =>
  (await dayOf()).notes.find((note) => note.distributorId === to.id);
const salesOf = async (to: { id: string }) =>
  (await admin.get<SaleTransaction[]>('/api/sales-transactions?limit=100')).body.filter(
    (sale) => sale.distributorId === to.id,
  );

beforeAll(async () => {
  testApp = await createTestApp({ now: clock.now });
  admin = await firstAdmin(testApp);
  const role = await createRole(
    admin,
    'Sales clerk',
    { canRead: true, canWrite: true, canDelete: false },
    ['sales'],
  );
  clerk = await userWithRole(testApp, admin, 'clerk', role);
});
afterAll(() => testApp.close());

describe('a distributor short of loaves', () => {
  let mama: { id: string };

  beforeAll(async () => {
    mama = await fixtures.distributor('Mama Tunde Stores');
    await fixtures.bake('Agege Bread', 7);
    await fixtures.bake('Sardine Roll', 20);
    await price('Agege Bread', 500);
    await price('Sardine Roll', 250.5);
    await price('Sardine Roll', 240.25, mama.id);
    await order(mama, { 'Agege Bread': 10, 'Sardine Roll': 4 });
  });

  it('shows the note before dispatch: ordered, available and the price in force', async () => {
    const day = await dayOf();
    expect(day.isToday).toBe(true);
    expect(await noteOf(mama)).toMatchObject({
      name: 'Mama Tunde Stores',
      dispatched: false,
      lines: [
        { recipeName: 'Agege Bread', ordered: 10, loaded: null, available: 7, pricePerLoaf: 500 },
        {
          recipeName: 'Sardine Roll',
          ordered: 4,
          loaded: null,
          available: 20,
          pricePerLoaf: 240.25,
        },
      ],
      totalOrdered: 14,
      totalValue: 5961,
    });
    expect(day.loading).toContainEqual({
      recipeName: 'Agege Bread',
      ordered: 10,
      loaded: 0,
      toLoad: 10,
      available: 7,
    });
  });

  it('refuses loading more than available with the loaves left, and records nothing', async () => {
    const reply = await dispatch(mama, [
      { recipeName: 'Agege Bread', loaves: 10 },
      { recipeName: 'Sardine Roll', loaves: 4 },
    ]);
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({
      code: 'LOAVES_NOT_AVAILABLE',
      message: 'Only 7 loaves of Agege Bread are available',
      errors: [{ path: 'lines.0.loaves', message: 'Only 7 loaves of Agege Bread are available' }],
    });
    expect(await salesOf(mama)).toEqual([]);
    expect((await noteOf(mama))?.dispatched).toBe(false);
  });

  it('refuses more than ordered, a bread not ordered and a day not today (400)', async () => {
    const more = await dispatch(mama, [
      { recipeName: 'Sardine Roll', loaves: 5 },
      { recipeName: 'Coconut Bread', loaves: 1 },
    ]);
    expect(more.status).toBe(400);
    expect(more.body.errors).toEqual([
      { path: 'lines.0.loaves', message: 'At most 4 loaves of Sardine Roll were ordered' },
      { path: 'lines.1.loaves', message: 'Coconut Bread was not ordered' },
    ]);
    const tomorrow = await clerk.post(`/api/dispatch/${mama.id}`, { day: '2026-06-11', lines: [] });
    expect(tomorrow.status).toBe(400);
    expect(tomorrow.body).toMatchObject({
      code: 'DISPATCH_NOT_TODAY',
      errors: [{ path: 'day', message: "Only today's orders (2026-06-10) can be dispatched" }],
    });
    const bad = await clerk.post(`/api/dispatch/${mama.id}`, {
      day: TODAY,
      lines: [{ recipeName: 'Agege Bread', loaves: -1 }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { path: 'lines.0.loaves', message: 'Loaves cannot be negative' },
    ]);
  });

  it('records the loaves loaded as sales at their prices, keeps the shortfall, audits it', async () => {
    const reply = await dispatch(mama, [
      { recipeName: 'Agege Bread', loaves: 7 },
      { recipeName: 'Sardine Roll', loaves: 4 },
    ]);
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      dispatched: true,
      lines: [
        {
          recipeName: 'Agege Bread',
          ordered: 10,
          loaded: 7,
          available: 0,
          pricePerLoaf: 500,
          value: 3500,
        },
        {
          recipeName: 'Sardine Roll',
          ordered: 4,
          loaded: 4,
          available: 16,
          pricePerLoaf: 240.25,
          value: 961,
        },
      ],
      totalOrdered: 14,
      totalLoaded: 11,
      totalValue: 4461,
    });
    const sales = await salesOf(mama);
    expect(
      sales.map((sale) => [sale.recipeName, sale.loavesTaken, sale.pricePerLoaf, sale.amountPaid]),
    ).toEqual(
      expect.arrayContaining([
        ['Agege Bread', 7, 500, 0],
        ['Sardine Roll', 4, 240.25, 0],
      ]),
    );
    expect(sales).toHaveLength(2);
    expect((await dayOf()).loading).toContainEqual({
      recipeName: 'Agege Bread',
      ordered: 10,
      loaded: 7,
      toLoad: 0,
      available: 0,
    });
    const events = (
      await admin.get<AuditEvent[]>(`/api/admin/audit?action=sales.dispatch&recordId=${mama.id}`)
    ).body;
    expect(events.map((event) => [event.username, event.status])).toEqual([
      ['baker_clerk', 201],
      ['baker_clerk', 400],
      ['baker_clerk', 400],
      ['baker_clerk', 400],
      ['baker_clerk', 409],
    ]);
  });

  it('makes a day’s dispatch once (409)', async () => {
    const again = await dispatch(mama, [{ recipeName: 'Sardine Roll', loaves: 1 }]);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'DISPATCH_ALREADY_MADE',
      message: "Mama Tunde Stores's dispatch of 2026-06-10 has been made already",
    });
    expect(await salesOf(mama)).toHaveLength(2);
  });
});

describe('refusals', () => {
  it('refuses a bread without a price until one is set', async () => {
    const kiosk = await fixtures.distributor('Kiosk Eleven');
    await fixtures.bake('Wheat Loaf', 5);
    await order(kiosk, { 'Wheat Loaf': 2 });
    expect((await noteOf(kiosk))?.lines[0]).toMatchObject({ pricePerLoaf: null, value: null });
    const refused = await dispatch(kiosk, [{ recipeName: 'Wheat Loaf', loaves: 2 }]);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      {
        path: 'lines.0',
        message: 'Wheat Loaf has no price: set one on Prices before dispatching it',
      },
    ]);
    await price('Wheat Loaf', 800);
    expect((await dispatch(kiosk, [{ recipeName: 'Wheat Loaf', loaves: 2 }])).status).toBe(201);
  });

  it('refuses a distributor with nothing ordered, an archived one and an unknown one', async () => {
    const idle = await fixtures.distributor('Idle Ventures');
    const nothing = await dispatch(idle, []);
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe('Idle Ventures has no loaves ordered on 2026-06-10');
    await created(admin.post('/api/distributor-payments', { distributorId: idle.id, amount: 100 }));
    await admin.delete(`/api/distributors/${idle.id}`);
    expect((await dispatch(idle, [])).body.code).toBe('DISTRIBUTOR_ARCHIVED');
    const unknown = await dispatch({ id: '00000000-0000-4000-8000-000000000000' }, []);
    expect(unknown.status).toBe(404);
  });

  it('needs Sales read to see and Sales write to dispatch (403)', async () => {
    const reader = await userWithRole(
      testApp,
      admin,
      'reader',
      await createRole(
        admin,
        'Sales readers',
        { canRead: true, canWrite: false, canDelete: false },
        ['sales'],
      ),
    );
    const baker = await userWithRole(
      testApp,
      admin,
      'baker',
      await createRole(admin, 'Bakers', { canRead: true, canWrite: true, canDelete: false }, [
        'production',
      ]),
    );
    const anyone = await fixtures.distributor('Anyone Stores');
    expect((await reader.get('/api/dispatch')).status).toBe(200);
    expect((await dispatch(anyone, [], reader)).status).toBe(403);
    expect((await baker.get('/api/dispatch')).status).toBe(403);
    expect((await dispatch(anyone, [], baker)).status).toBe(403);
  });
});

describe('two dispatches racing for the last loaves', () => {
  it('never oversells: one loads them, the other is told none are left', async () => {
    const first = await fixtures.distributor('Race One');
    const second = await fixtures.distributor('Race Two');
    await fixtures.bake('Milk Bread', 5);
    await price('Milk Bread', 600);
    await order(first, { 'Milk Bread': 5 });
    await order(second, { 'Milk Bread': 5 });
    const load = [{ recipeName: 'Milk Bread', loaves: 5 }];
    const replies = await Promise.all([dispatch(first, load), dispatch(second, load)]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409]);
    const refused = replies.find((reply) => reply.status === 409);
    expect(refused?.body).toMatchObject({
      code: 'LOAVES_NOT_AVAILABLE',
      errors: [{ path: 'lines.0.loaves', message: 'No loaves of Milk Bread are available' }],
    });
    const sold = [...(await salesOf(first)), ...(await salesOf(second))];
    expect(sold.reduce((sum, sale) => sum + sale.loavesTaken, 0)).toBe(5);
    expect((await dayOf()).loading).toContainEqual(
      expect.objectContaining({ recipeName: 'Milk Bread', loaded: 5, toLoad: 5, available: 0 }),
    );
  });
});
