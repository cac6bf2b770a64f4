import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type DistributorWithAccount,
  distributorRecordSchema,
  type Statement,
  statementLineSchema,
} from '../../../src/domain/contracts/distributors';
import {
  breadReturns,
  distributorPayments,
  salesTransactions,
} from '../../../src/server/db/schema';
import { lagos, lagosDate } from '../../support/fixtures';
import { endsWithRollupsMatchingRecords } from '../../support/rollups';
import {
  account,
  admin,
  distributor,
  giveBack,
  pay,
  sell,
  setUpDistributorsApp,
  testApp,
} from './setup';

setUpDistributorsApp();

describe('statements', () => {
  let shop: DistributorWithAccount;
  const ids: Record<string, string> = {};

  const move = async (
    table: typeof salesTransactions | typeof distributorPayments | typeof breadReturns,
    id: string,
    createdAt: Date,
  ) => {
    await testApp.database.db.update(table).set({ createdAt }).where(eq(table.id, id));
  };
  const statement = (query = '') =>
    admin.get<Statement>(`/api/distributors/${shop.id}/statement${query}`);

  beforeAll(async () => {
    shop = await distributor("Mama Nkechi's Store, Yaba");
    // Before March 2025: 10 × 100 paid 200, then a payment of 100 at 23:30 on 28 February.
    ids.s0 = (await sell(shop, 'Agege Bread', 10, 100, 200)).id;
    await move(salesTransactions, ids.s0, lagos('2025-02-27T10:00:00'));
    ids.p0 = (await pay(shop, 100)).body.id;
    await move(distributorPayments, ids.p0, lagos('2025-02-28T23:30:00'));
    // March 2025, recorded in the reverse of their dates: a return at 23:30 on the 31st,
    // a payment mid-month, and a sale at 00:30 on the 1st.
    ids.r1 = (await giveBack(shop, 'Agege Bread', 2, 100, { reason: 'quality_issue' })).body.id;
    await move(breadReturns, ids.r1, lagos('2025-03-31T23:30:00'));
    ids.p1 = (await pay(shop, 0.2, { paymentMethod: 'bank_transfer', description: 'GTB' })).body.id;
    await move(distributorPayments, ids.p1, lagos('2025-03-15T12:00:00'));
    ids.s1 = (await sell(shop, 'Agege Bread', 5, 0.1, 0.1)).id;
    await move(salesTransactions, ids.s1, lagos('2025-03-01T00:30:00'));
    // 00:30 on 1 April in Lagos is still 31 March in UTC.
    ids.p2 = (await pay(shop, 50)).body.id;
    await move(distributorPayments, ids.p2, lagos('2025-04-01T00:30:00'));
  });

  it('lists the lines of the range in date order with a running balance', async () => {
    const reply = await statement('?startDate=2025-03-01&endDate=2025-03-31');
    expect(reply.status).toBe(200);
    const { createdAt, updatedAt, id, name, address, phone } = shop;
    expect(reply.body).toEqual({
      distributor: { id, name, address, phone, archived: false, createdAt, updatedAt },
      startDate: '2025-03-01',
      endDate: '2025-03-31',
      openingBalance: 700, // 1,000 − 200 paid − 100
      totalCharges: 0.5,
      totalCredits: 200.3,
      closingBalance: 500.2,
      lines: [
        {
          kind: 'sale',
          id: ids.s1,
          at: '2025-02-28T23:30:00.000Z',
          description: '5 × Agege Bread at ₦0.10, ₦0.10 paid',
          charge: 0.5,
          credit: 0.1,
          balance: 700.4,
        },
        {
          kind: 'payment',
          id: ids.p1,
          at: '2025-03-15T11:00:00.000Z',
          description: 'Payment by Bank Transfer: GTB',
          charge: 0,
          credit: 0.2,
          balance: 700.2,
        },
        {
          kind: 'return',
          id: ids.r1,
          at: '2025-03-31T22:30:00.000Z',
          description: '2 × Agege Bread returned (Quality Issue) at ₦100.00',
          charge: 0,
          credit: 200,
          balance: 500.2,
        },
      ],
      // The closing balance aged on 31 March: the sale of 1 March (₦0.40) 30 days
      // past due, the rest of 27 February's (₦499.80) 32 days.
      ageing: {
        current: 0,
        days1to30: 0.4,
        days31to60: 499.8,
        days61to90: 0,
        over90: 0,
        overdue: 500.2,
        oldestDueDay: '2025-02-27',
        daysOverdue: 32,
      },
      ageingAsOf: '2025-03-31',
      paymentTermsDays: null,
    });
  });

  it('keeps 23:30 Lagos time on the end date in, and 00:30 the next day out', async () => {
    const lastDay = (await statement('?startDate=2025-03-31&endDate=2025-03-31')).body;
    expect(lastDay.lines.map((line) => line.id)).toEqual([ids.r1]);
    expect(lastDay.openingBalance).toBe(700.2);
    expect(lastDay.closingBalance).toBe(500.2);

    const firstOfApril = (await statement('?startDate=2025-04-01&endDate=2025-04-01')).body;
    expect(firstOfApril.lines.map((line) => line.id)).toEqual([ids.p2]);
    expect(firstOfApril.openingBalance).toBe(500.2);
    expect(firstOfApril.closingBalance).toBe(450.2);

    const february = (await statement('?startDate=2025-02-01&endDate=2025-02-28')).body;
    expect(february.lines.map((line) => line.id)).toEqual([ids.s0, ids.p0]);
    expect(february.openingBalance).toBe(0);
    expect(february.closingBalance).toBe(700);
  });

  it('has nothing but the opening balance for a quiet range', async () => {
    const quiet = (await statement('?startDate=2025-03-16&endDate=2025-03-30')).body;
    expect(quiet).toMatchObject({
      openingBalance: 700.2,
      lines: [],
      totalCharges: 0,
      totalCredits: 0,
      closingBalance: 700.2,
    });
  });

  it("covers this month so far by default, closing at the card's balance", async () => {
    const now = new Date();
    const today = lagosDate(now);
    const empty = (await statement()).body;
    expect(empty).toMatchObject({
      startDate: `${today.slice(0, 8)}01`,
      endDate: today,
      openingBalance: 450.2,
      lines: [],
      closingBalance: 450.2,
    });

    const sale = await sell(shop, 'Wheat Bread', 3, 0.1, 0);
    const payment = (await pay(shop, 0.1)).body;
    const current = (await statement()).body;
    expect(current.openingBalance).toBe(450.2);
    expect(current.lines.map((line) => [line.id, line.balance])).toEqual([
      [sale.id, 450.5],
      [payment.id, 450.4],
    ]);
    expect(current.closingBalance).toBe(450.4);
    expect(current.closingBalance).toBe((await account(shop)).balance);
  });

  it('refuses an end date before the start date, and dates that are not dates', async () => {
    const backwards = await statement('?startDate=2025-03-10&endDate=2025-03-09');
    expect(backwards.status).toBe(400);
    expect(backwards.body).toEqual({
      message: 'End date cannot be before the start date',
      code: 'INVALID_INPUT',
      errors: [{ path: 'endDate', message: 'End date cannot be before the start date' }],
    });
    for (const [query, path, message] of [
      ['?startDate=10/03/2025', 'startDate', 'Start date must be a date (yyyy-MM-dd)'],
      ['?endDate=2025-02-30', 'endDate', 'End date must be a date (yyyy-MM-dd)'],
      ['?startDate=1899-12-31', 'startDate', 'Start date cannot be before 1900-01-01'],
    ] as const) {
      const reply = await statement(query);
      expect(reply.status, query).toBe(400);
      expect(reply.body).toEqual({ message, code: 'INVALID_INPUT', errors: [{ path, message }] });
    }
    expect((await statement('?from=2025-03-01')).status).toBe(400);
  });

  it('never answers with a range that ends before it starts', async () => {
    // Only a start date, after today: the end date defaults to today.
    const tomorrow = lagosDate(new Date(Date.now() + 24 * 3_600_000));
    const reply = await statement(`?startDate=${tomorrow}`);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      message: 'Start date cannot be in the future',
      code: 'INVALID_INPUT',
      errors: [{ path: 'startDate', message: 'Start date cannot be in the future' }],
    });
  });

  it('downloads as CSV with a byte-order mark and a file name', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/distributors/${shop.id}/statement.csv?startDate=2025-03-01&endDate=2025-03-31`,
      headers: { cookie: admin.sessionCookie as string },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="statement-Mama-Nkechi-s-Store-Yaba-2025-03-01-to-2025-03-31.csv"',
    );
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(response.body.startsWith('\ufeff')).toBe(true);
    expect(response.body.slice(1).split('\r\n')).toEqual([
      'Date,Type,Description,Charge,Credit,Balance',
      '2025-03-01,,Opening balance,,,700.00',
      '2025-03-01 00:30,Sale,"5 × Agege Bread at ₦0.10, ₦0.10 paid",0.50,0.10,700.40',
      '2025-03-15 12:00,Payment,Payment by Bank Transfer: GTB,,0.20,700.20',
      '2025-03-31 23:30,Return,2 × Agege Bread returned (Quality Issue) at ₦100.00,,200.00,500.20',
      '2025-03-31,,Closing balance,0.50,200.30,500.20',
      '',
    ]);
  });

  it('answers only the declared fields: no account figures, no paging cursor', async () => {
    const { body } = await statement('?startDate=2025-03-01&endDate=2025-03-31');
    const keys = (shape: object) => Object.keys(shape).sort();
    expect(Object.keys(body.distributor).sort()).toEqual(keys(distributorRecordSchema.shape));
    for (const line of body.lines) {
      expect(Object.keys(line).sort()).toEqual(keys(statementLineSchema.shape));
    }
  });

  it('refuses a CSV for a bad range or an unknown distributor', async () => {
    const inject = (url: string) =>
      testApp.app.inject({
        method: 'GET',
        url,
        headers: { cookie: admin.sessionCookie as string },
      });
    const backwards = await inject(
      `/api/distributors/${shop.id}/statement.csv?startDate=2025-03-10&endDate=2025-03-09`,
    );
    expect(backwards.statusCode).toBe(400);
    expect(JSON.parse(backwards.body).message).toBe('End date cannot be before the start date');
    const missing = await inject(`/api/distributors/${randomUUID()}/statement.csv`);
    expect(missing.statusCode).toBe(404);
  });
});

endsWithRollupsMatchingRecords(() => testApp.database.db);
