import { roundNaira } from './money';

/** A spreadsheet cell: quoted when it holds a comma, quote or line break; formulas defused. */
export function csvCell(value: string | number): string {
  const text = String(value);
  // Text starting with = + - @ would run as a formula in a spreadsheet; numbers stay numbers.
  const formula = /^[=+\-@]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text);
  const safe = formula ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One line of a CSV file, as cells. */
export type CsvRow = readonly (string | number)[];

/** Rows of cells as CSV text, CRLF line ends (RFC 4180). */
export function toCsv(rows: readonly CsvRow[]): string {
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** An amount as a spreadsheet reads it: a plain decimal with 2 places. */
export const csvAmount = (naira: number) => roundNaira(naira).toFixed(2);
