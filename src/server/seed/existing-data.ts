/**
 * Both seeds fill an empty bakery only: they refuse a database that holds
 * business data, unless told with --force to empty it first.
 */
import { count, notInArray, sql } from 'drizzle-orm';
import type { Transaction } from '../db/connection';
import {
  breadPrices,
  breadReturns,
  breadWaste,
  dispatchLines,
  distributorPayments,
  distributorReminders,
  distributors,
  inventoryItems,
  orderChanges,
  orderPauses,
  pendingTransfers,
  productionBatches,
  purchaseOrders,
  recipes,
  salesTransactions,
  sessions,
  settlementReturns,
  settlements,
  staleLoaves,
  standingOrders,
  statementLinks,
  stockMovements,
  userRoles,
  users,
} from '../db/schema';
import { DEMO_USERS } from './catalog';

export const FORCE_FLAG = '--force';

/** The database already holds a bakery: the seed refuses rather than mixing its data in. */
export class SeedRefusedError extends Error {
  override name = 'SeedRefusedError';
}

const BUSINESS_TABLES = [
  ['inventory items', inventoryItems],
  ['recipes', recipes],
  ['production batches', productionBatches],
  ['distributors', distributors],
  ['sales', salesTransactions],
  ['payments', distributorPayments],
  ['returns', breadReturns],
  ['purchase orders', purchaseOrders],
] as const;

export const demoUsernames = DEMO_USERS.map((user) => user.username.toLowerCase());

/** What the database already holds that the demo would overwrite, in words; empty when nothing. */
export async function existingBusinessData(tx: Transaction): Promise<string[]> {
  const found: string[] = [];
  for (const [label, table] of BUSINESS_TABLES) {
    const [row] = await tx.select({ n: count() }).from(table);
    const n = Number(row?.n ?? 0);
    if (n > 0) found.push(`${n} ${label}`);
  }
  const [others] = await tx
    .select({ n: count() })
    .from(users)
    .where(notInArray(sql`lower(${users.username})`, demoUsernames));
  const n = Number(others?.n ?? 0);
  if (n > 0) found.push(`${n} user${n === 1 ? '' : 's'} other than the demo accounts`);
  return found;
}

/** Empties every business table; roles, permissions and app settings stay. */
export async function emptyBusinessTables(tx: Transaction) {
  // One TRUNCATE: deleting row by row checks each batch against every sale
  // (production_batch_id has no index) and takes minutes at five-year scale.
  // RESTART IDENTITY: the new bakery's receipts start again at RCT-000001.
  await tx.execute(
    sql`truncate table ${sql.join(
      [
        breadWaste,
        staleLoaves,
        settlementReturns,
        settlements,
        pendingTransfers,
        distributorReminders,
        statementLinks,
        dispatchLines,
        breadPrices,
        standingOrders,
        orderPauses,
        orderChanges,
        breadReturns,
        distributorPayments,
        salesTransactions,
        stockMovements,
        productionBatches,
        recipes,
        purchaseOrders,
        inventoryItems,
        distributors,
      ],
      sql`, `,
    )} restart identity`,
  );
  await tx.delete(sessions);
  await tx.delete(userRoles);
  await tx.delete(users);
}
