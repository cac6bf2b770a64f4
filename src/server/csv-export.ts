import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { type CsvRow, csvAmount, toCsv } from '../domain/csv';
import { addKobo, fromKobo, toKobo } from '../domain/money';

/** Rows an export reads from the database at a time. */
export const EXPORT_PAGE = 1000;

/**
 * Every row, read a page at a time by key: `read` gets the last row of the
 * previous page (none for the first) and returns up to EXPORT_PAGE rows.
 */
export async function* everyPage<T>(
  read: (after: T | undefined) => Promise<T[]>,
): AsyncGenerator<T[]> {
  let last: T | undefined;
  for (;;) {
    const page = await read(last);
    if (page.length > 0) yield page;
    if (page.length < EXPORT_PAGE) return;
    last = page.at(-1);
  }
}

async function* csvText(pages: AsyncIterable<readonly CsvRow[]>, log: FastifyBaseLogger) {
  // The byte-order mark lets spreadsheet programs read ₦ and × as UTF-8.
  yield '\ufeff';
  try {
    for await (const rows of pages) {
      yield toCsv(rows);
      // Other requests are served between pages, so no export holds the server.
      await nextTurn();
    }
  } catch (error) {
    // The 200 and the first rows are already out. Rethrown, the error makes
    // Fastify destroy the socket before the closing chunk, so the browser sees
    // a failed download rather than a short file; the request's own log line
    // still says 200 (and Fastify's stream error line is off with request
    // logging), so this is where the failure is told.
    log.error({ err: error }, 'CSV export failed part-way: the download was cut off');
    throw error;
  }
}

/**
 * Answers with a CSV file written page by page as the pages are read, so
 * memory stays flat however long the period. Anything that can refuse the
 * request (a missing record, a bad range) must be checked before this: a
 * failure once the file has begun can only cut the download off.
 */
export function sendCsv(
  reply: FastifyReply,
  fileName: string,
  pages: AsyncIterable<readonly CsvRow[]>,
) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(Readable.from(csvText(pages, reply.log), { objectMode: false }));
}

/**
 * CSV rows of every page after a header, each row's cells then its amount,
 * and last a total row: the sum of the amounts written, added in kobo as the
 * rows pass, so the total is always the sum of the rows in the file.
 */
export async function* withTotal<T>(
  header: CsvRow,
  pages: AsyncIterable<T[]>,
  shape: {
    cells: (item: T) => CsvRow;
    amount: (item: T) => number;
    /** A whole count the total row also sums (loaves), when the rows have one. */
    count?: (item: T) => number;
    total: (sum: string, count: number) => CsvRow;
  },
): AsyncGenerator<CsvRow[]> {
  yield [header];
  let kobo = toKobo(0);
  let count = 0;
  for await (const page of pages) {
    yield page.map((item) => {
      const amount = shape.amount(item);
      kobo = addKobo(kobo, toKobo(amount));
      count += shape.count?.(item) ?? 0;
      return [...shape.cells(item), csvAmount(amount)];
    });
  }
  yield [shape.total(csvAmount(fromKobo(kobo)), count)];
}
