import { and, eq, lt, sql } from 'drizzle-orm';
import {
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
  RETURN_REASON_LABELS,
  type ReturnReason,
} from '../../../domain/distributor-schemas';
import { formatNaira, fromKobo, type Kobo, toKobo } from '../../../domain/money';
import { loavesValue } from '../../../domain/sales-schemas';
import {
  type Statement,
  type StatementKind,
  type StatementQuery,
  type StatementRecord,
  withRunningBalance,
} from '../../../domain/statement';
import { businessDate, businessDateRange } from '../../../domain/time';
import type { Database } from '../../db/connection';
import { inRange } from '../../db/date-range';
import { breadReturns, distributorPayments, salesTransactions } from '../../db/schema';
import { badRequest } from '../../errors';
import { getDistributor } from './service';

const ORDER: Record<StatementKind, number> = { sale: 0, payment: 1, return: 2 };

/** The balance from everything dated before `before`, by the spec's formula. */
async function balanceBefore(db: Database, distributorId: string, before: Date) {
  const [sales] = await db
    .select({
      net: sql<string>`coalesce(sum(${salesTransactions.loavesTaken} * ${salesTransactions.pricePerLoaf} - ${salesTransactions.amountPaid}), 0)::text`,
    })
    .from(salesTransactions)
    .where(
      and(
        eq(salesTransactions.distributorId, distributorId),
        lt(salesTransactions.createdAt, before),
      ),
    );
  const [payments] = await db
    .select({ paid: sql<string>`coalesce(sum(${distributorPayments.amount}), 0)::text` })
    .from(distributorPayments)
    .where(
      and(
        eq(distributorPayments.distributorId, distributorId),
        lt(distributorPayments.createdAt, before),
      ),
    );
  const [returns] = await db
    .select({
      returned: sql<string>`coalesce(sum(${breadReturns.loavesReturned} * ${breadReturns.pricePerLoaf}), 0)::text`,
    })
    .from(breadReturns)
    .where(and(eq(breadReturns.distributorId, distributorId), lt(breadReturns.createdAt, before)));
  const kobo =
    toKobo(sales?.net ?? 0) - toKobo(payments?.paid ?? 0) - toKobo(returns?.returned ?? 0);
  return fromKobo(kobo as Kobo);
}

async function recordsBetween(
  db: Database,
  distributorId: string,
  start: Date,
  end: Date,
): Promise<StatementRecord[]> {
  const sales = await db
    .select()
    .from(salesTransactions)
    .where(
      and(
        eq(salesTransactions.distributorId, distributorId),
        inRange(salesTransactions.createdAt, { start, end }),
      ),
    );
  const payments = await db
    .select()
    .from(distributorPayments)
    .where(
      and(
        eq(distributorPayments.distributorId, distributorId),
        inRange(distributorPayments.createdAt, { start, end }),
      ),
    );
  const returns = await db
    .select()
    .from(breadReturns)
    .where(
      and(
        eq(breadReturns.distributorId, distributorId),
        inRange(breadReturns.createdAt, { start, end }),
      ),
    );
  const records: StatementRecord[] = [
    ...sales.map((sale) => ({
      kind: 'sale' as const,
      id: sale.id,
      at: sale.createdAt.toISOString(),
      description:
        `${sale.loavesTaken} × ${sale.recipeName} at ${formatNaira(sale.pricePerLoaf)}` +
        (sale.amountPaid > 0 ? `, ${formatNaira(sale.amountPaid)} paid` : ''),
      charge: loavesValue(sale.loavesTaken, sale.pricePerLoaf),
      credit: sale.amountPaid,
    })),
    ...payments.map((payment) => ({
      kind: 'payment' as const,
      id: payment.id,
      at: payment.createdAt.toISOString(),
      description:
        `Payment by ${PAYMENT_METHOD_LABELS[payment.paymentMethod as PaymentMethod]}` +
        (payment.description ? `: ${payment.description}` : ''),
      charge: 0,
      credit: payment.amount,
    })),
    ...returns.map((back) => ({
      kind: 'return' as const,
      id: back.id,
      at: back.createdAt.toISOString(),
      description: `${back.loavesReturned} × ${back.recipeName} returned (${RETURN_REASON_LABELS[back.reason as ReturnReason]}) at ${formatNaira(back.pricePerLoaf)}`,
      charge: 0,
      credit: loavesValue(back.loavesReturned, back.pricePerLoaf),
    })),
  ];
  return records.sort(
    (a, b) => a.at.localeCompare(b.at) || ORDER[a.kind] - ORDER[b.kind] || a.id.localeCompare(b.id),
  );
}

/**
 * Every sale, payment and return of a distributor between two business days
 * (inclusive), with the balance before, after each, and at the end. With no
 * dates it covers this month so far, so its closing balance is the card's.
 */
export async function distributorStatement(
  db: Database,
  id: string,
  query: StatementQuery,
  timeZone: string,
  now = new Date(),
): Promise<Statement> {
  const distributor = await getDistributor(db, id);
  const today = businessDate(now, timeZone);
  if (query.startDate && query.startDate > today) {
    const message = 'Start date cannot be in the future';
    throw badRequest(message, [{ path: 'startDate', message }]);
  }
  const endDate = query.endDate ?? today;
  const startDate = query.startDate ?? (endDate < today ? endDate : `${today.slice(0, 8)}01`);
  const start = businessDateRange(startDate, timeZone).start;
  const end = businessDateRange(endDate, timeZone).end;
  const openingBalance = await balanceBefore(db, id, start);
  const records = await recordsBetween(db, id, start, end);
  const { archived, name, address, phone, createdAt, updatedAt } = distributor;
  return {
    distributor: { id, name, address, phone, archived, createdAt, updatedAt },
    startDate,
    endDate,
    openingBalance,
    ...withRunningBalance(openingBalance, records),
  };
}
