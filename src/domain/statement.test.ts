import { describe, expect, it } from 'vitest';
import { NOTHING_OWED } from './ageing';
import type { Statement } from './contracts/distributors';
import { toCsv } from './csv';
import {
  type StatementRecord,
  statementCsvRows,
  statementQuerySchema,
  withRunningBalance,
} from './statement';

const record = (
  kind: StatementRecord['kind'],
  charge: number,
  credit: number,
  extra: Partial<StatementRecord> = {},
): StatementRecord => ({
  kind,
  id: `${kind}-${charge}-${credit}`,
  at: '2026-03-10T09:00:00.000Z',
  description: `${kind} line`,
  charge,
  credit,
  ...extra,
});

describe('withRunningBalance', () => {
  it('adds 0.1 three times to exactly 0.3, line by line', () => {
    const result = withRunningBalance(0, [
      record('sale', 0.1, 0),
      record('sale', 0.1, 0),
      record('sale', 0.1, 0),
    ]);
    expect(result.lines.map((line) => line.balance)).toEqual([0.1, 0.2, 0.3]);
    expect(result.closingBalance).toBe(0.3);
    expect(result.totalCharges).toBe(0.3);
    expect(result.totalCredits).toBe(0);
  });

  it('starts from the opening balance, adds charges and takes away credits', () => {
    const records = [
      record('sale', 1500.55, 200.1, { id: 'a' }),
      record('payment', 0, 0.7, { id: 'b' }),
      record('return', 0, 450.25, { id: 'c' }),
      record('sale', 0.2, 0.1, { id: 'd' }),
    ];
    const result = withRunningBalance(100.1, records);
    expect(result.lines).toEqual([
      { ...records[0], balance: 1400.55 },
      { ...records[1], balance: 1399.85 },
      { ...records[2], balance: 949.6 },
      { ...records[3], balance: 949.7 },
    ]);
    expect(result.closingBalance).toBe(949.7);
    expect(result.totalCharges).toBe(1500.75);
    expect(result.totalCredits).toBe(651.15);
  });

  it('goes below zero when the distributor has paid more than it owes', () => {
    const result = withRunningBalance(-0.3, [record('payment', 0, 0.1), record('sale', 0.2, 0)]);
    expect(result.lines.map((line) => line.balance)).toEqual([-0.4, -0.2]);
    expect(result.closingBalance).toBe(-0.2);
  });

  it('keeps the opening balance as closing balance without lines', () => {
    expect(withRunningBalance(1234.56, [])).toEqual({
      lines: [],
      closingBalance: 1234.56,
      totalCharges: 0,
      totalCredits: 0,
    });
  });
});

const statement = (overrides: Partial<Statement> = {}): Statement => ({
  distributor: {
    id: 'd1',
    name: 'Mama Tunde',
    address: '12 Allen Avenue, Ikeja',
    phone: '+234 803 000 0000',
    archived: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
  startDate: '2026-03-01',
  endDate: '2026-03-31',
  openingBalance: 1000,
  totalCharges: 0,
  totalCredits: 0,
  closingBalance: 1000,
  lines: [],
  ageing: NOTHING_OWED,
  ageingAsOf: '2026-03-31',
  paymentTermsDays: null,
  ...overrides,
});

/** The CSV of a statement whose lines arrive as two pages. */
async function statementCsv(of: Statement, formatDate: (iso: string) => string) {
  async function* pages() {
    yield of.lines.slice(0, 1);
    yield of.lines.slice(1);
  }
  let csv = '';
  for await (const rows of statementCsvRows(of, pages(), formatDate)) csv += toCsv(rows);
  return csv;
}
const csvLines = (csv: string) => csv.split('\r\n');
const day = (iso: string) => iso.slice(0, 10);

describe('statementCsv', async () => {
  it('writes a header, the opening balance, each line, and the closing balance', async () => {
    const lines = withRunningBalance(1000, [
      record('sale', 5000, 1000.5, { at: '2026-03-02T08:00:00.000Z', description: '10 loaves' }),
      record('payment', 0, 2500, { at: '2026-03-03T08:00:00.000Z', description: 'Cash' }),
      record('return', 0, 500, { at: '2026-03-04T08:00:00.000Z', description: 'Spoiled' }),
    ]);
    const csv = await statementCsv(statement({ openingBalance: 1000, ...lines }), day);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csvLines(csv)).toEqual([
      'Date,Type,Description,Charge,Credit,Balance',
      '2026-03-01,,Opening balance,,,1000.00',
      '2026-03-02,Sale,10 loaves,5000.00,1000.50,4999.50',
      '2026-03-03,Payment,Cash,,2500.00,2499.50',
      '2026-03-04,Return,Spoiled,,500.00,1999.50',
      '2026-03-31,,Closing balance,5000.00,4000.50,1999.50',
      '',
    ]);
  });

  it('writes amounts with 2 decimals, exact to the kobo', async () => {
    const lines = withRunningBalance(0, [
      record('sale', 0.1, 0),
      record('sale', 0.1, 0),
      record('sale', 0.1, 0.3),
    ]);
    const rows = csvLines(await statementCsv(statement({ openingBalance: 0, ...lines }), day));
    expect(rows[1]).toBe('2026-03-01,,Opening balance,,,0.00');
    expect(rows.slice(2, 5).map((row) => row.split(',').slice(3))).toEqual([
      ['0.10', '', '0.10'],
      ['0.10', '', '0.20'],
      ['0.10', '0.30', '0.00'],
    ]);
    expect(rows[5]).toBe('2026-03-31,,Closing balance,0.30,0.30,0.00');
  });

  it('quotes cells holding commas, quotes or line breaks, doubling the quotes', async () => {
    const lines = withRunningBalance(0, [
      record('payment', 0, 10, { description: 'Payment by Cash: Ikeja, Lagos' }),
      record('payment', 0, 10, { description: 'Paid by "Chief" Ade' }),
      record('payment', 0, 10, { description: 'two\nlines' }),
      record('payment', 0, 10, { description: 'carriage\rreturn' }),
    ]);
    const csv = await statementCsv(statement({ openingBalance: 0, ...lines }), day);
    expect(csv).toContain(',Payment,"Payment by Cash: Ikeja, Lagos",,10.00,-10.00\r\n');
    expect(csv).toContain(',Payment,"Paid by ""Chief"" Ade",,10.00,-20.00\r\n');
    expect(csv).toContain(',Payment,"two\nlines",,10.00,-30.00\r\n');
    expect(csv).toContain(',Payment,"carriage\rreturn",,10.00,-40.00\r\n');
  });

  it.each([
    ['=HYPERLINK("http://evil.example")', `"'=HYPERLINK(""http://evil.example"")"`],
    ['+2348030000000 called', "'+2348030000000 called"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['=1,2', `"'=1,2"`],
    ['Plain text', 'Plain text'],
    ['Price = 500', 'Price = 500'],
  ])('defuses text that a spreadsheet would run: %s', async (description, expected) => {
    const lines = withRunningBalance(0, [record('payment', 0, 10, { description })]);
    const rows = csvLines(await statementCsv(statement({ openingBalance: 0, ...lines }), day));
    expect(rows[2]).toBe(`2026-03-10,Payment,${expected},,10.00,-10.00`);
  });

  it('leaves negative amounts as numbers: -500.00 is not a formula', async () => {
    const lines = withRunningBalance(-500, [record('sale', 200, 0)]);
    const rows = csvLines(await statementCsv(statement({ openingBalance: -500, ...lines }), day));
    expect(rows[1]).toBe('2026-03-01,,Opening balance,,,-500.00');
    expect(rows[2]).toBe('2026-03-10,Sale,sale line,200.00,,-300.00');
    expect(rows[3]).toBe('2026-03-31,,Closing balance,200.00,0.00,-300.00');
  });

  it('writes each line date with the function it is given', async () => {
    const lines = withRunningBalance(0, [record('sale', 1, 0, { at: '2026-03-10T22:30:00.000Z' })]);
    const csv = await statementCsv(statement({ openingBalance: 0, ...lines }), (iso) =>
      iso === '2026-03-10T22:30:00.000Z' ? '2026-03-10 23:30' : 'wrong',
    );
    expect(csvLines(csv)[2]).toBe('2026-03-10 23:30,Sale,sale line,1.00,,1.00');
  });
});

describe('statementQuerySchema', () => {
  it('accepts no dates, either date, or a range of one day', () => {
    expect(statementQuerySchema.parse({})).toEqual({});
    expect(statementQuerySchema.parse({ startDate: '2026-03-01' })).toEqual({
      startDate: '2026-03-01',
    });
    expect(statementQuerySchema.parse({ startDate: '2026-03-05', endDate: '2026-03-05' })).toEqual({
      startDate: '2026-03-05',
      endDate: '2026-03-05',
    });
    expect(statementQuerySchema.parse({ startDate: '1900-01-01' })).toEqual({
      startDate: '1900-01-01',
    });
  });

  it.each([
    [{ startDate: '01/03/2026' }, 'startDate', 'Start date must be a date (yyyy-MM-dd)'],
    [{ startDate: '2026-3-1' }, 'startDate', 'Start date must be a date (yyyy-MM-dd)'],
    [{ endDate: '2026-13-01' }, 'endDate', 'End date must be a date (yyyy-MM-dd)'],
    [{ endDate: '2026-02-30' }, 'endDate', 'End date must be a date (yyyy-MM-dd)'],
    [{ endDate: 'yesterday' }, 'endDate', 'End date must be a date (yyyy-MM-dd)'],
    [{ startDate: '1899-12-31' }, 'startDate', 'Start date cannot be before 1900-01-01'],
    [{ endDate: '1899-12-31' }, 'endDate', 'End date cannot be before 1900-01-01'],
  ])('refuses %j', (query, path, message) => {
    const result = statementQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: [path], message });
  });

  it('refuses an end date before the start date, on the end date', () => {
    const result = statementQuerySchema.safeParse({
      startDate: '2026-03-10',
      endDate: '2026-03-09',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['endDate'],
        message: 'End date cannot be before the start date',
      }),
    ]);
  });

  it('refuses unknown query parameters', () => {
    expect(statementQuerySchema.safeParse({ from: '2026-03-01' }).success).toBe(false);
  });
});
