/** End-of-day settlement: each distributor dispatched on a day, settled with its returns and the money collected. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TransferStatus } from '../../../domain/contracts/pending-transfers';
import type {
  SettlementDay,
  SettlementRecord,
  SettlementSheet,
} from '../../../domain/contracts/settlement';
import type { PaymentMethod, ReturnReason } from '../../../domain/distributor-schemas';
import { subtractNaira } from '../../../domain/money';
import { loavesValue } from '../../../domain/sales-schemas';
import {
  type LoadedLine,
  type PricedReturn,
  priceReturns,
  type SettlementInput,
  settlementFigures,
} from '../../../domain/settlement';
import { businessDate } from '../../../domain/time';
import type { CurrentUser } from '../../../domain/user';
import type { Database, Transaction } from '../../db/connection';
import { readTogether } from '../../db/reads-together';
import {
  breadReturns,
  dispatchLines,
  distributorPayments,
  distributors,
  pendingTransfers,
  settlementReturns,
  settlements,
} from '../../db/schema';
import { AppError, badRequest, notFound } from '../../errors';
import { recordedTimes } from '../../recorded-at';
import { creditPositionOf } from '../credit/service';
import { insertPayment, insertReturn } from '../distributors/service';
import { type OrdersContext, todayOf } from '../orders/book';

type Db = Database | Transaction;

/** What each distributor dispatched on the day loaded, by distributor (breads loaded none left out). */
async function loadedOn(db: Db, day: string, only?: string) {
  const rows = await db
    .select()
    .from(dispatchLines)
    .where(
      and(
        eq(dispatchLines.day, day),
        only === undefined ? undefined : eq(dispatchLines.distributorId, only),
      ),
    )
    .orderBy(asc(dispatchLines.recipeName));
  const loaded = new Map<string, LoadedLine[]>();
  for (const row of rows) {
    const lines = loaded.get(row.distributorId) ?? [];
    if (row.loavesLoaded > 0) {
      lines.push({
        recipeName: row.recipeName,
        loaded: row.loavesLoaded,
        pricePerLoaf: row.pricePerLoaf,
      });
    }
    loaded.set(row.distributorId, lines);
  }
  return loaded;
}

/** The day's settlements made, by distributor, with their returns and payment method. */
async function madeOn(db: Db, day: string, only?: string) {
  const rows = await db
    .select({
      settlement: settlements,
      method: distributorPayments.paymentMethod,
      transfer: { method: pendingTransfers.paymentMethod, status: pendingTransfers.status },
    })
    .from(settlements)
    .leftJoin(distributorPayments, eq(distributorPayments.id, settlements.paymentId))
    .leftJoin(pendingTransfers, eq(pendingTransfers.id, settlements.pendingTransferId))
    .where(
      and(
        eq(settlements.day, day),
        only === undefined ? undefined : eq(settlements.distributorId, only),
      ),
    );
  const ids = rows.map((row) => row.settlement.id);
  const returned =
    ids.length === 0
      ? []
      : await db
          .select({ settlementId: settlementReturns.settlementId, line: breadReturns })
          .from(settlementReturns)
          .innerJoin(breadReturns, eq(breadReturns.id, settlementReturns.returnId))
          .where(inArray(settlementReturns.settlementId, ids))
          .orderBy(asc(breadReturns.recipeName), asc(breadReturns.reason));
  const made = new Map<string, SettlementRecord>();
  for (const { settlement: row, method, transfer } of rows) {
    const returns = returned
      .filter((r) => r.settlementId === row.id)
      .map(({ line }) => ({
        recipeName: line.recipeName,
        loaves: line.loavesReturned,
        reason: line.reason as ReturnReason,
        pricePerLoaf: line.pricePerLoaf,
        value: loavesValue(line.loavesReturned, line.pricePerLoaf),
      }));
    made.set(row.distributorId, {
      id: row.id,
      day: row.day,
      returns,
      loavesLoaded: row.loavesLoaded,
      valueLoaded: row.valueLoaded,
      loavesReturned: row.loavesReturned,
      valueReturned: row.valueReturned,
      netSold: row.loavesLoaded - row.loavesReturned,
      netValue: subtractNaira(row.valueLoaded, row.valueReturned),
      collected: row.collected,
      paymentMethod: ((method ?? transfer?.method) as PaymentMethod | undefined) ?? null,
      paymentId: row.paymentId,
      transferStatus: (transfer?.status as TransferStatus | undefined) ?? null,
      balanceAfter: row.balanceAfter,
      notes: row.notes,
      createdAt: row.createdAt.toISOString(),
    });
  }
  return made;
}

async function sheetsOf(db: Db, day: string, only?: string): Promise<SettlementSheet[]> {
  const [loaded, made] = await readTogether(db, [
    () => loadedOn(db, day, only),
    () => madeOn(db, day, only),
  ]);
  const ids = [...loaded.keys()];
  if (ids.length === 0) return [];
  const heads = await db
    .select({
      id: distributors.id,
      name: distributors.name,
      address: distributors.address,
      phone: distributors.phone,
    })
    .from(distributors)
    .where(inArray(distributors.id, ids))
    .orderBy(asc(distributors.name), asc(distributors.id));
  return heads.map((head) => ({
    distributorId: head.id,
    name: head.name,
    address: head.address,
    phone: head.phone,
    loaded: (loaded.get(head.id) ?? []).map((line) => ({
      ...line,
      value: loavesValue(line.loaded, line.pricePerLoaf),
    })),
    settlement: made.get(head.id) ?? null,
  }));
}

/** The distributors dispatched on the day (today unless given), each with its settlement once made. */
export async function settlementDay(ctx: OrdersContext, date?: string): Promise<SettlementDay> {
  const day = date ?? todayOf(ctx);
  return { day, isToday: day === todayOf(ctx), sheets: await sheetsOf(ctx.db, day) };
}

/** Exclusive lock: a second settlement of the distributor waits, then finds the first. */
async function distributorToSettle(tx: Transaction, id: string) {
  const [row] = await tx
    .select({ name: distributors.name })
    .from(distributors)
    .where(eq(distributors.id, id))
    .for('update');
  if (!row) throw notFound('Distributor');
  return row;
}

/** The day's loaded lines of a distributor not settled yet that day, or the refusal. */
async function loadedToSettle(tx: Transaction, day: string, id: string, name: string) {
  const [already] = await tx
    .select({ id: settlements.id })
    .from(settlements)
    .where(and(eq(settlements.day, day), eq(settlements.distributorId, id)));
  if (already) {
    throw new AppError(
      'SETTLEMENT_ALREADY_MADE',
      `${name}'s settlement of ${day} has been made already`,
    );
  }
  const loaded = (await loadedOn(tx, day, id)).get(id);
  if (!loaded) {
    throw new AppError(
      'SETTLEMENT_NOT_DISPATCHED',
      `${name} was not dispatched on ${day}: there is nothing to settle`,
    );
  }
  return loaded;
}

/** Each return through Record Return's rules, its field named as the settlement form has it. */
async function recordReturns(
  tx: Transaction,
  distributorId: string,
  { day, recordedAt }: SettlementInput,
  returns: readonly PricedReturn[],
) {
  const ids: string[] = [];
  for (const [index, line] of returns.entries()) {
    const recorded = await insertReturn(
      tx,
      {
        distributorId,
        recipeName: line.recipeName,
        loavesReturned: line.loaves,
        pricePerLoaf: line.pricePerLoaf,
        reason: line.reason,
        notes: `Settlement of ${day}`,
        recordedAt,
      },
      `returns.${index}.loaves`,
    );
    ids.push(recorded.id);
  }
  return ids;
}

/**
 * Settles a distributor's day: each return recorded as Record Return does (at
 * the price loaded that day, never more than it can return), the money
 * collected as Record Payment does (none when 0), and the summary with the
 * balance after kept on the settlement. One transaction: a refusal records nothing.
 */
export async function settle(
  ctx: OrdersContext,
  distributorId: string,
  input: SettlementInput,
  user: CurrentUser,
): Promise<SettlementSheet> {
  // Made on a device offline, it settles the day it was made on there.
  const today = input.recordedAt
    ? businessDate(new Date(input.recordedAt), ctx.timeZone)
    : todayOf(ctx);
  if (input.day !== today) {
    const message = input.recordedAt
      ? `A settlement made on ${today} can only settle that day's dispatch`
      : `Only today's dispatch (${today}) can be settled`;
    throw new AppError('SETTLEMENT_NOT_TODAY', message, [{ path: 'day', message }]);
  }
  return ctx.db.transaction(async (tx) => {
    const { name } = await distributorToSettle(tx, distributorId);
    const loaded = await loadedToSettle(tx, input.day, distributorId, name);
    const priced = priceReturns(loaded, input.returns);
    const [first] = priced.problems;
    if (first) throw badRequest(first.message, priced.problems);
    const returnIds = await recordReturns(tx, distributorId, input, priced.returns);
    const payment =
      input.collected > 0
        ? await insertPayment(
            tx,
            {
              distributorId,
              amount: input.collected,
              paymentMethod: input.paymentMethod,
              description: `Settlement of ${input.day}`,
              recordedAt: input.recordedAt,
            },
            user.id,
          )
        : null;
    const figures = settlementFigures(loaded, priced.returns, input.collected);
    const { balance } = await creditPositionOf(tx, distributorId);
    const [row] = await tx
      .insert(settlements)
      .values({
        day: input.day,
        distributorId,
        // A transfer held for confirmation is no payment yet: balance after leaves it out.
        paymentId: payment?.status === 'recorded' ? payment.id : null,
        pendingTransferId: payment?.status === 'pending_confirmation' ? payment.id : null,
        loavesLoaded: figures.loavesLoaded,
        loavesReturned: figures.loavesReturned,
        valueLoaded: figures.valueLoaded,
        valueReturned: figures.valueReturned,
        collected: figures.collected,
        balanceAfter: balance,
        notes: input.notes ?? null,
        createdBy: user.id,
        ...recordedTimes(input.recordedAt),
      })
      .returning({ id: settlements.id });
    if (!row) throw new Error('insert returned no row');
    if (returnIds.length > 0) {
      await tx
        .insert(settlementReturns)
        .values(returnIds.map((returnId) => ({ settlementId: row.id, returnId })));
    }
    const [sheet] = await sheetsOf(tx, input.day, distributorId);
    if (!sheet) throw new Error('settlement recorded no sheet');
    return sheet;
  });
}
