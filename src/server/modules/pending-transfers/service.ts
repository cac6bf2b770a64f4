/**
 * Transfers that wait for a manager (issue 19): while the confirmTransfers
 * setting is on, a bank transfer or mobile money is kept here, counted by no
 * balance, roll-up, statement or report, until it is confirmed (then it is a
 * payment, dated when it was recorded) or rejected (its reason kept).
 */
import { aliasedTable, and, asc, desc, eq, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { DistributorPayment } from '../../../domain/contracts/distributors';
import type {
  PendingTransfer,
  TransferStatus,
  TransferSummary,
} from '../../../domain/contracts/pending-transfers';
import type { PaymentMethod } from '../../../domain/distributor-schemas';
import { formatNaira } from '../../../domain/money';
import { receiptLabel } from '../../../domain/receipts';
import type { Database, Transaction } from '../../db/connection';
import {
  distributorPayments,
  distributors,
  pendingTransfers,
  settlements,
  users,
} from '../../db/schema';
import { userName } from '../../db/user-name';
import { AppError, notFound } from '../../errors';
import { readSettings } from '../admin/settings';

type Db = Database | Transaction;

/** Keeps a transfer aside instead of recording the payment: Record Payment's answer, pending. */
export async function holdTransfer(
  tx: Transaction,
  values: PgInsertValue<typeof pendingTransfers>,
  distributorName: string,
): Promise<DistributorPayment> {
  const [row] = await tx.insert(pendingTransfers).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return {
    id: row.id,
    distributorId: row.distributorId,
    distributorName,
    amount: row.amount,
    paymentMethod: row.paymentMethod as PaymentMethod,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    status: 'pending_confirmation',
    receiptNumber: null,
    receiptLabel: null,
  };
}

const recorder = aliasedTable(users, 'recorder');
const decider = aliasedTable(users, 'decider');

/** Transfers with their distributor, who recorded and decided them, and a confirmed one's receipt. */
const transfersWith = (db: Db) =>
  db
    .select({
      transfer: pendingTransfers,
      distributorName: distributors.name,
      recordedByName: userName(recorder),
      decidedByName: userName(decider),
      receiptNumber: distributorPayments.receiptNumber,
    })
    .from(pendingTransfers)
    .innerJoin(distributors, eq(distributors.id, pendingTransfers.distributorId))
    .leftJoin(recorder, eq(recorder.id, pendingTransfers.recordedBy))
    .leftJoin(decider, eq(decider.id, pendingTransfers.decidedBy))
    .leftJoin(distributorPayments, eq(distributorPayments.id, pendingTransfers.paymentId));

type Listed = Awaited<ReturnType<ReturnType<typeof transfersWith>['execute']>>[number];

function toTransfer({ transfer: row, receiptNumber, ...names }: Listed): PendingTransfer {
  return {
    id: row.id,
    distributorId: row.distributorId,
    distributorName: names.distributorName,
    amount: row.amount,
    paymentMethod: row.paymentMethod as PaymentMethod,
    description: row.description,
    status: row.status as TransferStatus,
    recordedByName: names.recordedByName,
    createdAt: row.createdAt.toISOString(),
    decidedByName: names.decidedByName,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    rejectionReason: row.rejectionReason,
    paymentId: row.paymentId,
    receiptNumber,
    receiptLabel: receiptNumber === null ? null : receiptLabel(receiptNumber),
  };
}

/** Pending transfers oldest first (the longest waiting on top); decided ones newest decided first. */
export async function listTransfers(
  db: Database,
  query: { status: TransferStatus; distributorId?: string; limit: number; offset: number },
): Promise<PendingTransfer[]> {
  const order =
    query.status === 'pending'
      ? [asc(pendingTransfers.createdAt), asc(pendingTransfers.id)]
      : [desc(pendingTransfers.decidedAt), desc(pendingTransfers.id)];
  const rows = await transfersWith(db)
    .where(
      and(
        eq(pendingTransfers.status, query.status),
        query.distributorId ? eq(pendingTransfers.distributorId, query.distributorId) : undefined,
      ),
    )
    .orderBy(...order)
    .limit(query.limit)
    .offset(query.offset);
  return rows.map(toTransfer);
}

/** The setting, and the money awaiting confirmation per distributor (only those with some). */
export async function transferSummary(db: Database): Promise<TransferSummary> {
  const { confirmTransfers } = await readSettings(db);
  const rows = await db
    .select({
      distributorId: pendingTransfers.distributorId,
      amount: sql<string>`sum(${pendingTransfers.amount})::text`,
      transfers: sql<number>`count(*)::int`,
    })
    .from(pendingTransfers)
    .where(eq(pendingTransfers.status, 'pending'))
    .groupBy(pendingTransfers.distributorId);
  return {
    confirmTransfers,
    awaiting: rows.map((row) => ({ ...row, amount: Number(row.amount) })),
  };
}

async function transferById(db: Db, id: string): Promise<PendingTransfer> {
  const [row] = await transfersWith(db).where(eq(pendingTransfers.id, id));
  if (!row) throw notFound('Transfer');
  return toTransfer(row);
}

/**
 * The transfer, locked: of two managers deciding at once the second waits,
 * then finds it decided.
 */
async function undecided(tx: Transaction, id: string) {
  const [row] = await tx
    .select()
    .from(pendingTransfers)
    .where(eq(pendingTransfers.id, id))
    .for('update');
  if (!row) throw notFound('Transfer');
  if (row.status !== 'pending') {
    const decided = await transferById(tx, id);
    const by = decided.decidedByName ? ` by ${decided.decidedByName}` : '';
    throw new AppError(
      'TRANSFER_ALREADY_DECIDED',
      `This transfer of ${formatNaira(row.amount)} was ${row.status} already${by}`,
    );
  }
  return row;
}

/**
 * The money arrived: the payment is recorded as Record Payment would have,
 * dated when the transfer was recorded and by whom (to the microsecond, in
 * SQL), with the next receipt number; a settlement that collected it points
 * to the payment too.
 */
export async function confirmTransfer(
  db: Database,
  id: string,
  userId: string,
): Promise<PendingTransfer> {
  return db.transaction(async (tx) => {
    const row = await undecided(tx, id);
    const [payment] = await tx
      .insert(distributorPayments)
      .values({
        distributorId: row.distributorId,
        amount: row.amount,
        paymentMethod: row.paymentMethod,
        description: row.description,
        recordedBy: row.recordedBy,
        createdAt: sql`(select ${pendingTransfers.createdAt} from ${pendingTransfers} where ${pendingTransfers.id} = ${id})`,
        receivedAt: row.receivedAt,
      })
      .returning({ id: distributorPayments.id });
    if (!payment) throw new Error('insert returned no row');
    await tx
      .update(pendingTransfers)
      .set({ status: 'confirmed', paymentId: payment.id, decidedBy: userId, decidedAt: new Date() })
      .where(eq(pendingTransfers.id, id));
    await tx
      .update(settlements)
      .set({ paymentId: payment.id })
      .where(eq(settlements.pendingTransferId, id));
    return transferById(tx, id);
  });
}

/** The money never came: nothing is counted, and the reason stays on the transfer. */
export async function rejectTransfer(
  db: Database,
  id: string,
  reason: string,
  userId: string,
): Promise<PendingTransfer> {
  return db.transaction(async (tx) => {
    await undecided(tx, id);
    await tx
      .update(pendingTransfers)
      .set({
        status: 'rejected',
        rejectionReason: reason,
        decidedBy: userId,
        decidedAt: new Date(),
      })
      .where(eq(pendingTransfers.id, id));
    return transferById(tx, id);
  });
}
