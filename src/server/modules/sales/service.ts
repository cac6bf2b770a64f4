import { desc, eq, sql } from 'drizzle-orm';
import type { SalesSummary, SaleTransaction } from '../../../domain/contracts/sales';
import type { SaleInput } from '../../../domain/sales-schemas';
import { loavesAvailableMessage, loavesValue } from '../../../domain/sales-schemas';
import type { CurrentUser } from '../../../domain/user';
import type { Database, Transaction } from '../../db/connection';
import { breadLedger, distributors, salesTransactions } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { recordedTimes } from '../../recorded-at';
import { salesCount } from '../accounts/service';
import { type CreditOverride, checkCredit } from '../credit/service';
import { breadShelves, lockShelf, type ShelfClock } from './shelf';

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

export async function salesSummary(db: Database, clock: ShelfClock): Promise<SalesSummary> {
  const [totals] = await db
    .select({ sold: sql<string>`coalesce(sum(${breadLedger.loavesSold}), 0)::text` })
    .from(breadLedger);
  const shelves = await breadShelves(db, clock);
  return {
    totalAvailable: shelves.reduce((sum, shelf) => sum + shelf.onSale, 0),
    totalStale: shelves.reduce((sum, shelf) => sum + shelf.stale, 0),
    totalSold: Number(totals?.sold ?? 0),
    transactionCount: await salesCount(db),
  };
}

/** Shared lock: a delete or archive of this distributor waits for the sale, and sees it. */
export async function distributorTakingSales(tx: Transaction, distributorId: string) {
  const [distributor] = await tx
    .select({
      name: distributors.name,
      archived: distributors.archived,
      creditLimit: distributors.creditLimit,
    })
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
 * Records a sale inside the caller's transaction if that many loaves are on
 * sale (stale ones are not). The count and the insert happen under a lock on
 * the bread's ledger row (`lockShelf`); a refusal names `field`.
 */
export async function insertSale(
  tx: Transaction,
  input: SaleInput,
  distributorName: string,
  clock: ShelfClock,
  field = 'loavesTaken',
  creditOverride: CreditOverride | null = null,
): Promise<SaleTransaction> {
  const { available, oldestBatchId } = await lockShelf(tx, input.recipeName, clock);
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
      creditOverrideReason: creditOverride?.reason ?? null,
      creditOverrideBy: creditOverride?.userId ?? null,
      ...recordedTimes(input.recordedAt),
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return toSale(row, distributorName);
}

/** Record Sale: refused over the distributor's credit limit unless a manager gave a reason. */
export async function createSale(
  db: Database,
  input: SaleInput,
  clock: ShelfClock,
  user: CurrentUser,
): Promise<SaleTransaction> {
  return db.transaction(async (tx) => {
    const distributor = await distributorTakingSales(tx, input.distributorId);
    const override = await checkCredit(
      tx,
      {
        distributorId: input.distributorId,
        creditLimit: distributor.creditLimit,
        value: loavesValue(input.loavesTaken, input.pricePerLoaf),
        paidAtSale: input.amountPaid ?? 0,
        overrideReason: input.creditOverrideReason,
      },
      user,
    );
    return insertSale(tx, input, distributor.name, clock, 'loavesTaken', override);
  });
}
