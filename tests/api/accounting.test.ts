import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountingExpenditures,
  type AccountingIncome,
  type AccountingSummary,
  expenditureSchema,
  incomePaymentSchema,
  incomeSaleSchema,
} from '../../src/domain/contracts/accounting';
import { distributorPayments, purchaseOrders, salesTransactions } from '../../src/server/db/schema';
import type { ApiClient } from '../support/api-client';
import { created, lagos } from '../support/fixtures';
import { createRole, firstAdmin, userWithRole } from '../support/personas';
import { createTestApp, type TestApp } from '../support/test-app';

let testApp: TestApp;
let admin: ApiClient;

const ids: Record<string, string> = {};

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
      unitCost: 800,
    }),
  );
  const recipe = await created(
    admin.post<{ id: string }>('/api/recipes', {
      name: 'Agege Bread',
      ingredients: [{ itemId: flour.id, quantity: 1, unit: 'kg' }],
    }),
  );
  const batch = await created(
    admin.post<{ id: string }>('/api/production-batches', {
      recipeId: recipe.id,
      flourKg: 10,
    }),
  );
  await admin.patch(`/api/production-batches/${batch.id}`, {
    status: 'completed',
    loavesProduced: 500,
  });
  const shop = await created(
    admin.post<{ id: string }>('/api/distributors', {
      name: 'Mama Nkechi',
      address: 'Aba',
      phone: '0803 123 4567',
    }),
  );
  const sell = async (key: string, paid: number, at: Date) => {
    const sale = await created(
      admin.post<{ id: string }>('/api/sales-transactions', {
        distributorId: shop.id,
        recipeName: 'Agege Bread',
        loavesTaken: 3,
        pricePerLoaf: 0.1,
        amountPaid: paid,
      }),
    );
    await db
      .update(salesTransactions)
      .set({ createdAt: at })
      .where(eq(salesTransactions.id, sale.id));
    ids[key] = sale.id;
  };
  const pay = async (key: string, amount: number, at: Date) => {
    const payment = await created(
      admin.post<{ id: string }>('/api/distributor-payments', {
        distributorId: shop.id,
        amount,
      }),
    );
    await db
      .update(distributorPayments)
      .set({ createdAt: at })
      .where(eq(distributorPayments.id, payment.id));
    ids[key] = payment.id;
  };
  const order = async (key: string, total: number, at: Date, status = 'pending') => {
    const placed = await created(
      admin.post<{ id: string }>('/api/purchase-orders', {
        supplier: 'Golden Penny Mills',
        status,
        items: [{ itemId: flour.id, quantity: 1, totalCost: total }],
      }),
    );
    await db.update(purchaseOrders).set({ orderDate: at }).where(eq(purchaseOrders.id, placed.id));
    ids[key] = placed.id;
  };
  // Sunday 1 March 2026, 23:30 Lagos (22:30 UTC): in March 1st, not in March 2nd.
  await sell('sundayLate', 0.1, lagos('2026-03-01T23:30:00'));
  // Monday 2 March 2026, 00:30 Lagos (23:30 UTC on the 1st): in March 2nd.
  await sell('mondayEarly', 0.2, lagos('2026-03-02T00:30:00'));
  await pay('mondayPayment', 0.1, lagos('2026-03-02T09:00:00'));
  await order('mondayOrder', 0.15, lagos('2026-03-02T10:00:00'));
  await order('cancelledOrder', 99, lagos('2026-03-02T11:00:00'), 'cancelled');
  // Tuesday 31 March 2026, 23:30 Lagos: the last moment of March.
  await order('monthEnd', 1000, lagos('2026-03-31T23:30:00'));
  // 00:30 on 1 April Lagos: April.
  await pay('april', 5, lagos('2026-04-01T00:30:00'));
});
afterAll(() => testApp.close());

const summary = (query: string) => admin.get<AccountingSummary>(`/api/accounting/summary?${query}`);

describe('accounting summary, cash basis', () => {
  it('counts a sale at 23:30 Lagos on the Sunday in that day, not the Monday', async () => {
    const sunday = await summary('startDate=2026-03-01&endDate=2026-03-01');
    expect(sunday.status).toBe(200);
    expect(sunday.body.income).toEqual({ totalIncome: 0.1, salesIncome: 0.1, paymentsIncome: 0 });
    const monday = await summary('startDate=2026-03-02&endDate=2026-03-02');
    // 0.20 paid at the 00:30 sale + a 0.10 payment; one 0.15 order (the cancelled one is left out).
    expect(monday.body).toEqual({
      period: { type: 'custom', startDate: '2026-03-02', endDate: '2026-03-02' },
      income: { totalIncome: 0.3, salesIncome: 0.2, paymentsIncome: 0.1 },
      expenditure: { totalExpenditure: 0.15 },
      profit: { amount: 0.15, margin: 50 },
    });
  });

  it('takes a whole month to 23:59 Lagos on its last day and no further', async () => {
    const march = await summary('startDate=2026-03-01&endDate=2026-03-31');
    expect(march.body.income.totalIncome).toBe(0.4);
    expect(march.body.expenditure.totalExpenditure).toBe(1000.15);
    expect(march.body.profit).toEqual({ amount: -999.75, margin: -249937.5 });
    const april = await summary('startDate=2026-04-01&endDate=2026-04-30');
    expect(april.body.income).toEqual({ totalIncome: 5, salesIncome: 0, paymentsIncome: 5 });
    expect(april.body.profit).toEqual({ amount: 5, margin: 100 });
  });

  it('gives a margin of 0 with no income, and defaults to this month', async () => {
    const empty = await summary('startDate=2020-01-01&endDate=2020-01-31');
    expect(empty.body.profit).toEqual({ amount: 0, margin: 0 });
    const thisMonth = await admin.get<AccountingSummary>('/api/accounting/summary');
    expect(thisMonth.body.period.type).toBe('this_month');
    expect(thisMonth.body.period.startDate).toMatch(/^\d{4}-\d{2}-01$/);
  });

  it('names the period it used for a named period', async () => {
    const week = await summary('period=this_week');
    expect(week.status).toBe(200);
    expect(week.body.period.type).toBe('this_week');
    const start = new Date(`${week.body.period.startDate}T12:00:00Z`);
    expect(start.getUTCDay()).toBe(1);
  });

  it('refuses future, half, reversed and malformed ranges with 400', async () => {
    const future = await summary('startDate=2026-01-01&endDate=2999-01-01');
    expect(future.status).toBe(400);
    expect(future.body).toEqual({
      message: 'End date cannot be in the future',
      code: 'INVALID_INPUT',
      errors: [{ path: 'endDate', message: 'End date cannot be in the future' }],
    });
    expect((await summary('startDate=2026-03-01')).status).toBe(400);
    expect((await summary('startDate=2026-03-02&endDate=2026-03-01')).status).toBe(400);
    expect((await summary('startDate=yesterday&endDate=2026-03-01')).status).toBe(400);
    expect((await summary('period=someday')).status).toBe(400);
  });
});

describe('accounting details', () => {
  it('lists the sales and payments behind the income, newest first, with their totals', async () => {
    const reply = await admin.get<AccountingIncome>(
      '/api/accounting/income?startDate=2026-03-01&endDate=2026-03-31',
    );
    expect(reply.status).toBe(200);
    expect(reply.body.sales.transactions.map((sale) => [sale.id, sale.amount])).toEqual([
      [ids.mondayEarly, 0.2],
      [ids.sundayLate, 0.1],
    ]);
    expect(reply.body.sales.transactions[0]).toMatchObject({
      recipeName: 'Agege Bread',
      distributorName: 'Mama Nkechi',
      loavesTaken: 3,
      pricePerLoaf: 0.1,
    });
    expect(reply.body.sales.totalAmount).toBe(0.3);
    expect(reply.body.payments.records.map((payment) => payment.id)).toEqual([ids.mondayPayment]);
    expect(reply.body.payments.totalAmount).toBe(0.1);
  });

  it('lists the orders that are not cancelled, with their total', async () => {
    const reply = await admin.get<AccountingExpenditures>(
      '/api/accounting/expenditures?startDate=2026-03-01&endDate=2026-03-31',
    );
    expect(reply.body.expenditures.map((order) => [order.id, order.amount])).toEqual([
      [ids.monthEnd, 1000],
      [ids.mondayOrder, 0.15],
    ]);
    expect(reply.body.totalAmount).toBe(1000.15);
    expect(reply.body.count).toBe(2);
  });

  it('pages a detail list but keeps the total of the whole period', async () => {
    const reply = await admin.get<AccountingExpenditures>(
      '/api/accounting/expenditures?startDate=2026-03-01&endDate=2026-03-31&limit=1',
    );
    expect(reply.body.expenditures).toHaveLength(1);
    expect(reply.body.totalAmount).toBe(1000.15);
    const next = await admin.get<AccountingExpenditures>(
      `/api/accounting/expenditures?startDate=2026-03-01&endDate=2026-03-31&limit=1&before=${reply.body.nextCursor}`,
    );
    expect(next.body.expenditures.map((order) => order.id)).toEqual([ids.mondayOrder]);
    expect(next.body.nextCursor).toBeUndefined();
  });

  it('answers each line with its declared fields only, never the cursor it was read by', async () => {
    const month = 'startDate=2026-03-01&endDate=2026-03-31';
    const income = (await admin.get<AccountingIncome>(`/api/accounting/income?${month}`)).body;
    const orders = (
      await admin.get<AccountingExpenditures>(`/api/accounting/expenditures?${month}`)
    ).body;
    const keys = (shape: object) => Object.keys(shape).sort();
    for (const [lines, shape] of [
      [income.sales.transactions, incomeSaleSchema.shape],
      [income.payments.records, incomePaymentSchema.shape],
      [orders.expenditures, expenditureSchema.shape],
    ] as const) {
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(Object.keys(line).sort()).toEqual(keys(shape));
    }
  });
});

describe('accounting permissions', () => {
  it('needs read on accounting for every call', async () => {
    const roleId = await createRole(
      admin,
      'Sales Clerks',
      {
        canRead: true,
        canWrite: true,
        canDelete: true,
      },
      ['sales', 'distributors'],
    );
    const clerk = await userWithRole(testApp, admin, 'clerk', roleId);
    for (const path of [
      'summary',
      'income',
      'expenditures',
      'income/sales.csv',
      'income/payments.csv',
      'expenditures.csv',
    ]) {
      expect((await clerk.get(`/api/accounting/${path}`)).status, path).toBe(403);
    }
    const readerRole = await createRole(
      admin,
      'Accountants',
      {
        canRead: true,
        canWrite: false,
        canDelete: false,
      },
      ['accounting'],
    );
    const accountant = await userWithRole(testApp, admin, 'accountant', readerRole);
    expect((await accountant.get('/api/accounting/summary')).status).toBe(200);
  });
});
