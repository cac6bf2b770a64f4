import { type AnyColumn, and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type {
  AvailableLoaves,
  SaleInput,
  SalesSummary,
  SaleTransaction,
} from '../../../domain/sales-schemas';
import { loavesValue } from '../../../domain/sales-schemas';
import type { Database, Transaction } from '../../db/connection';
import { distributors, productionBatches, salesTransactions } from '../../db/schema';
import { conflict, notFound } from '../../errors';

/**
 * Loaves still to sell, per recipe name: completed batches' loaves minus the
 * loaves sold of that name. Sales draw from the oldest batch first, so each
 * batch's share is what is left of it after the sold loaves are taken from
 * the oldest onwards (a running sum over batches in completion order).
 */
export async function availableLoaves(
  db: Database | Transaction,
  recipeName?: string,
): Promise<AvailableLoaves[]> {
  const forRecipe = (column: AnyColumn) =>
    recipeName === undefined ? undefined : eq(column, recipeName);
  const sold = db
    .select({
      recipeName: salesTransactions.recipeName,
      loaves: sql<string>`sum(${salesTransactions.loavesTaken})`.as('sold_loaves'),
    })
    .from(salesTransactions)
    .where(forRecipe(salesTransactions.recipeName))
    .groupBy(salesTransactions.recipeName)
    .as('sold');
  const batches = db
    .select({
      id: productionBatches.id,
      batchNumber: productionBatches.batchNumber,
      recipeName: productionBatches.recipeName,
      completedAt: productionBatches.completedAt,
      loaves: productionBatches.loavesProduced,
      upTo: sql<string>`sum(${productionBatches.loavesProduced}) over (partition by ${productionBatches.recipeName} order by ${productionBatches.completedAt}, ${productionBatches.batchNumber})`.as(
        'up_to',
      ),
    })
    .from(productionBatches)
    .where(and(eq(productionBatches.status, 'completed'), forRecipe(productionBatches.recipeName)))
    .as('batches');
  const left = sql<number>`greatest(0, least(${batches.loaves}, ${batches.upTo} - coalesce(${sold.loaves}, 0)))::int`;
  const rows = await db
    .select({
      id: batches.id,
      batchNumber: batches.batchNumber,
      recipeName: batches.recipeName,
      completedAt: batches.completedAt,
      available: left,
    })
    .from(batches)
    .leftJoin(sold, eq(sold.recipeName, batches.recipeName))
    .where(gt(left, 0))
    .orderBy(asc(batches.recipeName), asc(batches.completedAt), asc(batches.batchNumber));

  const byRecipe = new Map<string, AvailableLoaves>();
  for (const row of rows) {
    const entry = byRecipe.get(row.recipeName) ?? {
      recipeName: row.recipeName,
      totalAvailable: 0,
      batches: [],
    };
    const available = Number(row.available);
    entry.totalAvailable += available;
    entry.batches.push({
      id: row.id,
      batchNumber: row.batchNumber,
      completedAt: (row.completedAt as Date).toISOString(),
      available,
    });
    byRecipe.set(row.recipeName, entry);
  }
  return [...byRecipe.values()];
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

export async function salesSummary(db: Database): Promise<SalesSummary> {
  const [totals] = await db
    .select({
      sold: sql<string>`coalesce(sum(${salesTransactions.loavesTaken}), 0)::text`,
      count: sql<number>`count(*)::int`,
    })
    .from(salesTransactions);
  const available = await availableLoaves(db);
  return {
    totalAvailable: available.reduce((total, entry) => total + entry.totalAvailable, 0),
    totalSold: Number(totals?.sold ?? 0),
    transactionCount: Number(totals?.count ?? 0),
  };
}

/**
 * Records a sale if that many loaves are available. The count and the insert
 * happen under a lock on the recipe name, so two sales racing for the last
 * loaves cannot both take them.
 */
export async function createSale(db: Database, input: SaleInput): Promise<SaleTransaction> {
  const sale = await db.transaction(async (tx) => {
    // Shared lock: a delete or archive of this distributor waits for the sale, and sees it.
    const [distributor] = await tx
      .select({ name: distributors.name, archived: distributors.archived })
      .from(distributors)
      .where(eq(distributors.id, input.distributorId))
      .for('share');
    if (!distributor) throw notFound('Distributor');
    if (distributor.archived) {
      throw conflict(`${distributor.name} is archived and takes no new sales; unarchive first`);
    }
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`bakery:loaves:${input.recipeName}`}))`,
    );
    const [stock] = await availableLoaves(tx, input.recipeName);
    const available = stock?.totalAvailable ?? 0;
    if (input.loavesTaken > available) {
      const message =
        available === 0
          ? `No loaves of ${input.recipeName} are available`
          : available === 1
            ? `Only 1 loaf of ${input.recipeName} is available`
            : `Only ${available} loaves of ${input.recipeName} are available`;
      throw conflict(message, [{ path: 'loavesTaken', message }]);
    }
    const [row] = await tx
      .insert(salesTransactions)
      .values({
        distributorId: input.distributorId,
        recipeName: input.recipeName,
        productionBatchId: stock?.batches[0]?.id ?? null,
        loavesTaken: input.loavesTaken,
        pricePerLoaf: input.pricePerLoaf,
        amountPaid: input.amountPaid ?? 0,
        notes: input.notes ?? null,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return toSale(row, distributor.name);
  });
  return sale;
}
