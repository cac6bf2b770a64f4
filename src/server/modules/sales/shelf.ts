/**
 * The loaves on the shelf per bread: on sale (the newest batches' loaves, as
 * sales draw from the oldest) and stale (past the recipe's shelf life, waiting
 * to be written off), read from the bread ledger kept by triggers.
 */
import { and, asc, eq, gt, or, sql } from 'drizzle-orm';
import { type BatchHolding, placeLoavesLeft, splitStale } from '../../../domain/bread-stock';
import type { AvailableLoaves } from '../../../domain/contracts/sales';
import type { BreadShelf } from '../../../domain/contracts/waste';
import type { Database, Transaction } from '../../db/connection';
import { breadLedger, productionBatches, recipes, staleLoaves } from '../../db/schema';

/** The moment and zone that decide which loaves are stale. */
export interface ShelfClock {
  timeZone: string;
  now: Date;
}

/** Batches fetched per step of the walk back from a bread's newest batch. */
const BATCH_PAGE = 50;

const l = breadLedger;
const onSaleInLedger = sql<number>`(${l.loavesBaked} - ${l.loavesSold} - ${l.loavesGoneStale} - ${l.loavesWastedFresh})::int`;
const staleInLedger = sql<number>`(${l.loavesGoneStale} - ${l.loavesWastedStale})::int`;

/** Each bread's ledger row (those with loaves on the shelf unless one bread is named). */
function ledgerRows(db: Database | Transaction, recipeName?: string) {
  return db
    .select({
      recipeName: l.recipeName,
      loavesBaked: sql<number>`${l.loavesBaked}::int`,
      onSale: onSaleInLedger,
      stale: staleInLedger,
      // The recipe of that name in use (else the newest deleted one) gives the shelf life.
      shelfLifeDays: sql<number | null>`(select ${recipes.shelfLifeDays} from ${recipes}
        where ${recipes.name} = ${l.recipeName}
        order by ${recipes.deletedAt} is not null, ${recipes.createdAt} desc limit 1)`,
    })
    .from(l)
    .where(
      recipeName === undefined
        ? or(gt(onSaleInLedger, 0), gt(staleInLedger, 0))
        : eq(l.recipeName, recipeName),
    )
    .orderBy(asc(l.recipeName));
}
type LedgerRow = Awaited<ReturnType<typeof ledgerRows>>[number];

/** The completed batches holding a bread's `loavesLeft`, oldest first. */
async function batchesHolding(db: Database | Transaction, recipeName: string, loavesLeft: number) {
  const holdings: BatchHolding[] = [];
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

interface Shelf {
  recipeName: string;
  shelfLifeDays: number | null;
  /** On sale now: the ledger's, less the loaves gone stale since it was last written. */
  available: number;
  stale: number;
  /** The batches of the loaves on sale, oldest first (only when asked for, or needed). */
  batches: BatchHolding[];
  /** Loaves past their shelf life the ledger still counts on sale, and since when. */
  unsettled: { loaves: number; staleFrom: Date | null };
}

function shelfOf(row: LedgerRow, holdings: BatchHolding[], clock: ShelfClock): Shelf {
  const onSale = Math.max(0, row.onSale);
  const split = splitStale(holdings, row.shelfLifeDays, clock.now, clock.timeZone);
  return {
    recipeName: row.recipeName,
    shelfLifeDays: row.shelfLifeDays,
    available: onSale - split.staleLoaves,
    stale: Math.max(0, row.stale) + split.staleLoaves,
    batches: split.fresh,
    unsettled: { loaves: split.staleLoaves, staleFrom: split.staleFrom },
  };
}

/** Every bread with loaves on the shelf; the batch walk only where batches are wanted or a shelf life splits them. */
async function shelves(
  db: Database | Transaction,
  clock: ShelfClock,
  { withBatches = false, recipeName }: { withBatches?: boolean; recipeName?: string } = {},
): Promise<Shelf[]> {
  const result: Shelf[] = [];
  for (const row of await ledgerRows(db, recipeName)) {
    const walk = row.onSale > 0 && (withBatches || row.shelfLifeDays !== null);
    const holdings = walk ? await batchesHolding(db, row.recipeName, row.onSale) : [];
    result.push(shelfOf(row, holdings, clock));
  }
  return result;
}

/** Loaves on sale of each bread that has some, by batch, oldest first, with its stale count. */
export async function availableLoaves(
  db: Database | Transaction,
  clock: ShelfClock,
  recipeName?: string,
): Promise<AvailableLoaves[]> {
  const all = await shelves(db, clock, { withBatches: true, recipeName });
  return all
    .filter((shelf) => shelf.available > 0)
    .map((shelf) => ({
      recipeName: shelf.recipeName,
      totalAvailable: shelf.available,
      staleLoaves: shelf.stale,
      batches: shelf.batches,
    }));
}

/** The ledger and the batches read in one snapshot, so a batch completed in between cannot skew them. */
export function availableLoavesNow(db: Database, clock: ShelfClock): Promise<AvailableLoaves[]> {
  return db.transaction((tx) => availableLoaves(tx, clock), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

/** Each bread with loaves on the shelf: on sale and stale. */
export async function breadShelves(
  db: Database | Transaction,
  clock: ShelfClock,
): Promise<BreadShelf[]> {
  return (await shelves(db, clock)).map((shelf) => ({
    recipeName: shelf.recipeName,
    shelfLifeDays: shelf.shelfLifeDays,
    onSale: shelf.available,
    stale: shelf.stale,
  }));
}

/** Loaves on sale of each bread that has some. */
export async function loavesOnSaleByBread(
  db: Database | Transaction,
  clock: ShelfClock,
): Promise<Map<string, number>> {
  const all = await shelves(db, clock);
  return new Map(
    all.filter((shelf) => shelf.available > 0).map((shelf) => [shelf.recipeName, shelf.available]),
  );
}

/**
 * A bread's shelf under its ledger row lock, for a sale or a write-off: two
 * writes racing for the last loaves take turns. Loaves gone stale since the
 * ledger was last written are set aside first (a stale_loaves row), so the
 * loaves on sale stay the newest. Every other write of the bread waits while
 * the lock is held, so the batches are read before it is taken and only
 * reread if a batch was completed (loaves baked changed) in between.
 */
export async function lockShelf(tx: Transaction, recipeName: string, clock: ShelfClock) {
  const [seen] = await ledgerRows(tx, recipeName);
  const seenBatches =
    seen && seen.onSale > 0 ? await batchesHolding(tx, recipeName, seen.onSale) : [];
  const [locked] = await ledgerRows(tx, recipeName).for('update', { of: l });
  if (!locked) return { available: 0, stale: 0, oldestBatchId: null };
  const onSale = Math.max(0, locked.onSale);
  const stillValid = seen && seen.loavesBaked === locked.loavesBaked && onSale <= seen.onSale;
  const holdings = stillValid
    ? placeLoavesLeft(
        onSale,
        [...seenBatches].reverse().map((batch) => ({ ...batch, loaves: batch.available })),
      ).holdings
    : await batchesHolding(tx, recipeName, onSale);
  const shelf = shelfOf(locked, holdings, clock);
  const { loaves, staleFrom } = shelf.unsettled;
  if (loaves > 0 && staleFrom) {
    await tx.insert(staleLoaves).values({ recipeName, loaves, staleFrom });
  }
  return {
    available: shelf.available,
    stale: shelf.stale,
    oldestBatchId: shelf.batches[0]?.id ?? null,
  };
}
