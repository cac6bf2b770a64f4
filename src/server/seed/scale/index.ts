/**
 * A five-year (or `scaleOf(years)`) data set of the demo bakery's shape, for the benchmark: the
 * catalogue's items, recipes and areas, then batches, stock movements,
 * purchase orders, sales, payments and returns generated in the database in
 * bulk (INSERT … SELECT over generate_series), never row by row.
 *
 * The totals keep the app's invariants: every item's stock is the sum of its
 * movements, batch deductions follow the recipe scaled by the batch's flour,
 * no bread sells more loaves than were baked of it, and a return never
 * exceeds the sale it comes from. Sales are spread evenly over the years, so
 * availability holds in total rather than at every instant.
 */
import { inArray, sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/password';
import type { Database, Transaction } from '../../db/connection';
import {
  breadReturns,
  distributorPayments,
  distributors,
  inventoryItems,
  productionBatches,
  purchaseOrders,
  recipes,
  salesTransactions,
  stockMovements,
  users,
} from '../../db/schema';
import { DEMO_PASSWORD, DEMO_USERS } from '../catalog';
import {
  demoUsernames,
  emptyBusinessTables,
  existingBusinessData,
  FORCE_FLAG,
  SeedRefusedError,
} from '../existing-data';
import { insertBatches } from './baking';
import { insertOrders } from './buying';
import { insertCatalogue } from './catalogue';
import { insertSalesAndMoney } from './selling';
import { FULL_SCALE, type ScaleSize } from './size';

export { FULL_SCALE, type ScaleSize, scaleOf } from './size';

export type ScaleCounts = Record<keyof typeof COUNTED, number>;

const COUNTED = {
  inventoryItems,
  recipes,
  distributors,
  productionBatches,
  stockMovements,
  purchaseOrders,
  salesTransactions,
  distributorPayments,
  breadReturns,
};

async function countRows(tx: Transaction): Promise<ScaleCounts> {
  // One after another: a transaction is one connection, which runs one query at a time.
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(COUNTED)) counts[name] = await tx.$count(table);
  return counts as ScaleCounts;
}

/**
 * Fills an empty database with `size` worth of history ending at `now`, in
 * one transaction; refuses one holding bakery data unless `force` empties it.
 */
export async function seedScale(
  db: Database,
  {
    size = FULL_SCALE,
    now = new Date(),
    force = false,
  }: { size?: ScaleSize; now?: Date; force?: boolean } = {},
): Promise<ScaleCounts> {
  const start = new Date(now.getTime() - size.years * 365.25 * 86_400_000);
  const admin = DEMO_USERS.find((user) => user.isAdmin);
  if (!admin) throw new Error('the catalogue has no demo admin');
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const existing = await existingBusinessData(tx);
    if (existing.length > 0 && !force) {
      throw new SeedRefusedError(
        `This database already holds bakery data (${existing.join(', ')}); nothing was generated. ` +
          `Run with ${FORCE_FLAG} to delete it first.`,
      );
    }
    if (force) await emptyBusinessTables(tx);
    await tx.delete(users).where(inArray(sql`lower(${users.username})`, demoUsernames));
    await tx.execute(sql`select setseed(0.2026)`);
    await tx.insert(users).values({
      username: admin.username,
      email: admin.email,
      firstName: admin.firstName,
      lastName: admin.lastName,
      passwordHash,
      isAdmin: true,
    });
    await insertCatalogue(tx, size, start);
    await insertBatches(tx, size, start, now);
    await insertOrders(tx, start, now);
    await insertSalesAndMoney(tx, size, start, now);
    return countRows(tx);
  });
}
