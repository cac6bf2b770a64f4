/**
 * `npm run seed:demo`: a realistic bakery for the last DEMO_DAYS days, so a newcomer
 * sees every screen filled.
 *
 * The bakery's life is simulated in memory first (simulate.ts), then written
 * in bulk inside one transaction: all of it or nothing. The simulation keeps
 * every invariant the app relies on:
 *   - an item's stock is the sum of its stock movements (opening stock,
 *     receipts referencing their order, production and cancellations
 *     referencing their batch, weekly stock counts of consumables);
 *   - a batch takes its recipe scaled by its flour, through the same domain
 *     function the production service uses (scaledRequirement);
 *   - a sale never takes more loaves of a bread than completed batches had
 *     made by that moment, never stale ones, and draws from the oldest batch
 *     first; loaves past their shelf life are set aside when a sale or
 *     write-off of the bread first meets them, as the app does;
 *   - a return never exceeds what the distributor bought of that bread;
 *   - money is counted in whole kobo.
 */
import { inArray, sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/password';
import type { Database, Transaction } from '../../db/connection';
import { lockFor } from '../../db/locks';
import {
  breadPrices,
  breadReturns,
  breadWaste,
  distributorPayments,
  distributorReminders,
  distributors,
  inventoryItems,
  orderChanges,
  orderPauses,
  productionBatches,
  purchaseOrders,
  recipes,
  salesTransactions,
  staleLoaves,
  standingOrders,
  stockMovements,
  users,
} from '../../db/schema';
import { saveSettings } from '../../modules/admin/settings';
import { BAKERY_TIME_ZONE, DEMO_PASSWORD } from '../catalog';
import {
  demoUsernames,
  emptyBusinessTables,
  existingBusinessData,
  FORCE_FLAG,
  SeedRefusedError,
} from '../existing-data';
import { distributorRows, paymentRows, returnRows } from './accounts';
import { batchRows, recipeRows } from './baking';
import { reminderRows } from './credit';
import { orderRows } from './orders';
import { priceRows, saleRows } from './selling';
import { type Plan, simulate } from './simulate';
import { changeRows, pauseRows, standingOrderRows } from './standing';
import { itemRows, movementRows } from './stock';
import { type SeedDemoSummary, summarise } from './summary';
import { insertUsers } from './users';
import { staleRows, wasteRows } from './waste';

export { DEMO_DAYS } from './calendar';
export type { SeedDemoSummary } from './summary';

/** The demo bakery's letterhead, at the head of its printed statements. */
export const DEMO_LETTERHEAD = {
  bakeryName: 'Golden Crust Bakery Ltd',
  bakeryAddress: '14 Oba Akran Avenue, Ikeja, Lagos',
  bakeryPhone: '+234 803 555 0142',
};

export interface SeedDemoOptions {
  /** The moment the demo ends at; default now. Nothing is dated after it. */
  now?: Date;
  /** Empty the business tables first (roles, permissions and settings are kept). */
  force?: boolean;
  /** The business time zone; default Africa/Lagos. */
  timeZone?: string;
  /** A precomputed hash of DEMO_PASSWORD (tests seed several times; hashing takes a while). */
  passwordHash?: string;
}

/** Inserts rows a chunk at a time, keeping each statement's parameters within bounds. */
async function inChunks<T>(
  rows: readonly T[],
  size: number,
  insert: (chunk: T[]) => Promise<unknown>,
) {
  for (let start = 0; start < rows.length; start += size) {
    await insert(rows.slice(start, start + size));
  }
}

/** Refuses a database holding bakery data unless told to empty it; clears earlier demo accounts. */
async function makeRoom(tx: Transaction, force: boolean) {
  const existing = await existingBusinessData(tx);
  if (existing.length > 0 && !force) {
    throw new SeedRefusedError(
      `This database already holds bakery data (${existing.join(', ')}), so the demo was not loaded.\n` +
        'To delete all of it (users, stock, orders, recipes, production, sales and distributors; ' +
        'roles and permissions are kept) and load the demo bakery instead, run:\n' +
        `  npm run seed:demo -- ${FORCE_FLAG}`,
    );
  }
  if (force) await emptyBusinessTables(tx);
  // Demo accounts left by an earlier demo (nothing else is there): replace them.
  await tx.delete(users).where(inArray(sql`lower(${users.username})`, demoUsernames));
}

async function write(tx: Transaction, plan: Plan, passwordHash: string) {
  await insertUsers(tx, plan, passwordHash);
  // Its transfers were credited when recorded: no confirmation was asked for.
  const settings = await saveSettings(tx, { ...DEMO_LETTERHEAD, confirmTransfers: false });
  await tx.insert(inventoryItems).values(itemRows(plan));
  await tx.insert(recipes).values(recipeRows(plan));
  await tx.insert(distributors).values(distributorRows(plan));
  await inChunks(orderRows(plan), 200, (chunk) => tx.insert(purchaseOrders).values(chunk));
  await inChunks(batchRows(plan), 500, (chunk) => tx.insert(productionBatches).values(chunk));
  await inChunks(movementRows(plan), 1000, (chunk) => tx.insert(stockMovements).values(chunk));
  await inChunks(saleRows(plan), 1000, (chunk) => tx.insert(salesTransactions).values(chunk));
  await inChunks(paymentRows(plan), 1000, (chunk) => tx.insert(distributorPayments).values(chunk));
  await inChunks(returnRows(plan), 1000, (chunk) => tx.insert(breadReturns).values(chunk));
  await inChunks(staleRows(plan), 1000, (chunk) => tx.insert(staleLoaves).values(chunk));
  await inChunks(wasteRows(plan), 1000, (chunk) => tx.insert(breadWaste).values(chunk));
  await tx.insert(breadPrices).values(priceRows(plan));
  await tx.insert(standingOrders).values(standingOrderRows(plan));
  await tx.insert(orderPauses).values(pauseRows(plan));
  await tx.insert(orderChanges).values(changeRows(plan));
  await tx.insert(distributorReminders).values(reminderRows(plan, settings));
}

/**
 * Fills an empty bakery with DEMO_DAYS days of demo data ending at `now`, in one
 * transaction. Refuses (SeedRefusedError) when business data exists, unless
 * `force` empties it first.
 */
export async function seedDemo(
  db: Database,
  options: SeedDemoOptions = {},
): Promise<SeedDemoSummary> {
  const plan = simulate(options.now ?? new Date(), options.timeZone ?? BAKERY_TIME_ZONE);
  const passwordHash = options.passwordHash ?? (await hashPassword(DEMO_PASSWORD));
  await db.transaction(async (tx) => {
    // Two seeds at once take turns; the second then finds the first one's data.
    await lockFor(tx, 'bakery:seed-demo');
    await makeRoom(tx, options.force ?? false);
    await write(tx, plan, passwordHash);
  });
  return summarise(plan);
}
