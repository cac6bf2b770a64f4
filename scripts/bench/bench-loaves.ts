import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/connection';
import {
  breadReturns,
  distributorPayments,
  productionBatches,
  salesTransactions,
} from '../../src/server/db/schema';

/** Marks what the benchmark writes, so the data set can be put back as it was seeded. */
export const BENCH_NOTE = 'benchmark';
const BENCH_BATCH = 'BENCH-LOAVES';

/** Takes out what an earlier bench run sold, was paid, took back and baked. */
export async function removeBenchWrites(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(breadReturns).where(eq(breadReturns.notes, BENCH_NOTE));
    await tx.delete(distributorPayments).where(eq(distributorPayments.description, BENCH_NOTE));
    await tx.delete(salesTransactions).where(eq(salesTransactions.notes, BENCH_NOTE));
    await tx.delete(productionBatches).where(eq(productionBatches.batchNumber, BENCH_BATCH));
  });
}

/**
 * A completed batch big enough that the sale load never runs out of loaves:
 * the seeded bakery keeps only its last day and a half of baking.
 */
export async function bakeBenchLoaves(db: Database): Promise<void> {
  await removeBenchWrites(db);
  const [bread] = await db
    .select({ recipeName: productionBatches.recipeName })
    .from(productionBatches)
    .where(eq(productionBatches.status, 'completed'))
    .limit(1);
  if (!bread) throw new Error('the data set has no completed batch');
  await db.insert(productionBatches).values({
    batchNumber: BENCH_BATCH,
    recipeName: bread.recipeName,
    flourKg: 10_000,
    status: 'completed',
    startedAt: sql`now() - interval '2 hours'`,
    completedAt: sql`now()`,
    loavesProduced: 1_000_000,
  });
}
