import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AccountingIncome } from '../../src/domain/contracts/accounting';
import type { Statement } from '../../src/domain/contracts/distributors';
import type { ReturnHistoryRow, ReturnsReport } from '../../src/domain/contracts/reports';
import type { KeysetPage } from '../../src/domain/paging';
import { MAX_OFFSET } from '../../src/domain/paging';
import type { ApiClient } from '../support/api-client';
import { firstAdmin } from '../support/personas';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Lists and exports at size: offsets are bounded, long lists page by key,
 * every CSV holds every row of its period with a total equal to their sum,
 * and a long export does not hold the server while it is written.
 */

let testApp: TestApp;
let admin: ApiClient;
let shopId: string;
const SALES = 3000;
const PAYMENTS = 400;
const RETURNS = 1250;

/** Kobo of a CSV amount cell, exactly. */
const kobo = (cell: string | undefined) => (cell ? Math.round(Number(cell) * 100) : 0);

/** A CSV body as rows of cells (RFC 4180 quoting). */
function rowsOf(body: string): string[][] {
  const cell = /("(?:[^"]|"")*"|[^,\r\n]*)(,|\r\n|$)/gy;
  const rows: string[][] = [];
  let row: string[] = [];
  const text = body.replace(/^\ufeff/, '');
  for (let match = cell.exec(text); match && cell.lastIndex <= text.length; ) {
    const [, raw = '', end] = match;
    row.push(raw.startsWith('"') ? raw.slice(1, -1).replaceAll('""', '"') : raw);
    if (end !== ',') {
      rows.push(row);
      row = [];
      if (end === '' || cell.lastIndex === text.length) break;
    }
    match = cell.exec(text);
  }
  return rows;
}

const download = (url: string) =>
  testApp.app.inject({ method: 'GET', url, headers: { cookie: admin.sessionCookie as string } });

/** The test app's address on a real socket, listening from the first call on. */
let listening: Promise<string> | undefined;
const origin = () => {
  listening ??= testApp.app.listen({ port: 0, host: '127.0.0.1' });
  return listening;
};

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await firstAdmin(testApp);
  const shop = await admin.post<{ id: string }>('/api/distributors', {
    name: 'Iya Basira',
    address: 'Oshodi',
    phone: '0803 000 1111',
  });
  shopId = shop.body.id;
  // A busy distributor: sales and payments over 2025, a few to the same instant.
  await testApp.database.db.execute(sql`
    insert into sales_transactions
      (distributor_id, recipe_name, loaves_taken, price_per_loaf, amount_paid, created_at)
    select ${shopId}, 'Agege Bread', 1 + i % 40, 350.25, (i % 7) * 100.1,
      timestamptz '2025-01-01 08:00+01' + (i / 2) * interval '50 minutes'
    from generate_series(1, ${SALES}) as i`);
  await testApp.database.db.execute(sql`
    insert into distributor_payments (distributor_id, amount, payment_method, created_at)
    select ${shopId}, 1000.05 + i, 'cash',
      timestamptz '2025-01-01 09:00+01' + i * interval '3 hours'
    from generate_series(1, ${PAYMENTS}) as i`);
  await testApp.database.db.execute(sql`
    insert into bread_returns
      (distributor_id, recipe_name, loaves_returned, price_per_loaf, reason, created_at)
    select ${shopId}, 'Agege Bread', 1 + i % 3, 350.25, 'spoiled',
      timestamptz '2025-02-01 09:00+01' + (i / 3) * interval '1 hour'
    from generate_series(1, ${RETURNS}) as i`);
});

afterAll(async () => {
  await testApp?.close();
});

describe('offsets', () => {
  it.each([
    '/api/sales-transactions',
    '/api/purchase-orders',
    '/api/production-batches',
    '/api/production-history',
    '/api/distributor-payments',
    '/api/admin/audit',
  ])('are refused past the bound with a clear 400: %s', async (list) => {
    const reply = await admin.get(`${list}?offset=999000`);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(
      `offset must be at most ${MAX_OFFSET}: narrow the dates or filters to reach older rows`,
    );
    expect((await admin.get(`${list}?offset=${MAX_OFFSET}`)).status).toBe(200);
  });
});

describe('a long statement', () => {
  const range = 'startDate=1900-01-01&endDate=9999-12-31';

  it('downloads every line, its closing balance the sum of its lines', async () => {
    const reply = await download(`/api/distributors/${shopId}/statement.csv?${range}`);
    expect(reply.statusCode).toBe(200);
    const rows = rowsOf(reply.body);
    const [header, opening, ...rest] = rows;
    const closing = rest.pop();
    expect(header?.[0]).toBe('Date');
    expect(opening?.[2]).toBe('Opening balance');
    expect(closing?.[2]).toBe('Closing balance');
    expect(rest).toHaveLength(SALES + PAYMENTS + RETURNS);
    const charges = rest.reduce((sum, row) => sum + kobo(row[3]), 0);
    const credits = rest.reduce((sum, row) => sum + kobo(row[4]), 0);
    expect(kobo(closing?.[3])).toBe(charges);
    expect(kobo(closing?.[4])).toBe(credits);
    expect(kobo(closing?.[5])).toBe(kobo(opening?.[5]) + charges - credits);
    expect(kobo(rest.at(-1)?.[5])).toBe(kobo(closing?.[5]));
    // Each line's balance follows from the one before it.
    let balance = kobo(opening?.[5]);
    for (const row of rest) {
      balance += kobo(row[3]) - kobo(row[4]);
      expect(kobo(row[5])).toBe(balance);
    }
    // The end is today at the latest, not year 9999.
    expect(closing?.[0]).not.toBe('9999-12-31');
  });

  it('shows on screen a page at a time, the pages together the whole statement', async () => {
    const lines: Statement['lines'] = [];
    let page = (await admin.get<Statement>(`/api/distributors/${shopId}/statement?${range}`)).body;
    let pages = 1;
    lines.push(...page.lines);
    while (page.nextCursor) {
      const next = await admin.get<Statement>(
        `/api/distributors/${shopId}/statement?${range}&after=${page.nextCursor}`,
      );
      expect(next.status).toBe(200);
      page = next.body;
      pages += 1;
      lines.push(...page.lines);
    }
    expect(pages).toBe(Math.ceil((SALES + PAYMENTS + RETURNS) / 500));
    expect(new Set(lines.map((line) => line.id)).size).toBe(SALES + PAYMENTS + RETURNS);
    expect(lines.at(-1)?.balance).toBe(page.closingBalance);
    expect(new Set(lines.map((line) => line.kind))).toEqual(new Set(['sale', 'payment', 'return']));
    const csv = rowsOf(
      (await download(`/api/distributors/${shopId}/statement.csv?${range}`)).body,
    ).slice(2, -1);
    expect(lines.map((line) => kobo(line.balance.toFixed(2)))).toEqual(
      csv.map((row) => kobo(row[5])),
    );
  });

  it('refuses a cursor it did not make', async () => {
    const reply = await admin.get(`/api/distributors/${shopId}/statement?after=1;drop`);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('The cursor must be a nextCursor of an earlier page');
  });

  it('lets other calls through while it is written', async () => {
    // The export's second page is held at the database until released: a small call
    // made meanwhile must be answered while the file is still unfinished.
    const { $client: client } = testApp.database.db as unknown as {
      $client: { query(...args: unknown[]): Promise<unknown> };
    };
    const query = client.query.bind(client);
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reachHold = () => {};
    const holding = new Promise<void>((resolve) => {
      reachHold = resolve;
    });
    let salesReads = 0;
    const hold = vi.spyOn(client, 'query').mockImplementation(async (text, ...rest) => {
      const sqlText = typeof text === 'string' ? text : (text as { text: string }).text;
      if (sqlText.includes('"sales_transactions"') && ++salesReads === 2) {
        reachHold();
        await released;
      }
      return query(text, ...rest);
    });
    try {
      const csv = await fetch(
        `${await origin()}/api/distributors/${shopId}/statement.csv?${range}`,
        { headers: { cookie: admin.sessionCookie as string } },
      );
      const reader = (csv.body as ReadableStream<Uint8Array>).getReader();
      // The first page is out, the second waits.
      await holding;
      const info = await fetch(`${await origin()}/api/app-info`);
      expect(info.status).toBe(200);
      await info.text();
      release();
      let text = '';
      const decoder = new TextDecoder();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        text += decoder.decode(chunk.value, { stream: true });
      }
      // The whole file came after: every line, and its closing balance last.
      expect(rowsOf(text).length).toBeGreaterThan(SALES);
    } finally {
      release();
      hold.mockRestore();
    }
  });
});

/** The last row is the total: its amount must be the sum of the rows above it. */
function expectTotalOfRows(rows: string[][], count: number, label: string) {
  const total = rows.at(-1) ?? [];
  const body = rows.slice(1, -1);
  expect(body).toHaveLength(count);
  expect(total[1]).toBe(label);
  const amount = (body[0]?.length ?? 1) - 1;
  expect(kobo(total.at(-1))).toBe(body.reduce((sum, row) => sum + kobo(row[amount]), 0));
}

describe('an export the database fails part-way', () => {
  it('ends in a failed download, not a complete-looking file, and is logged', async () => {
    // The second page of sales is refused, as by a lost connection: the first went out.
    // The driver under drizzle (PGlite or a pg Pool): both answer query().
    const { $client: client } = testApp.database.db as unknown as {
      $client: { query(...args: unknown[]): Promise<unknown> };
    };
    const query = client.query.bind(client);
    let salesReads = 0;
    const refuse = vi.spyOn(client, 'query').mockImplementation((text, ...rest) => {
      const sqlText = typeof text === 'string' ? text : (text as { text: string }).text;
      if (sqlText.includes('"sales_transactions"') && ++salesReads === 2) {
        return Promise.reject(new Error('Connection terminated unexpectedly'));
      }
      return query(text, ...rest);
    });
    const warned = vi.spyOn(testApp.app.log, 'error');
    try {
      const csv = await fetch(
        `${await origin()}/api/accounting/income/sales.csv?startDate=2025-01-01&endDate=2025-12-31`,
        { headers: { cookie: admin.sessionCookie as string } },
      );
      expect(csv.status).toBe(200);
      await expect(csv.text()).rejects.toThrow();
      expect(salesReads).toBe(2);
      expect(warned).toHaveBeenCalledWith(
        expect.objectContaining({
          // drizzle wraps the driver's error, naming the failed query.
          err: expect.objectContaining({
            cause: expect.objectContaining({ message: 'Connection terminated unexpectedly' }),
          }),
        }),
        'CSV export failed part-way: the download was cut off',
      );
    } finally {
      refuse.mockRestore();
      warned.mockRestore();
    }
  });
});

describe('accounting details', () => {
  const YEAR = 'startDate=2025-01-01&endDate=2025-12-31';

  it('download every sale and payment of the period, the total their sum', async () => {
    const sales = await download(`/api/accounting/income/sales.csv?${YEAR}`);
    expect(sales.statusCode).toBe(200);
    expect(sales.headers['content-disposition']).toBe(
      'attachment; filename="income-sales-2025-01-01-to-2025-12-31.csv"',
    );
    const saleRows = rowsOf(sales.body);
    expect(saleRows[0]).toEqual(['Date', 'Recipe', 'Details', 'Distributor', 'Amount']);
    const details = new Set(saleRows.map((row) => row[2]));
    expect(details).toContain('1 loaf @ ₦350.25');
    expect(details).toContain('2 loaves @ ₦350.25');
    expect(details).not.toContain('1 loaves @ ₦350.25');
    expectTotalOfRows(saleRows, SALES, 'Total Sales Income:');
    const payments = rowsOf((await download(`/api/accounting/income/payments.csv?${YEAR}`)).body);
    expectTotalOfRows(payments, PAYMENTS, 'Total Payments:');
    const income = await admin.get<AccountingIncome>(`/api/accounting/income?${YEAR}`);
    expect(kobo(saleRows.at(-1)?.at(-1))).toBe(Math.round(income.body.sales.totalAmount * 100));
    expect(kobo(payments.at(-1)?.at(-1))).toBe(Math.round(income.body.payments.totalAmount * 100));
    const orders = rowsOf((await download(`/api/accounting/expenditures.csv?${YEAR}`)).body);
    expect(orders).toEqual([
      ['Date', 'Order Number', 'Supplier', 'Amount'],
      ['', 'Total Expenditures:', '', '0.00'],
    ]);
  });

  it('page each list by its own cursor, newest first, every sale once', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const reply = await admin.get<AccountingIncome>(
        `/api/accounting/income?${YEAR}&limit=500${cursor ? `&salesBefore=${cursor}` : ''}`,
      );
      expect(reply.status).toBe(200);
      expect(reply.body.payments.records).toHaveLength(PAYMENTS);
      seen.push(...reply.body.sales.transactions.map((sale) => sale.date));
      cursor = reply.body.sales.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(SALES);
    expect([...seen].sort().reverse()).toEqual(seen);
  });

  it('refuse an offset: the lists page by key', async () => {
    const reply = await admin.get(`/api/accounting/income?${YEAR}&offset=100`);
    expect(reply.status).toBe(400);
  });
});

describe('returns history', () => {
  it('pages by key, older rows on each next page', async () => {
    const first = await admin.get<KeysetPage<ReturnHistoryRow>>('/api/reports/returns/history');
    expect(first.body.rows).toHaveLength(100);
    const second = await admin.get<KeysetPage<ReturnHistoryRow>>(
      `/api/reports/returns/history?before=${first.body.nextCursor}`,
    );
    expect(second.body.rows).toHaveLength(100);
    expect(
      (second.body.rows[0]?.createdAt ?? '') <= (first.body.rows.at(-1)?.createdAt ?? ''),
    ).toBe(true);
    expect(second.body.rows.some((row) => first.body.rows.some((seen) => seen.id === row.id))).toBe(
      false,
    );
  });

  it('downloads every return of the dates, the total their sum', async () => {
    const csv = rowsOf((await download('/api/reports/returns/history.csv')).body);
    expect(csv[0]).toEqual([
      'Date',
      'Distributor',
      'Bread Type',
      'Loaves',
      'Reason',
      'Notes',
      'Amount',
    ]);
    expectTotalOfRows(csv, RETURNS, 'Total Returns:');
    const report = await admin.get<ReturnsReport>('/api/reports/returns');
    expect(kobo(csv.at(-1)?.at(-1))).toBe(Math.round(report.body.totalAmount * 100));
  });
});
