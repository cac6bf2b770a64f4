import { and, asc, eq, gte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { NOTHING_OWED } from '../../../domain/ageing';
import type { Statement } from '../../../domain/contracts/distributors';
import {
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
  RETURN_REASON_LABELS,
  type ReturnReason,
} from '../../../domain/distributor-schemas';
import { addKobo, formatNaira, fromKobo, subtractKobo, toKobo } from '../../../domain/money';
import { loavesValue } from '../../../domain/sales-schemas';
import {
  STATEMENT_PAGE,
  type StatementKind,
  type StatementPageQuery,
  type StatementQuery,
  type StatementRecord,
  statementCsvRows,
  withRunningBalance,
} from '../../../domain/statement';
import { businessDate, businessDateRange, formatClock } from '../../../domain/time';
import { EXPORT_PAGE, everyPage } from '../../csv-export';
import type { Database } from '../../db/connection';
import { inRange } from '../../db/date-range';
import { cursorInstant } from '../../db/keyset';
import {
  breadReturns,
  distributorPayments,
  distributors,
  salesTransactions,
} from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { ageBalances } from '../accounts/ageing';
import { accountOver } from '../accounts/service';
import { toDistributor } from './service';

/** One table's part in a statement: its lines' kind (and place on one instant) and money. */
const SOURCES = [
  {
    kind: 'sale',
    order: 0,
    table: salesTransactions,
    charge: sql`${salesTransactions.loavesTaken} * ${salesTransactions.pricePerLoaf}`,
    credit: sql`${salesTransactions.amountPaid}`,
  },
  {
    kind: 'payment',
    order: 1,
    table: distributorPayments,
    charge: sql`0`,
    credit: sql`${distributorPayments.amount}`,
  },
  {
    kind: 'return',
    order: 2,
    table: breadReturns,
    charge: sql`0`,
    credit: sql`${breadReturns.loavesReturned} * ${breadReturns.pricePerLoaf}`,
  },
] as const;
type Source = (typeof SOURCES)[number];
type Position = (source: Source) => SQL | undefined;

const ORDER: Record<StatementKind, number> = { sale: 0, payment: 1, return: 2 };

/**
 * The lines of one source that come after a cursor ("micros_kind_id") in
 * statement order (instant, kind, id). Within one source the kind is fixed,
 * so it only decides whether the cursor's own instant is in: each branch is
 * a plain range on (instant, id), which the (distributor, instant, id)
 * indexes serve, where a row comparison with the kind inside could not.
 */
function afterCursor(source: Source, cursor: string): SQL {
  const [micros = '0', kind = '0', id] = cursor.split('_');
  const at = cursorInstant(micros);
  const rank = Number(kind);
  if (source.order > rank) return sql`${source.table.createdAt} >= ${at}`;
  if (source.order < rank) return sql`${source.table.createdAt} > ${at}`;
  return sql`(${source.table.createdAt}, ${source.table.id}) > (${at}, ${id}::uuid)`;
}

/**
 * The balance after the line a cursor names: the roll-ups' for the whole days
 * before the cursor's day, and that day's lines up to it.
 */
async function balanceThrough(db: Database, id: string, cursor: string, timeZone: string) {
  const [micros = '0'] = cursor.split('_');
  const day = businessDate(new Date(Number(BigInt(micros) / 1000n)), timeZone);
  const dayStart = businessDateRange(day, timeZone).start;
  const earlier = await accountOver(db, id, { before: day });
  const thatDay = await sums(db, id, (source) =>
    and(gte(source.table.createdAt, dayStart), sql`not (${afterCursor(source, cursor)})`),
  );
  return addKobo(earlier.balance, thatDay.balance);
}

/** What was charged and credited, in kobo, over the lines each source's condition picks. */
async function sums(db: Database, distributorId: string, where: Position) {
  let charges = toKobo(0);
  let credits = toKobo(0);
  for (const source of SOURCES) {
    const [row] = await db
      .select({
        charges: sql<string>`coalesce(sum(${source.charge}), 0)::text`,
        credits: sql<string>`coalesce(sum(${source.credit}), 0)::text`,
      })
      .from(source.table)
      .where(and(eq(source.table.distributorId, distributorId), where(source)));
    charges = addKobo(charges, toKobo(row?.charges ?? 0));
    credits = addKobo(credits, toKobo(row?.credits ?? 0));
  }
  return { charges, credits, balance: subtractKobo(charges, credits) };
}

const micros = (at: AnyPgColumn) =>
  sql<string>`(extract(epoch from ${at}) * 1000000)::bigint::text`;

interface PagedRecord extends StatementRecord {
  cursor: string;
  micros: bigint;
}

/** Statement order: by instant, then sale, payment, return, then id (as PostgreSQL orders uuids). */
const byPlace = (a: PagedRecord, b: PagedRecord) =>
  a.micros < b.micros
    ? -1
    : a.micros > b.micros
      ? 1
      : ORDER[a.kind] - ORDER[b.kind] || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Up to `limit` lines of the range after a cursor, in statement order: each
 * table gives its first `limit` after it, and the merge keeps the first
 * `limit` of those, so a page reads at most three pages of rows.
 */
async function recordsAfter(
  db: Database,
  distributorId: string,
  range: { start: Date; end: Date },
  after: string | undefined,
  limit: number,
): Promise<PagedRecord[]> {
  const where = (source: Source) =>
    and(
      eq(source.table.distributorId, distributorId),
      inRange(source.table.createdAt, range),
      after ? afterCursor(source, after) : undefined,
    );
  const read = <T extends { micros: string; id: string }>(
    source: Source,
    rows: T[],
    line: (row: T) => Pick<StatementRecord, 'description' | 'charge' | 'credit'>,
  ): PagedRecord[] =>
    rows.map((row) => {
      const micros = BigInt(row.micros);
      return {
        kind: source.kind,
        id: row.id,
        // Milliseconds, as a Date of created_at would give.
        at: new Date(Number(micros / 1000n)).toISOString(),
        ...line(row),
        cursor: `${row.micros}_${source.order}_${row.id}`,
        micros,
      };
    });
  const [sale, payment, back] = SOURCES;
  const inOrder = (source: Source) => [asc(source.table.createdAt), asc(source.table.id)];
  // Only the columns a line shows: on the embedded database each value returned costs
  // its parsing, and three whole pages of rows were most of a statement's time.
  const s = salesTransactions;
  const sales = await db
    .select({
      id: s.id,
      micros: micros(s.createdAt),
      loavesTaken: s.loavesTaken,
      recipeName: s.recipeName,
      pricePerLoaf: s.pricePerLoaf,
      amountPaid: s.amountPaid,
    })
    .from(s)
    .where(where(sale))
    .orderBy(...inOrder(sale))
    .limit(limit);
  const p = distributorPayments;
  const payments = await db
    .select({
      id: p.id,
      micros: micros(p.createdAt),
      paymentMethod: p.paymentMethod,
      description: p.description,
      amount: p.amount,
    })
    .from(p)
    .where(where(payment))
    .orderBy(...inOrder(payment))
    .limit(limit);
  const r = breadReturns;
  const returns = await db
    .select({
      id: r.id,
      micros: micros(r.createdAt),
      loavesReturned: r.loavesReturned,
      recipeName: r.recipeName,
      reason: r.reason,
      pricePerLoaf: r.pricePerLoaf,
    })
    .from(r)
    .where(where(back))
    .orderBy(...inOrder(back))
    .limit(limit);
  return [
    ...read(sale, sales, (row) => ({
      description:
        `${row.loavesTaken} × ${row.recipeName} at ${formatNaira(row.pricePerLoaf)}` +
        (row.amountPaid > 0 ? `, ${formatNaira(row.amountPaid)} paid` : ''),
      charge: loavesValue(row.loavesTaken, row.pricePerLoaf),
      credit: row.amountPaid,
    })),
    ...read(payment, payments, (row) => ({
      description:
        `Payment by ${PAYMENT_METHOD_LABELS[row.paymentMethod as PaymentMethod]}` +
        (row.description ? `: ${row.description}` : ''),
      charge: 0,
      credit: row.amount,
    })),
    ...read(back, returns, (row) => ({
      description: `${row.loavesReturned} × ${row.recipeName} returned (${RETURN_REASON_LABELS[row.reason as ReturnReason]}) at ${formatNaira(row.pricePerLoaf)}`,
      charge: 0,
      credit: loavesValue(row.loavesReturned, row.pricePerLoaf),
    })),
  ]
    .sort(byPlace)
    .slice(0, limit);
}

/**
 * The distributor and the range a statement covers: whole business days,
 * this month so far by default, and never past today (nothing is dated
 * later, and an end in year 9999 would only widen the scan).
 */
async function statementRange(
  db: Database,
  id: string,
  query: StatementQuery,
  timeZone: string,
  now: Date,
) {
  const [distributor] = await db.select().from(distributors).where(eq(distributors.id, id));
  if (!distributor) throw notFound('Distributor');
  const today = businessDate(now, timeZone);
  if (query.startDate && query.startDate > today) {
    const message = 'Start date cannot be in the future';
    throw badRequest(message, [{ path: 'startDate', message }]);
  }
  const endDate = query.endDate && query.endDate < today ? query.endDate : today;
  const startDate = query.startDate ?? (endDate < today ? endDate : `${today.slice(0, 8)}01`);
  const start = businessDateRange(startDate, timeZone).start;
  const end = businessDateRange(endDate, timeZone).end;
  return {
    distributor: toDistributor(distributor),
    paymentTermsDays: distributor.paymentTermsDays,
    startDate,
    endDate,
    start,
    end,
  };
}

/**
 * A distributor's sales, payments and returns between two business days
 * (inclusive), a page of lines at a time (STATEMENT_PAGE), with the balance
 * before, after each line, and at the end. With no dates it covers this month
 * so far, so its closing balance is the card's.
 */
export async function distributorStatement(
  db: Database,
  id: string,
  query: StatementPageQuery,
  timeZone: string,
  now = new Date(),
): Promise<Statement> {
  const { start, end, ...head } = await statementRange(db, id, query, timeZone, now);
  const opening = await accountOver(db, id, { before: head.startDate });
  const period = await accountOver(db, id, { from: head.startDate, to: head.endDate });
  const { after } = query;
  // The running balance of a later page counts every line up to its cursor.
  const before = after ? await balanceThrough(db, id, after, timeZone) : opening.balance;
  const records = await recordsAfter(db, id, { start, end }, after, STATEMENT_PAGE + 1);
  const shown = records.slice(0, STATEMENT_PAGE);
  const last = shown.at(-1);
  const closingBalance = fromKobo(addKobo(opening.balance, period.balance));
  // The closing balance aged on the statement's last day: the buckets it had then.
  const ageings = await ageBalances(
    db,
    [{ distributorId: id, balance: closingBalance, paymentTermsDays: head.paymentTermsDays }],
    head.endDate,
  );
  return {
    ...head,
    openingBalance: fromKobo(opening.balance),
    totalCharges: fromKobo(period.charges),
    totalCredits: fromKobo(period.credits),
    closingBalance,
    ageing: ageings.get(id) ?? NOTHING_OWED,
    ageingAsOf: head.endDate,
    lines: withRunningBalance(
      fromKobo(before),
      shown.map(({ cursor: _, micros: __, ...line }) => line),
    ).lines,
    ...(records.length > STATEMENT_PAGE && last ? { nextCursor: last.cursor } : {}),
  };
}

/**
 * The statement as CSV, read and written a page at a time. The distributor
 * and the dates are checked before anything is sent.
 */
export async function statementCsv(
  db: Database,
  id: string,
  query: StatementQuery,
  timeZone: string,
  now = new Date(),
) {
  const { start, end, ...head } = await statementRange(db, id, query, timeZone, now);
  const opening = await accountOver(db, id, { before: head.startDate });
  const when = (iso: string) => {
    const at = new Date(iso);
    return `${businessDate(at, timeZone)} ${formatClock(at, timeZone).time}`;
  };
  const pages = everyPage<PagedRecord>((last) =>
    recordsAfter(db, id, { start, end }, last?.cursor, EXPORT_PAGE),
  );
  const slug = head.distributor.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return {
    fileName: `statement-${slug || 'distributor'}-${head.startDate}-to-${head.endDate}.csv`,
    rows: statementCsvRows({ ...head, openingBalance: fromKobo(opening.balance) }, pages, when),
  };
}
