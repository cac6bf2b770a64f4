import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { placeLoavesLeft } from '../../../domain/bread-stock';
import type {
  AvailableLoaves,
  SalesSummary,
  SaleTransaction,
} from '../../../domain/contracts/sales';
import type { SaleInput } from '../../../domain/sales-schemas';
import { loavesAvailableMessage, loavesValue } from '../../../domain/sales-schemas';
import type { Database, Transaction } from '../../db/connection';
import { breadLedger, distributors, productionBatches, salesTransactions } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { salesCount } from '../accounts/service';

/** Batches fetched per step of the walk back from a bread's newest batch. */
const BATCH_PAGE = 50;

/** Each bread's ledger row (only those with loaves left unless one bread is named). */
function ledgerRows(db: Database | Transaction, recipeName?: string) {
  return db
    .select({
      recipeName: breadLedger.recipeName,
      loavesBaked: sql<number>`${breadLedger.loavesBaked}::int`,
      left: sql<number>`(${breadLedger.loavesBaked} - ${breadLedger.loavesSold})::int`,
    })
    .from(breadLedger)
    .where(
      recipeName === undefined
        ? gt(breadLedger.loavesBaked, breadLedger.loavesSold)
        : eq(breadLedger.recipeName, recipeName),
    )
    .orderBy(asc(breadLedger.recipeName));
}

/**
 * Loaves still to sell, per recipe name: what its completed batches baked
 * minus what was sold of it, read from the bread ledger (kept by triggers).
 * Sales draw from the oldest batch first, so the loaves left sit in the
 * newest batches; only those are read.
 */
export async function availableLoaves(
  db: Database | Transaction,
  recipeName?: string,
): Promise<AvailableLoaves[]> {
  const result: AvailableLoaves[] = [];
  for (const bread of await ledgerRows(db, recipeName)) {
    if (bread.left <= 0) continue;
    result.push({
      recipeName: bread.recipeName,
      totalAvailable: bread.left,
      batches: await batchesHolding(db, bread.recipeName, bread.left),
    });
  }
  return result;
}

/**
 * What a sale of this bread may take, and the oldest batch holding it, under
 * the bread's ledger row lock: two sales racing for the last loaves take
 * turns. Every other sale of the bread waits while the lock is held, so the
 * batches are read before it is taken and only reread if a batch was
 * completed (loaves baked changed) in between.
 */
async function loavesForSale(tx: Transaction, recipeName: string) {
  const [seen] = await ledgerRows(tx, recipeName);
  const seenBatches = seen && seen.left > 0 ? await batchesHolding(tx, recipeName, seen.left) : [];
  const [locked] = await ledgerRows(tx, recipeName).for('update');
  const left = Math.max(0, locked?.left ?? 0);
  const stillValid = seen && locked && seen.loavesBaked === locked.loavesBaked && left <= seen.left;
  const batches = stillValid
    ? placeLoavesLeft(
        left,
        [...seenBatches].reverse().map((batch) => ({ ...batch, loaves: batch.available })),
      ).holdings
    : await batchesHolding(tx, recipeName, left);
  return { available: left, oldestBatchId: batches[0]?.id ?? null };
}

async function batchesHolding(db: Database | Transaction, recipeName: string, loavesLeft: number) {
  const holdings: AvailableLoaves['batches'] = [];
  let missing = loavesLeft;
  for (let offset = 0; missing > 0; offset += BATCH_PAGE) {
    const page = await db
      .select({
        id: productionBatches.id,
        batchNumber: productionBatches.batchNumber,
        completedAt: productionBatches.completedAt,
        startedAt: productionBatches.startedAt,
        createdAt: productionBatches.createdAt,
        loaves: productionBatches.loavesProduced,
      })
      .from(productionBatches)
      .where(
        and(
          eq(productionBatches.recipeName, recipeName),
          eq(productionBatches.status, 'completed'),
        ),
      )
      // The order of production_batches_completed_newest_idx, so only these rows are read.
      .orderBy(
        sql`${productionBatches.completedAt} desc nulls last`,
        sql`${productionBatches.batchNumber} desc nulls last`,
      )
      .limit(BATCH_PAGE)
      .offset(offset);
    const placed = placeLoavesLeft(
      missing,
      page.map((batch) => ({
        id: batch.id,
        batchNumber: batch.batchNumber,
        // The API always records a completion time, but a database restored from an
        // older version may lack one: such a batch is walked last (the oldest, `nulls
        // last`) and shown at the last time it has.
        completedAt: (batch.completedAt ?? batch.startedAt ?? batch.createdAt).toISOString(),
        loaves: batch.loaves ?? 0,
      })),
    );
    holdings.unshift(...placed.holdings);
    missing = placed.missing;
    if (page.length < BATCH_PAGE) break;
  }
  return holdings;
}

type SaleRow = typeof salesTransactions.$inferSelect;

function toSale(row: SaleRow, distributorName: string | null): SaleTransaction {
  return {
    id: row.id,
    distributorId: row.distributorId,
    distributorName,
    recipeName: row.recipeName,
    productionBatchId: row.productionBatchId,
    loavesTaken: row.loavesTaken,
    pricePerLoaf: row.pricePerLoaf,
    amountPaid: row.amountPaid,
    value: loavesValue(row.loavesTaken, row.pricePerLoaf),
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Sales newest first, with their distributor's name. */
export async function listSales(db: Database, limit: number, offset: number) {
  const rows = await db
    .select({ sale: salesTransactions, distributorName: distributors.name })
    .from(salesTransactions)
    .leftJoin(distributors, eq(distributors.id, salesTransactions.distributorId))
    .orderBy(desc(salesTransactions.createdAt), desc(salesTransactions.id))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => toSale(row.sale, row.distributorName));
}

/** Loaves left of each bread that has some. */
export async function loavesLeftByBread(db: Database | Transaction): Promise<Map<string, number>> {
  const rows = await ledgerRows(db);
  return new Map(rows.map((row) => [row.recipeName, row.left]));
}

/** The ledger and the batches read in one snapshot, so a batch completed in between cannot skew them. */
export function availableLoavesNow(db: Database): Promise<AvailableLoaves[]> {
  return db.transaction((tx) => availableLoaves(tx), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

export async function salesSummary(db: Database): Promise<SalesSummary> {
  const [totals] = await db
    .select({
      sold: sql<string>`coalesce(sum(${breadLedger.loavesSold}), 0)::text`,
      left: sql<string>`coalesce(sum(greatest(${breadLedger.loavesBaked} - ${breadLedger.loavesSold}, 0)), 0)::text`,
    })
    .from(breadLedger);
  return {
    totalAvailable: Number(totals?.left ?? 0),
    totalSold: Number(totals?.sold ?? 0),
    transactionCount: await salesCount(db),
  };
}

/** Shared lock: a delete or archive of this distributor waits for the sale, and sees it. */
export async function distributorTakingSales(tx: Transaction, distributorId: string) {
  const [distributor] = await tx
    .select({ name: distributors.name, archived: distributors.archived })
    .from(distributors)
    .where(eq(distributors.id, distributorId))
    .for('share');
  if (!distributor) throw notFound('Distributor');
  if (distributor.archived) {
    throw new AppError(
      'DISTRIBUTOR_ARCHIVED',
      `${distributor.name} is archived and takes no new sales; unarchive first`,
    );
  }
  return distributor;
}

/**
 * Records a sale inside the caller's transaction if that many loaves are
 * available. The count and the insert happen under a lock on the bread's
 * ledger row (`loavesForSale`); a refusal names `field`.
 */
export async function insertSale(
  tx: Transaction,
  input: SaleInput,
  distributorName: string,
  field = 'loavesTaken',
): Promise<SaleTransaction> {
  const { available, oldestBatchId } = await loavesForSale(tx, input.recipeName);
  if (input.loavesTaken > available) {
    const message = loavesAvailableMessage(input.recipeName, available);
    throw new AppError('LOAVES_NOT_AVAILABLE', message, [{ path: field, message }]);
  }
  const [row] = await tx
    .insert(salesTransactions)
    .values({
      distributorId: input.distributorId,
      recipeName: input.recipeName,
      productionBatchId: oldestBatchId,
      loavesTaken: input.loavesTaken,
      pricePerLoaf: input.pricePerLoaf,
      amountPaid: input.amountPaid ?? 0,
      notes: input.notes ?? null,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return toSale(row, distributorName);
}

export async function createSale(db: Database, input: SaleInput): Promise<SaleTransaction> {
  return db.transaction(async (tx) => {
    const distributor = await distributorTakingSales(tx, input.distributorId);
    return insertSale(tx, input, distributor.name);
  });
}
