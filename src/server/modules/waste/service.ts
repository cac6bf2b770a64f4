/** Write-offs: loaves on sale, stale or returned taken off the shelf as waste, never sold. */
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { addDays } from '../../../domain/bakery-months';
import type { WasteRecord, WasteShelf } from '../../../domain/contracts/waste';
import { fromKobo, multiplyKobo, toKobo } from '../../../domain/money';
import { costPerLoaf } from '../../../domain/production';
import { businessDate, businessDateRange } from '../../../domain/time';
import {
  loavesOnHandMessage,
  RETURNED_WRITE_OFF_DAYS,
  type WasteSource,
  type WriteOff,
} from '../../../domain/waste';
import type { Database, Transaction } from '../../db/connection';
import { breadReturns, breadWaste, distributors, productionBatches, users } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { batchCost } from '../production/service';
import { breadShelves, lockShelf, type ShelfClock } from '../sales/shelf';
import { toWasteRecord, writtenOffBy } from './record';

/** The first instant a return may still be written off from: the window's first bakery day. */
function returnsWindowStart(clock: ShelfClock) {
  const today = businessDate(clock.now, clock.timeZone);
  return businessDateRange(addDays(today, 1 - RETURNED_WRITE_OFF_DAYS), clock.timeZone).start;
}

const writtenOffOfReturn = (tx: Database | Transaction, returnId: string) =>
  tx
    .select({ loaves: sql<number>`coalesce(sum(${breadWaste.loaves}), 0)::int` })
    .from(breadWaste)
    .where(eq(breadWaste.breadReturnId, returnId));

/** Each bread's loaves on sale and stale, and the week's returns with loaves still to write off. */
export async function wasteShelf(db: Database, clock: ShelfClock): Promise<WasteShelf> {
  // Per return of the week, its write-offs by the return's index: summing every
  // returned write-off ever made first led the planner to read every return.
  const writtenOff = db
    .select({ loaves: sql`coalesce(sum(${breadWaste.loaves}), 0)` })
    .from(breadWaste)
    .where(eq(breadWaste.breadReturnId, breadReturns.id));
  const returns = await db
    .select({
      id: breadReturns.id,
      distributorName: distributors.name,
      recipeName: breadReturns.recipeName,
      reason: breadReturns.reason,
      loavesReturned: breadReturns.loavesReturned,
      loavesLeft: sql<number>`(${breadReturns.loavesReturned} - (${writtenOff}))::int`,
      createdAt: breadReturns.createdAt,
    })
    .from(breadReturns)
    .leftJoin(distributors, eq(distributors.id, breadReturns.distributorId))
    .where(gte(breadReturns.createdAt, returnsWindowStart(clock)))
    .orderBy(desc(breadReturns.createdAt), desc(breadReturns.id));
  return {
    breads: await breadShelves(db, clock),
    returns: returns
      .filter((row) => row.loavesLeft > 0)
      .map((row) => ({
        ...row,
        reason: row.reason as WasteShelf['returns'][number]['reason'],
        createdAt: row.createdAt.toISOString(),
      })),
  };
}

/** Write-offs newest first, with who made them. */
export async function listWaste(db: Database, limit: number, offset: number) {
  const rows = await db
    .select({ waste: breadWaste, by: writtenOffBy })
    .from(breadWaste)
    .leftJoin(users, eq(users.id, breadWaste.userId))
    .orderBy(desc(breadWaste.createdAt), desc(breadWaste.id))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => toWasteRecord(row.waste, row.by));
}

/**
 * What one loaf of the bread cost in ingredients: its newest completed batch's
 * cost at today's unit costs (as the batch screen shows it) over its loaves.
 */
async function loafCost(tx: Transaction, recipeName: string) {
  const [batch] = await tx
    .select({ id: productionBatches.id, loaves: productionBatches.loavesProduced })
    .from(productionBatches)
    .where(
      and(
        eq(productionBatches.recipeName, recipeName),
        eq(productionBatches.status, 'completed'),
        sql`${productionBatches.loavesProduced} > 0`,
      ),
    )
    .orderBy(
      sql`${productionBatches.completedAt} desc nulls last`,
      desc(productionBatches.batchNumber),
    )
    .limit(1);
  if (!batch) return { batchId: null, costPerLoaf: 0 };
  const { ingredientCost } = await batchCost(tx, batch.id);
  return { batchId: batch.id, costPerLoaf: costPerLoaf(toKobo(ingredientCost), batch.loaves ?? 0) };
}

function refuse(source: WasteSource, onHand: number): never {
  const message = loavesOnHandMessage(source, onHand);
  throw new AppError('LOAVES_NOT_ON_HAND', message, [{ path: 'loaves', message }]);
}

/** The bread a write-off of returned loaves takes from, once the return is locked and checked. */
async function returnedBread(tx: Transaction, returnId: string, loaves: number, clock: ShelfClock) {
  const [found] = await tx
    .select({
      recipeName: breadReturns.recipeName,
      returned: breadReturns.loavesReturned,
      createdAt: breadReturns.createdAt,
    })
    .from(breadReturns)
    .where(eq(breadReturns.id, returnId))
    .for('update');
  if (!found) throw notFound('Return');
  if (found.createdAt < returnsWindowStart(clock)) {
    const message = `Returned loaves are written off within ${RETURNED_WRITE_OFF_DAYS} days of their return`;
    throw new AppError('RETURN_TOO_OLD', message, [{ path: 'breadReturnId', message }]);
  }
  const [done] = await writtenOffOfReturn(tx, returnId);
  const left = found.returned - (done?.loaves ?? 0);
  if (loaves > left) refuse('returned', left);
  return found.recipeName;
}

/**
 * Writes loaves off in one transaction: on sale or stale ones under the
 * bread's ledger lock (loaves gone stale are set aside first), returned ones
 * under their return's row lock, so two clerks cannot write off one loaf twice.
 */
export async function writeOff(
  db: Database,
  input: WriteOff,
  userId: string,
  clock: ShelfClock,
): Promise<WasteRecord> {
  return db.transaction(async (tx) => {
    let recipeName: string;
    if (input.source === 'returned') {
      // The schema requires the return for returned loaves, and the bread for the others.
      recipeName = await returnedBread(tx, input.breadReturnId as string, input.loaves, clock);
    } else {
      recipeName = input.recipeName as string;
      const shelf = await lockShelf(tx, recipeName, clock);
      const onHand = input.source === 'fresh' ? shelf.available : shelf.stale;
      if (input.loaves > onHand) refuse(input.source, onHand);
    }
    const cost = await loafCost(tx, recipeName);
    const [row] = await tx
      .insert(breadWaste)
      .values({
        recipeName,
        loaves: input.loaves,
        reason: input.reason,
        source: input.source,
        breadReturnId: input.source === 'returned' ? (input.breadReturnId ?? null) : null,
        productionBatchId: cost.batchId,
        costPerLoaf: cost.costPerLoaf,
        cost: fromKobo(multiplyKobo(toKobo(cost.costPerLoaf), input.loaves)),
        notes: input.notes ?? null,
        userId,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    const [by] = await tx.select({ name: writtenOffBy }).from(users).where(eq(users.id, userId));
    return toWasteRecord(row, by?.name ?? null);
  });
}
