import { and, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FinancialReport,
  type InventoryReport,
  type ProductionReport,
  productionReportSchema,
  type ReturnHistoryRow,
  type ReturnsReport,
  returnHistoryRowSchema,
  type SalesReport,
} from '../../src/domain/contracts/reports';
import type { KeysetPage } from '../../src/domain/paging';
import {
  breadReturns,
  distributorPayments,
  productionBatches,
  salesTransactions,
} from '../../src/server/db/schema';
import type { ApiClient } from '../support/api-client';
import { created, lagos } from '../support/fixtures';
import { createRole, firstAdmin, userWithRole } from '../support/personas';
import { createTestApp, type TestApp } from '../support/test-app';

let testApp: TestApp;
let admin: ApiClient;

/*
 * The data set, all in March 2026 unless said:
 *   Ada's Kiosk: sale 10 × 0.10 paid 0.30 (2 Mar), payment 0.20 (3 Mar),
 *                return 1 × 0.10 spoiled (4 Mar)                        → balance 0.40
 *   Bola Stores: sale 20 × 300.50 paid 1,000 (31 Mar 23:30 Lagos)          → balance 5,010
 *                return 2 × 300.50 damaged (1 Apr 00:30 Lagos, outside March)
 *   Batches: White (40 loaves, started 1 Mar), Brown in progress (started 5 Mar),
 *            Rye planned (never started: kept by any filter).
 */
beforeAll(async () => {
  testApp = await createTestApp();
  admin = await firstAdmin(testApp);
  const { db } = testApp.database;
  const flour = await created(
    admin.post<{ id: string }>('/api/inventory', {
      name: 'Flour',
      category: 'ingredients',
      unit: 'kg',
      currentStock: 100,
      minStock: 200,
      unitCost: 800.5,
    }),
  );
  await created(
    admin.post('/api/inventory', {
      name: 'Bags',
      category: 'packaging',
      unit: 'units',
      currentStock: 30,
      minStock: 0,
      unitCost: 0.1,
    }),
  );
  const batchOf = async (name: string, flourKg: number, started: string | null) => {
    const recipe = await created(
      admin.post<{ id: string }>('/api/recipes', {
        name,
        ingredients: [{ itemId: flour.id, quantity: 0.001, unit: 'kg' }],
      }),
    );
    const batch = await created(
      admin.post<{ id: string }>('/api/production-batches', {
        recipeId: recipe.id,
        flourKg,
      }),
    );
    if (started) {
      await admin.patch(`/api/production-batches/${batch.id}`, { status: 'in_progress' });
      await db
        .update(productionBatches)
        .set({ startedAt: lagos(started) })
        .where(eq(productionBatches.id, batch.id));
    }
    return batch.id;
  };
  const white = await batchOf('White', 10, '2026-03-01T08:00:00');
  await db
    .update(productionBatches)
    .set({ status: 'completed', loavesProduced: 40, completedAt: lagos('2026-03-01T12:00:00') })
    .where(eq(productionBatches.id, white));
  await batchOf('Brown', 5.5, '2026-03-05T08:00:00');
  await batchOf('Rye', 2, null);

  const ada = await created(
    admin.post<{ id: string }>('/api/distributors', {
      name: "Ada's Kiosk",
      address: 'Yaba',
      phone: '0803 000 0001',
    }),
  );
  const bola = await created(
    admin.post<{ id: string }>('/api/distributors', {
      name: 'Bola Stores',
      address: 'Aba',
      phone: '0803 000 0002',
    }),
  );
  const at = async (
    table: typeof salesTransactions | typeof distributorPayments | typeof breadReturns,
    id: string,
    when: string,
  ) =>
    db
      .update(table)
      .set({ createdAt: lagos(when) })
      .where(eq(table.id, id));
  const sale = async (
    distributorId: string,
    loaves: number,
    price: number,
    paid: number,
    when: string,
  ) => {
    const row = await created(
      admin.post('/api/sales-transactions', {
        distributorId,
        recipeName: 'White',
        loavesTaken: loaves,
        pricePerLoaf: price,
        amountPaid: paid,
      }),
    );
    await at(salesTransactions, row.id, when);
  };
  await sale(ada.id, 10, 0.1, 0.3, '2026-03-02T10:00:00');
  await sale(bola.id, 20, 300.5, 1000, '2026-03-31T23:30:00');
  const payment = await created(
    admin.post('/api/distributor-payments', { distributorId: ada.id, amount: 0.2 }),
  );
  await at(distributorPayments, payment.id, '2026-03-03T10:00:00');
  const giveBack = async (
    distributorId: string,
    loaves: number,
    price: number,
    reason: string,
    when: string,
  ) => {
    const row = await created(
      admin.post('/api/bread-returns', {
        distributorId,
        recipeName: 'White',
        loavesReturned: loaves,
        pricePerLoaf: price,
        reason,
      }),
    );
    await at(breadReturns, row.id, when);
  };
  await giveBack(ada.id, 1, 0.1, 'spoiled', '2026-03-04T10:00:00');
  await giveBack(bola.id, 2, 300.5, 'damaged', '2026-04-01T00:30:00');
});
afterAll(() => testApp.close());

const MARCH = 'startDate=2026-03-01&endDate=2026-03-31';

/** Flour of the batches started in [start, end), cancelled ones left out, per Lagos month. */
async function rawFlourByMonth(start: Date, end: Date) {
  const b = productionBatches;
  const rows = await testApp.database.db
    .select({
      period: sql<string>`to_char(${b.startedAt} at time zone 'Africa/Lagos', 'YYYY-MM')`,
      value: sql<string>`sum(${b.flourKg})::text`,
    })
    .from(b)
    .where(and(gte(b.startedAt, start), lt(b.startedAt, end), ne(b.status, 'cancelled')))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return rows.map((row) => ({ period: row.period, value: Number(row.value) }));
}

describe('reports over a known data set', () => {
  it('Returns: totals, one card per reason, by distributor and the history, within March', async () => {
    const reply = await admin.get<ReturnsReport>(`/api/reports/returns?${MARCH}`);
    expect(reply.status).toBe(200);
    expect(reply.body.totalAmount).toBe(0.1);
    expect(reply.body.totalLoaves).toBe(1);
    expect(reply.body.byReason).toEqual([
      { reason: 'spoiled', loaves: 1, amount: 0.1 },
      { reason: 'damaged', loaves: 0, amount: 0 },
      { reason: 'quality_issue', loaves: 0, amount: 0 },
      { reason: 'other', loaves: 0, amount: 0 },
    ]);
    expect(reply.body.byDistributor).toMatchObject([
      { distributorName: "Ada's Kiosk", totalLoaves: 1, totalAmount: 0.1, returns: 1 },
    ]);
    const all = await admin.get<ReturnsReport>('/api/reports/returns');
    expect(all.body.totalAmount).toBe(601.1);
    const history = await admin.get<KeysetPage<ReturnHistoryRow>>('/api/reports/returns/history');
    expect(history.body.rows.map((row) => row.distributorName)).toEqual([
      'Bola Stores',
      "Ada's Kiosk",
    ]);
    expect(history.body.nextCursor).toBeUndefined();
    const fromApril = await admin.get<ReturnsReport>('/api/reports/returns?startDate=2026-04-01');
    expect(fromApril.body.totalAmount).toBe(601);
  });

  it('Sales: totals and by distributor, largest sales first, to the kobo', async () => {
    const reply = await admin.get<SalesReport>(`/api/reports/sales?${MARCH}`);
    // 10 × 0.10 = 1.00 and 20 × 300.50 = 6,010.00
    expect(reply.body.totalSales).toBe(6011);
    // 0.30 + 0.20 + 1,000
    expect(reply.body.paymentsReceived).toBe(1000.5);
    // (1.00 − 0.50 − 0.10) + (6,010 − 1,000)
    expect(reply.body.outstandingBalance).toBe(5010.4);
    expect(
      reply.body.byDistributor.map((row) => [
        row.distributorName,
        row.totalSales,
        row.payments,
        row.returns,
        row.balance,
        row.transactions,
      ]),
    ).toEqual([
      ['Bola Stores', 6010, 1000, 0, 5010, 1],
      ["Ada's Kiosk", 1, 0.5, 0.1, 0.4, 1],
    ]);
    expect(reply.body.trend).toEqual([
      { period: '2026-03-02', value: 1 },
      { period: '2026-03-31', value: 6010 },
    ]);
  });

  it('Sales: the 23:30 sale on the 31st is in March but not in a range ending the 30th', async () => {
    const reply = await admin.get<SalesReport>(
      '/api/reports/sales?startDate=2026-03-01&endDate=2026-03-30',
    );
    expect(reply.body.totalSales).toBe(1);
  });

  it('Production: counts by startedAt, keeps never-started batches, lists newest first', async () => {
    const reply = await admin.get<ProductionReport>(`/api/reports/production?${MARCH}`);
    expect(reply.body).toMatchObject({
      totalBatches: 3,
      completed: 1,
      inProgress: 1,
      totalLoaves: 40,
    });
    expect(reply.body.batches.map((batch) => [batch.recipeName, batch.status])).toEqual([
      ['Rye', 'planned'],
      ['Brown', 'in_progress'],
      ['White', 'completed'],
    ]);
    expect(reply.body.trend).toEqual([
      { period: '2026-03-01', value: 10 },
      { period: '2026-03-05', value: 5.5 },
    ]);
    const april = await admin.get<ProductionReport>('/api/reports/production?startDate=2026-04-01');
    expect(april.body.totalBatches).toBe(1);
  });

  it('Production: a range from mid-month to mid-month trends by month as the batches add up', async () => {
    const { db } = testApp.database;
    // By Lagos day started: edges of the range, a whole month inside it, a cancelled batch.
    const started = [
      ['2025-11-19T23:30:00', 1.1, 'in_progress'],
      ['2025-11-20T00:30:00', 2.25, 'in_progress'],
      ['2025-12-15T09:00:00', 3, 'completed'],
      ['2025-12-31T23:30:00', 4, 'cancelled'],
      ['2026-01-01T00:30:00', 0.125, 'in_progress'],
      ['2026-02-10T23:30:00', 6, 'in_progress'],
      ['2026-02-11T00:30:00', 7, 'in_progress'],
    ] as const;
    const added = await db
      .insert(productionBatches)
      .values(
        started.map(([at, flourKg, status], n) => ({
          batchNumber: `MID-${n}`,
          recipeName: 'Wheat',
          flourKg,
          status,
          startedAt: lagos(at),
          loavesProduced: status === 'completed' ? 50 : null,
          completedAt: status === 'completed' ? lagos(at) : null,
        })),
      )
      .returning({ id: productionBatches.id });
    try {
      const range = 'startDate=2025-11-20&endDate=2026-02-10';
      const reply = await admin.get<ProductionReport>(`/api/reports/production?${range}`);
      const raw = await rawFlourByMonth(lagos('2025-11-20T00:00:00'), lagos('2026-02-11T00:00:00'));
      expect(reply.body.trend).toEqual(raw);
      expect(raw).toEqual([
        { period: '2025-11', value: 2.25 },
        { period: '2025-12', value: 3 },
        { period: '2026-01', value: 0.125 },
        { period: '2026-02', value: 6 },
      ]);
      // Five started in the range (the cancelled one too) and Rye, never started.
      expect(reply.body).toMatchObject({ totalBatches: 6, completed: 1, totalLoaves: 50 });
    } finally {
      await db.delete(productionBatches).where(
        inArray(
          productionBatches.id,
          added.map((row) => row.id),
        ),
      );
    }
  });

  it('Inventory: items, low stock and value now, whatever the dates', async () => {
    const reply = await admin.get<InventoryReport>('/api/reports/inventory');
    // Flour: 100 kg less 0.010 + 0.006 (5.5 g rounded) + 0.002 kg taken by the batches.
    const flour = reply.body.items.find((item) => item.name === 'Flour');
    expect(flour?.currentStock).toBe(99.982);
    expect(reply.body.totalItems).toBe(2);
    expect(reply.body.lowStockCount).toBe(1);
    expect(reply.body.lowStock.map((item) => item.name)).toEqual(['Flour']);
    // 99.982 × 800.50 = 80,035.591 → 80,035.59; 30 × 0.10 = 3.00
    expect(reply.body.totalValue).toBe(80038.59);
  });

  it('Financial: cash basis summary and the balances owed, largest first', async () => {
    const reply = await admin.get<FinancialReport>(`/api/reports/financial?${MARCH}`);
    expect(reply.body).toMatchObject({
      totalRevenue: 6011,
      cashReceived: 1000.5,
      totalReturns: 0.1,
      netSales: 6010.9,
      accountsReceivable: 5010.4,
    });
    expect(reply.body.balances.map((row) => [row.distributorName, row.balance])).toEqual([
      ['Bola Stores', 5010],
      ["Ada's Kiosk", 0.4],
    ]);
    expect(reply.body.trend).toEqual([
      { period: '2026-03-02', value: 0.3 },
      { period: '2026-03-03', value: 0.2 },
      { period: '2026-03-31', value: 1000 },
    ]);
  });

  it('groups a trend by month for a long range', async () => {
    const reply = await admin.get<SalesReport>('/api/reports/sales?startDate=2025-01-01');
    expect(reply.body.trend).toEqual([{ period: '2026-03', value: 6011 }]);
  });

  it('refuses a reversed or malformed range', async () => {
    expect(
      (await admin.get('/api/reports/sales?startDate=2026-03-02&endDate=2026-03-01')).status,
    ).toBe(400);
    expect((await admin.get('/api/reports/sales?startDate=March')).status).toBe(400);
  });

  it('answers each tab only to readers of its module', async () => {
    const role = await createRole(
      admin,
      'Stock Keepers',
      { canRead: true, canWrite: false, canDelete: false },
      ['inventory'],
    );
    const keeper = await userWithRole(testApp, admin, 'keeper', role);
    expect((await keeper.get('/api/reports/inventory')).status).toBe(200);
    for (const tab of ['returns', 'sales', 'production', 'financial']) {
      expect((await keeper.get(`/api/reports/${tab}`)).status, tab).toBe(403);
    }
  });
});

describe('answers', () => {
  it('carry only the fields the contracts declare: no cursor or price on a history row', async () => {
    const keysOf = (answer: object | undefined) => Object.keys(answer ?? {}).sort();
    const page = await admin.get<KeysetPage<ReturnHistoryRow>>(
      '/api/reports/returns/history?limit=1',
    );
    expect(keysOf(page.body)).toEqual(['nextCursor', 'rows']);
    expect(keysOf(page.body.rows[0])).toEqual(keysOf(returnHistoryRowSchema.shape));
    const production = await admin.get<ProductionReport>(`/api/reports/production?${MARCH}`);
    expect(keysOf(production.body)).toEqual(keysOf(productionReportSchema.shape));
    const [batch] = production.body.batches;
    expect(keysOf(batch)).toEqual(keysOf(productionReportSchema.shape.batches.element.shape));
  });
});
