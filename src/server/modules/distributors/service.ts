import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { NOTHING_OWED } from '../../../domain/ageing';
import type {
  BreadReturn,
  Distributor,
  DistributorOption,
  DistributorPayment,
  DistributorWithAccount,
  ReturnableBread,
} from '../../../domain/contracts/distributors';
import type { CreditTermsInput } from '../../../domain/credit';
import type {
  BreadReturnInput,
  DistributorInput,
  DistributorUpdateInput,
  PaymentInput,
  PaymentMethod,
  ReturnReason,
} from '../../../domain/distributor-schemas';
import { returnPriceTooHigh } from '../../../domain/distributor-schemas';
import { toKobo } from '../../../domain/money';
import { isTransfer, receiptLabel } from '../../../domain/receipts';
import type { ReminderChannel, ReminderKind } from '../../../domain/reminders';
import { countOf } from '../../../domain/words';
import type { Database, Transaction } from '../../db/connection';
import { rowsOf } from '../../db/raw-results';
import {
  breadPrices,
  breadReturns,
  dispatchLines,
  distributorPayments,
  distributorReminders,
  distributors,
  orderChanges,
  orderPauses,
  pendingTransfers,
  rollupDistributorBreads,
  salesTransactions,
  settlements,
  standingOrders,
  statementLinks,
} from '../../db/schema';
import { AppError, badRequest, notFound } from '../../errors';
import { recordedTimes } from '../../recorded-at';
import { ageBalancesKept } from '../accounts/ageing';
import { accountSums } from '../accounts/service';
import { readSettings } from '../admin/settings';
import { holdTransfer } from '../pending-transfers/service';

type DistributorRow = typeof distributors.$inferSelect;

export function toDistributor(row: DistributorRow): Distributor {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    phone: row.phone,
    archived: row.archived,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

type AccountRow = Awaited<ReturnType<typeof accountSums>>[number];

/**
 * The cards' figures: each account with its credit terms, its balance aged
 * at `today` and the last statement or reminder sent to it.
 */
async function withCredit(
  db: Database | Transaction,
  rows: AccountRow[],
  today: string,
): Promise<DistributorWithAccount[]> {
  const ageings = await ageBalancesKept(
    db,
    rows.map((row) => ({
      distributorId: row.distributor.id,
      balance: Number(row.balance),
      salesValue: Number(row.totalOwed),
      paymentTermsDays: row.distributor.paymentTermsDays,
    })),
    today,
  );
  const reminders = await lastReminders(
    db,
    rows.map((row) => row.distributor.id),
  );
  return rows.map((row) => ({
    ...toDistributor(row.distributor),
    totalOwed: Number(row.totalOwed),
    totalPaid: Number(row.totalPaid),
    totalReturns: Number(row.totalReturns),
    balance: Number(row.balance),
    creditLimit: row.distributor.creditLimit,
    paymentTermsDays: row.distributor.paymentTermsDays,
    ageing: ageings.get(row.distributor.id) ?? NOTHING_OWED,
    lastReminder: reminders.get(row.distributor.id) ?? null,
  }));
}

/** The newest statement or reminder sent to each distributor: one index probe each. */
async function lastReminders(db: Database | Transaction, ids: string[]) {
  const sent = new Map<string, NonNullable<DistributorWithAccount['lastReminder']>>();
  if (ids.length === 0) return sent;
  const rows = await rowsOf<{ id: string; at: Date | string; kind: string; channel: string }>(
    db,
    sql`select d.id, r.created_at as at, r.kind, r.channel
      from unnest(${`{${ids.join(',')}}`}::uuid[]) as d(id)
      cross join lateral (
        select created_at, kind, channel from distributor_reminders
        where distributor_id = d.id order by created_at desc limit 1
      ) r`,
  );
  for (const row of rows) {
    sent.set(row.id, {
      at: new Date(row.at).toISOString(),
      kind: row.kind as ReminderKind,
      channel: row.channel as ReminderChannel,
    });
  }
  return sent;
}

/** Active distributors by name, or all of them with `includeArchived`; debts aged at `today`. */
export async function listDistributors(
  db: Database,
  includeArchived: boolean,
  today: string,
): Promise<DistributorWithAccount[]> {
  const rows = await accountSums(
    db,
    includeArchived ? undefined : eq(distributors.archived, false),
  );
  return withCredit(db, rows, today);
}

/** Active distributors by name, as the sale form's choice: nothing of their accounts. */
export async function distributorOptions(db: Database): Promise<DistributorOption[]> {
  return db
    .select({ id: distributors.id, name: distributors.name })
    .from(distributors)
    .where(eq(distributors.archived, false))
    .orderBy(asc(distributors.name), asc(distributors.id));
}

export async function getDistributor(
  db: Database | Transaction,
  id: string,
  today: string,
): Promise<DistributorWithAccount> {
  const [row] = await withCredit(db, await accountSums(db, eq(distributors.id, id)), today);
  if (!row) throw notFound('Distributor');
  return row;
}

export async function createDistributor(
  db: Database,
  input: DistributorInput,
  today: string,
): Promise<DistributorWithAccount> {
  const [row] = await db.insert(distributors).values(input).returning({ id: distributors.id });
  if (!row) throw new Error('insert returned no row');
  return getDistributor(db, row.id, today);
}

export async function updateDistributor(
  db: Database,
  id: string,
  input: DistributorUpdateInput | CreditTermsInput,
  today: string,
): Promise<DistributorWithAccount> {
  const [row] = await db
    .update(distributors)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(distributors.id, id))
    .returning({ id: distributors.id });
  if (!row) throw notFound('Distributor');
  return getDistributor(db, id, today);
}

async function lockDistributor(tx: Transaction, id: string) {
  const [row] = await tx.select().from(distributors).where(eq(distributors.id, id)).for('update');
  if (!row) throw notFound('Distributor');
  return row;
}

/** Every table whose rows name a distributor: any such row keeps it from being deleted. */
const RECORDS_OF_A_DISTRIBUTOR = [
  salesTransactions,
  distributorPayments,
  breadReturns,
  breadPrices,
  standingOrders,
  orderPauses,
  orderChanges,
  dispatchLines,
  settlements,
  pendingTransfers,
  distributorReminders,
  statementLinks,
] as const;

async function hasRecords(tx: Transaction, id: string): Promise<boolean> {
  for (const table of RECORDS_OF_A_DISTRIBUTOR) {
    const [found] = await tx
      .select({ id: table.distributorId })
      .from(table)
      .where(eq(table.distributorId, id))
      .limit(1);
    if (found) return true;
  }
  return false;
}

/**
 * A distributor with any sale, payment or return, or any price, standing
 * order, pause, dispatch or settlement, or any transfer, reminder or
 * statement link of credit control, is archived (its records are history
 * other records point to); one with none is deleted
 * (docs/screens/distributors.md).
 */
export async function deleteDistributor(db: Database, id: string) {
  return db.transaction(async (tx) => {
    const row = await lockDistributor(tx, id);
    if (row.archived)
      throw new AppError('DISTRIBUTOR_ALREADY_ARCHIVED', `${row.name} is already archived`);
    const used = await hasRecords(tx, id);
    if (used) {
      await tx
        .update(distributors)
        .set({ archived: true, updatedAt: new Date() })
        .where(eq(distributors.id, id));
      return {
        action: 'archived' as const,
        message: `${row.name} has sales, payments, returns, prices or orders, so it was archived instead of deleted`,
      };
    }
    await tx.delete(distributors).where(eq(distributors.id, id));
    return { action: 'deleted' as const, message: `${row.name} was deleted` };
  });
}

export async function unarchiveDistributor(db: Database, id: string) {
  return db.transaction(async (tx) => {
    const row = await lockDistributor(tx, id);
    if (!row.archived)
      throw new AppError('DISTRIBUTOR_NOT_ARCHIVED', `${row.name} is not archived`);
    await tx
      .update(distributors)
      .set({ archived: false, updatedAt: new Date() })
      .where(eq(distributors.id, id));
    return { message: `${row.name} is back on the active list` };
  });
}

/** The distributor, share-locked so a delete cannot remove it under a new record. */
async function requireDistributor(tx: Transaction, id: string) {
  const [row] = await tx
    .select({ id: distributors.id, name: distributors.name })
    .from(distributors)
    .where(eq(distributors.id, id))
    .for('share');
  if (!row) throw notFound('Distributor');
  return row;
}

type PaymentRow = typeof distributorPayments.$inferSelect;
const toPayment = (row: PaymentRow, distributorName: string): DistributorPayment => ({
  id: row.id,
  distributorId: row.distributorId,
  distributorName,
  amount: row.amount,
  paymentMethod: row.paymentMethod as PaymentMethod,
  description: row.description,
  createdAt: row.createdAt.toISOString(),
  status: 'recorded',
  receiptNumber: row.receiptNumber,
  receiptLabel: receiptLabel(row.receiptNumber),
});

/** Payments are taken from archived distributors too: they settle old debts. */
export async function createPayment(
  db: Database,
  input: PaymentInput,
  recordedBy: string,
): Promise<DistributorPayment> {
  return db.transaction((tx) => insertPayment(tx, input, recordedBy));
}

/**
 * Record Payment inside a caller's transaction: the route and settlement
 * share it. `recordedBy` received the money (the receipt names them). While
 * the confirmTransfers setting is on, a bank transfer or mobile money is held
 * for a manager's confirmation instead, counted nowhere until then.
 */
export async function insertPayment(
  tx: Transaction,
  input: PaymentInput,
  recordedBy: string,
): Promise<DistributorPayment> {
  const { name } = await requireDistributor(tx, input.distributorId);
  const values = {
    distributorId: input.distributorId,
    amount: input.amount,
    paymentMethod: input.paymentMethod ?? 'cash',
    description: input.description ?? null,
    recordedBy,
  };
  if (isTransfer(values.paymentMethod) && (await readSettings(tx)).confirmTransfers) {
    // Dated when taken on the device: confirmed, the payment keeps both times.
    return holdTransfer(tx, { ...values, ...recordedTimes(input.recordedAt) }, name);
  }
  const [row] = await tx
    .insert(distributorPayments)
    .values({ ...values, ...recordedTimes(input.recordedAt) })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return toPayment(row, name);
}

export async function listPayments(
  db: Database,
  query: { distributorId?: string; limit: number; offset: number },
): Promise<DistributorPayment[]> {
  const rows = await db
    .select({ payment: distributorPayments, name: distributors.name })
    .from(distributorPayments)
    .innerJoin(distributors, eq(distributors.id, distributorPayments.distributorId))
    .where(
      query.distributorId ? eq(distributorPayments.distributorId, query.distributorId) : undefined,
    )
    .orderBy(desc(distributorPayments.createdAt), desc(distributorPayments.id))
    .limit(query.limit)
    .offset(query.offset);
  return rows.map((row) => toPayment(row.payment, row.name));
}

type ReturnRow = typeof breadReturns.$inferSelect;
const toReturn = (row: ReturnRow): BreadReturn => ({
  id: row.id,
  distributorId: row.distributorId,
  recipeName: row.recipeName,
  loavesReturned: row.loavesReturned,
  pricePerLoaf: row.pricePerLoaf,
  reason: row.reason as ReturnReason,
  notes: row.notes,
  createdAt: row.createdAt.toISOString(),
});

/**
 * A distributor can return only loaves of a bread it bought, and no more than
 * it bought less what it already returned, at no more than the highest price
 * it paid. Those totals are one row of rollup_distributor_breads (kept by
 * triggers); locking it keeps two returns from both passing the check, and a
 * distributor with no such row bought none of that bread.
 */
export async function createReturn(db: Database, input: BreadReturnInput): Promise<BreadReturn> {
  return db.transaction((tx) => insertReturn(tx, input));
}

/**
 * Record Return inside a caller's transaction: the route and settlement share
 * it; `field` names the loaves' field in the caller's form.
 */
export async function insertReturn(
  tx: Transaction,
  input: BreadReturnInput,
  field = 'loavesReturned',
): Promise<BreadReturn> {
  const distributor = await requireDistributor(tx, input.distributorId);
  const totals = rollupDistributorBreads;
  const [bought] = await tx
    .select({
      taken: totals.loavesTaken,
      returned: totals.loavesReturned,
      maxPrice: totals.highestPrice,
    })
    .from(totals)
    .where(
      and(eq(totals.distributorId, input.distributorId), eq(totals.recipeName, input.recipeName)),
    )
    .for('update');
  const returnable = (bought?.taken ?? 0) - (bought?.returned ?? 0);
  if (input.loavesReturned > returnable) {
    const message =
      returnable <= 0
        ? `${distributor.name} has no loaves of ${input.recipeName} to return`
        : `${distributor.name} can return at most ${countOf(returnable, 'loaf')} of ${input.recipeName}`;
    throw new AppError('LOAVES_NOT_RETURNABLE', message, [{ path: field, message }]);
  }
  const maxPrice = Number(bought?.maxPrice ?? 0);
  if (toKobo(input.pricePerLoaf) > toKobo(maxPrice)) {
    const message = returnPriceTooHigh(maxPrice, input.recipeName);
    throw badRequest(message, [{ path: 'pricePerLoaf', message }]);
  }
  const [row] = await tx
    .insert(breadReturns)
    .values({
      distributorId: input.distributorId,
      recipeName: input.recipeName,
      loavesReturned: input.loavesReturned,
      pricePerLoaf: input.pricePerLoaf,
      reason: input.reason ?? 'spoiled',
      notes: input.notes ?? null,
      ...recordedTimes(input.recordedAt),
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return toReturn(row);
}

export async function listReturns(
  db: Database,
  query: { distributorId?: string; limit: number; offset: number },
): Promise<BreadReturn[]> {
  const rows = await db
    .select()
    .from(breadReturns)
    .where(query.distributorId ? eq(breadReturns.distributorId, query.distributorId) : undefined)
    .orderBy(desc(breadReturns.createdAt), desc(breadReturns.id))
    .limit(query.limit)
    .offset(query.offset);
  return rows.map(toReturn);
}

/**
 * The breads a distributor can still return, with how many and the price it
 * last paid: the Record Return form's choices.
 */
export async function returnableBreads(
  db: Database,
  distributorId: string,
): Promise<ReturnableBread[]> {
  const [known] = await db
    .select({ id: distributors.id })
    .from(distributors)
    .where(eq(distributors.id, distributorId));
  if (!known) throw notFound('Distributor');
  // The totals from the roll-up; the last price from the newest sale of that
  // bread, read backward by the (distributor, created_at, id) index.
  const totals = rollupDistributorBreads;
  const lastSale = db
    .select({ price: salesTransactions.pricePerLoaf })
    .from(salesTransactions)
    .where(
      and(
        eq(salesTransactions.distributorId, totals.distributorId),
        eq(salesTransactions.recipeName, totals.recipeName),
      ),
    )
    .orderBy(desc(salesTransactions.createdAt), desc(salesTransactions.id))
    .limit(1);
  const rows = await db
    .select({
      recipeName: totals.recipeName,
      returnable: sql<number>`(${totals.loavesTaken} - ${totals.loavesReturned})::int`,
      lastPrice: sql<string>`(${lastSale})::text`,
      maxPrice: sql<string>`${totals.highestPrice}::text`,
    })
    .from(totals)
    .where(
      and(
        eq(totals.distributorId, distributorId),
        sql`${totals.loavesTaken} > ${totals.loavesReturned}`,
      ),
    )
    .orderBy(asc(totals.recipeName));
  return rows.map((row) => ({
    recipeName: row.recipeName,
    returnable: row.returnable,
    lastPrice: Number(row.lastPrice),
    maxPrice: Number(row.maxPrice),
  }));
}
