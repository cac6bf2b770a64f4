import { z } from 'zod';
import { csvAmount, toCsv } from './csv';
import type { Distributor } from './distributor-schemas';
import { fromKobo, type Kobo, toKobo } from './money';

const EARLIEST = '1900-01-01';

const day = (label: string) =>
  z.iso
    .date({ error: `${label} must be a date (yyyy-MM-dd)` })
    .refine((value) => value >= EARLIEST, { error: `${label} cannot be before 1900-01-01` })
    .optional();

/** `?startDate=&endDate=` (yyyy-MM-dd, business days); both default to this month so far. */
export const statementQuerySchema = z
  .strictObject({ startDate: day('Start date'), endDate: day('End date') })
  .refine((range) => !range.startDate || !range.endDate || range.startDate <= range.endDate, {
    path: ['endDate'],
    error: 'End date cannot be before the start date',
  });
export type StatementQuery = z.input<typeof statementQuerySchema>;

export type StatementKind = 'sale' | 'payment' | 'return';

/** One sale, payment or return as the statement shows it. */
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

export interface StatementLine extends StatementRecord {
  /** The balance after this line. */
  balance: number;
}

export interface Statement {
  distributor: Distributor;
  startDate: string;
  endDate: string;
  openingBalance: number;
  totalCharges: number;
  totalCredits: number;
  closingBalance: number;
  lines: StatementLine[];
}

/** Adds the running balance to records in date order, in whole kobo. */
export function withRunningBalance(
  openingBalance: number,
  records: readonly StatementRecord[],
): { lines: StatementLine[]; closingBalance: number; totalCharges: number; totalCredits: number } {
  let balance = toKobo(openingBalance);
  let charges = 0;
  let credits = 0;
  const lines = records.map((record) => {
    const charge = toKobo(record.charge);
    const credit = toKobo(record.credit);
    charges += charge;
    credits += credit;
    balance = (balance + charge - credit) as Kobo;
    return { ...record, balance: fromKobo(balance) };
  });
  return {
    lines,
    closingBalance: fromKobo(balance),
    totalCharges: fromKobo(charges as Kobo),
    totalCredits: fromKobo(credits as Kobo),
  };
}

const CSV_KIND: Record<StatementKind, string> = {
  sale: 'Sale',
  payment: 'Payment',
  return: 'Return',
};

/**
 * The statement as CSV: a header, the opening balance, each line with its
 * running balance, and the closing balance. `formatDate` gives each line's
 * date in the bakery's zone. Amounts are plain decimals for spreadsheets.
 */
export function statementCsv(statement: Statement, formatDate: (iso: string) => string): string {
  const rows = [
    ['Date', 'Type', 'Description', 'Charge', 'Credit', 'Balance'],
    [statement.startDate, '', 'Opening balance', '', '', csvAmount(statement.openingBalance)],
    ...statement.lines.map((line) => [
      formatDate(line.at),
      CSV_KIND[line.kind],
      line.description,
      line.charge ? csvAmount(line.charge) : '',
      line.credit ? csvAmount(line.credit) : '',
      csvAmount(line.balance),
    ]),
    [
      statement.endDate,
      '',
      'Closing balance',
      csvAmount(statement.totalCharges),
      csvAmount(statement.totalCredits),
      csvAmount(statement.closingBalance),
    ],
  ];
  return toCsv(rows);
}
