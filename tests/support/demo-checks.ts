/** Checks of the demo bakery's records against each other (tests/api/seed-demo.test.ts). */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { scaledRequirement } from '../../src/domain/production';
import type { Database } from '../../src/server/db/connection';
import {
  breadReturns,
  inventoryItems,
  productionBatches,
  purchaseOrders,
  type recipes,
  salesTransactions,
  stockMovements,
} from '../../src/server/db/schema';

/** Row counts and money totals, summed by the database: what a second seed must reproduce. */
export async function fingerprint(db: Database) {
  const result = await db.execute(sql`select
    (select count(*) from ${inventoryItems})::int as items,
    (select coalesce(sum(${inventoryItems.currentStock} * ${inventoryItems.unitCost}), 0)::text from ${inventoryItems}) as stock_value,
    (select count(*) from ${stockMovements})::int as movements,
    (select count(*) from ${purchaseOrders})::int as orders,
    (select coalesce(sum(${purchaseOrders.totalAmount}), 0)::text from ${purchaseOrders}) as ordered,
    (select count(*) from ${productionBatches})::int as batches,
    (select coalesce(sum(${productionBatches.loavesProduced}), 0)::int from ${productionBatches}) as loaves,
    (select count(*) from ${salesTransactions})::int as sales,
    (select coalesce(sum(${salesTransactions.loavesTaken} * ${salesTransactions.pricePerLoaf}), 0)::text from ${salesTransactions}) as sales_value,
    (select coalesce(sum(${salesTransactions.amountPaid}), 0)::text from ${salesTransactions}) as paid_at_sale,
    (select coalesce(sum(amount), 0)::text from distributor_payments) as payments,
    (select coalesce(sum(${breadReturns.loavesReturned}), 0)::int from ${breadReturns}) as returned,
    (select coalesce(sum(loaves), 0)::int from stale_loaves) as gone_stale,
    (select coalesce(sum(cost), 0)::text from bread_waste) as waste_cost`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
}

export type Batch = typeof productionBatches.$inferSelect;
export type Sale = typeof salesTransactions.$inferSelect;
type Taken = Map<string, { production: number; cancelled: number }>;

/** Every item's stock is what its movements add up to, and never went below zero on the way. */
export async function expectStockEqualToMovements(db: Database) {
  const stock = await db.execute(sql`select i.id, i.current_stock::text as stock,
      coalesce((select sum(m.quantity_change) from ${stockMovements} m where m.item_id = i.id), 0)::text as moved,
      (select min(run) from (select sum(m.quantity_change) over (order by m.created_at, m.id) as run
         from ${stockMovements} m where m.item_id = i.id) r)::text as lowest
    from ${inventoryItems} i`);
  const rows = (stock as unknown as { rows: { stock: string; moved: string; lowest: string }[] })
    .rows;
  expect(rows).toHaveLength(20);
  for (const row of rows) {
    expect(Number(row.stock)).toBe(Number(row.moved));
    expect(Number(row.lowest)).toBeGreaterThanOrEqual(0); // the demo bakery never runs out mid-day
  }
}

/** What each batch took for production and gave back on cancelling, per item. */
export function takenByBatch(
  movements: (typeof stockMovements.$inferSelect)[],
): Map<string, Taken> {
  const byBatch = new Map<string, Taken>();
  for (const m of movements) {
    if (m.referenceType !== 'production_batch' || !m.referenceId) continue;
    expect(['production', 'production_cancelled']).toContain(m.reason);
    const perItem = byBatch.get(m.referenceId) ?? new Map();
    const entry = perItem.get(m.itemId) ?? { production: 0, cancelled: 0 };
    if (m.reason === 'production') entry.production += m.quantityChange;
    else entry.cancelled += m.quantityChange;
    perItem.set(m.itemId, entry);
    byBatch.set(m.referenceId, perItem);
  }
  return byBatch;
}

/** The batch took its recipe scaled by its flour, and gave it all back when cancelled. */
export function expectBatchTookItsRecipe(
  batch: Batch,
  recipe: typeof recipes.$inferSelect,
  taken: Taken | undefined,
  items: Map<string, typeof inventoryItems.$inferSelect>,
) {
  expect(taken?.size).toBe(recipe.ingredients.length);
  for (const line of recipe.ingredients) {
    const item = items.get(line.itemId);
    if (!item) throw new Error('recipe item missing');
    const entry = taken?.get(line.itemId);
    const needed = scaledRequirement(line, recipe.baseFlourKg, batch.flourKg, item.unit);
    expect(entry?.production).toBe(-needed);
    expect(entry?.cancelled).toBe(batch.status === 'cancelled' ? needed : 0);
  }
}

/** Walks the sales in time order beside the completed batches; answers the loaves sold per bread. */
export function expectEverySaleBaked(completed: Batch[], sales: Sale[]): Map<string, number> {
  const made = new Map<string, number>();
  const sold = new Map<string, number>();
  let next = 0;
  for (const sale of sales) {
    for (let batch = completed[next]; batch?.completedAt && batch.completedAt <= sale.createdAt; ) {
      made.set(batch.recipeName, (made.get(batch.recipeName) ?? 0) + (batch.loavesProduced ?? 0));
      batch = completed[++next];
    }
    const total = (sold.get(sale.recipeName) ?? 0) + sale.loavesTaken;
    sold.set(sale.recipeName, total);
    expect(total, `sale ${sale.id}`).toBeLessThanOrEqual(made.get(sale.recipeName) ?? 0);
  }
  return sold;
}

/** No distributor returns more of a bread than it had bought by then. */
export function expectEveryReturnBought(
  sales: Sale[],
  returns: (typeof breadReturns.$inferSelect)[],
) {
  const bought = new Map<string, number>();
  const back = new Map<string, number>();
  let s = 0;
  for (const ret of returns) {
    for (let sale = sales[s]; sale && sale.createdAt <= ret.createdAt; sale = sales[++s]) {
      const key = `${sale.distributorId}/${sale.recipeName}`;
      bought.set(key, (bought.get(key) ?? 0) + sale.loavesTaken);
    }
    const key = `${ret.distributorId}/${ret.recipeName}`;
    back.set(key, (back.get(key) ?? 0) + ret.loavesReturned);
    expect(back.get(key), `return ${ret.id}`).toBeLessThanOrEqual(bought.get(key) ?? 0);
  }
}
