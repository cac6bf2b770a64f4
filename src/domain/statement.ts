import { z } from 'zod';
import { type CsvRow, csvAmount } from './csv';
import { dateRangeFields, datesInOrder, END_BEFORE_START } from './fields';
import { addKobo, fromKobo, subtractKobo, sumNaira, toKobo } from './money';

/** `?startDate=&endDate=` (yyyy-MM-dd, business days); both default to this month so far. */
export const statementQuerySchema = z
  .strictObject(dateRangeFields)
  .refine(datesInOrder, END_BEFORE_START);

/**
 * Where a page of statement lines ends: the line's instant in microseconds,
 * its kind (0 sale, 1 payment, 2 return: the order of lines on one instant)
 * and its id, as "micros_kind_id".
 */
export const statementCursorSchema = z
  .string()
  .regex(/^-?\d{1,18}_[012]_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, {
    error: 'The cursor must be a nextCursor of an earlier page',
  });

/** The screen's query: the dates, and `after` (a page's `nextCursor`) for the next lines. */
export const statementPageQuerySchema = z
  .strictObject({ ...dateRangeFields, after: statementCursorSchema.optional() })
  .refine(datesInOrder, END_BEFORE_START);
export type StatementPageQuery = z.input<typeof statementPageQuerySchema>;

/** Lines per page of the statement screen. */
export const STATEMENT_PAGE = 500;

export type StatementQuery = z.input<typeof statementQuerySchema>;

/** The statement's lines, in the order they come on one instant. */
export const STATEMENT_KINDS = ['sale', 'payment', 'return'] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];

/** One sale, payment or return as the statement shows it (before its running balance). */
export interface StatementRecord {
  kind: StatementKind;
  id: string;
  at: string;
  description: string;
  /** What the distributor was charged (a sale's value). */
  charge: number;
  /** What reduces the debt (paid at sale, a payment, a return's value). */
  credit: number;
}

/** Adds the running balance to records in date order, in whole kobo. */
export function withRunningBalance(
  openingBalance: number,
  records: readonly StatementRecord[],
): {
  lines: (StatementRecord & { balance: number })[];
  closingBalance: number;
  totalCharges: number;
  totalCredits: number;
} {
  let balance = toKobo(openingBalance);
  let charges = toKobo(0);
  let credits = toKobo(0);
  const lines = records.map((record) => {
    const charge = toKobo(record.charge);
    const credit = toKobo(record.credit);
    charges = addKobo(charges, charge);
    credits = addKobo(credits, credit);
    balance = subtractKobo(addKobo(balance, charge), credit);
    return { ...record, balance: fromKobo(balance) };
  });
  return {
    lines,
    closingBalance: fromKobo(balance),
    totalCharges: fromKobo(charges),
    totalCredits: fromKobo(credits),
  };
}

const CSV_KIND: Record<StatementKind, string> = {
  sale: 'Sale',
  payment: 'Payment',
  return: 'Return',
};

/**
 * The statement as CSV rows, page by page as the records are read: a
 * header, the opening balance, each line with its running balance, and the
 * closing balance with the totals of the lines written, so the file adds up
 * whatever it holds. `formatDate` gives each line's date in the bakery's
 * zone. Amounts are plain decimals for spreadsheets.
 */
export async function* statementCsvRows(
  range: { startDate: string; endDate: string; openingBalance: number },
  pages: AsyncIterable<readonly StatementRecord[]>,
  formatDate: (iso: string) => string,
): AsyncGenerator<CsvRow[]> {
  yield [
    ['Date', 'Type', 'Description', 'Charge', 'Credit', 'Balance'],
    [range.startDate, '', 'Opening balance', '', '', csvAmount(range.openingBalance)],
  ];
  let balance = range.openingBalance;
  let charges = 0;
  let credits = 0;
  for await (const records of pages) {
    if (records.length === 0) continue;
    const page = withRunningBalance(balance, records);
    balance = page.closingBalance;
    charges = sumNaira([charges, page.totalCharges]);
    credits = sumNaira([credits, page.totalCredits]);
    yield page.lines.map((line) => [
      formatDate(line.at),
      CSV_KIND[line.kind],
      line.description,
      line.charge ? csvAmount(line.charge) : '',
      line.credit ? csvAmount(line.credit) : '',
      csvAmount(line.balance),
    ]);
  }
  yield [
    [
      range.endDate,
      '',
      'Closing balance',
      csvAmount(charges),
      csvAmount(credits),
      csvAmount(balance),
    ],
  ];
}
