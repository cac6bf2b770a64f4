import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/connection';
import { rowsOf } from '../../src/server/db/raw-results';
import {
  breadReturns,
  distributorPayments,
  idempotentWrites,
  productionBatches,
  salesTransactions,
} from '../../src/server/db/schema';

/** Marks what the benchmark writes, so the data set can be put back as it was seeded. */
export const BENCH_NOTE = 'benchmark';
const BENCH_BATCH = 'BENCH-LOAVES';

/**
 * Takes out what an earlier bench run sold, was paid, took back and baked,
 * and the Idempotency-Keys its outbox sent them with (each key's answer names
 * its record).
 */
export async function removeBenchWrites(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(idempotentWrites).where(
      sql`(${idempotentWrites.answer}::jsonb ->> 'id') in (
        select ${salesTransactions.id}::text from ${salesTransactions} where ${salesTransactions.notes} = ${BENCH_NOTE}
        union all select ${distributorPayments.id}::text from ${distributorPayments} where ${distributorPayments.description} = ${BENCH_NOTE}
        union all select ${breadReturns.id}::text from ${breadReturns} where ${breadReturns.notes} = ${BENCH_NOTE})`,
    );
    await tx.delete(breadReturns).where(eq(breadReturns.notes, BENCH_NOTE));
    await tx.delete(distributorPayments).where(eq(distributorPayments.description, BENCH_NOTE));
    await tx.delete(salesTransactions).where(eq(salesTransactions.notes, BENCH_NOTE));
    await tx.delete(productionBatches).where(eq(productionBatches.batchNumber, BENCH_BATCH));
  });
  await vacuumWhatTheBenchWrote(db);
}

/**
 * Each run's writes, then their deletion, leave dead rows and index entries
 * in the tables they touched (PGlite never vacuums; PostgreSQL's autovacuum
 * may not have come by): the bench distributor's month of statement lines
 * read 1,304 index pages for 272 rows after a few runs. Cleared, so every run
 * reads the data set as it was seeded.
 */
async function vacuumWhatTheBenchWrote(db: Database) {
  const rollups = await rowsOf<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables
      where schemaname = 'public' and (tablename like 'rollup\_%' or tablename = 'bread_ledger')`,
  );
  const tables = [
    'idempotent_writes',
    'sales_transactions',
    'distributor_payments',
    'bread_returns',
    'production_batches',
    ...rollups.map((row) => row.name),
  ];
  await db.execute(sql.raw(`vacuum (analyze) ${tables.map((name) => `"${name}"`).join(', ')}`));
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
