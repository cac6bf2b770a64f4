/**
 * What written-off loaves cost, as the waste service prices them at the
 * moment of the write-off: the bread's newest completed batch's ingredients
 * (what it took from stock) at the items' unit costs then, through the
 * domain's batchIngredientCost and costPerLoaf, over that batch's loaves.
 */
import { type Kobo, toKobo } from '../../../domain/money';
import {
  batchIngredientCost,
  type CostedItem,
  costPerLoaf,
  isFlourItem,
} from '../../../domain/production';
import { RECIPE_LIST } from './baking';
import { type CostedWriteOff, fromMilli, nth, type WriteOff } from './records';
import { completedBatches } from './shelf';
import type { Plan } from './simulate';
import { ITEMS, type ItemState } from './stock';

/** An item's unit cost at a moment: from its last receipt before it. */
function unitCostAt(state: ItemState, at: Date) {
  let cost = nth(state.costs, 0).unitCost;
  for (const entry of state.costs) {
    if (entry.from > at) break;
    cost = entry.unitCost;
  }
  return cost;
}

/** The write-offs priced from the bakery's batches, their stock movements and its items' unit costs. */
export function costWriteOffs(
  bakery: Pick<Plan, 'batches' | 'movements' | 'items' | 'itemIds'>,
  writeOffs: readonly WriteOff[],
): CostedWriteOff[] {
  const { batches, items } = bakery;
  const used = new Map<string, { item: number; quantity: number }[]>();
  for (const m of bakery.movements) {
    if (m.reason !== 'production' || m.reference?.type !== 'production_batch') continue;
    const lines = used.get(m.reference.id) ?? [];
    lines.push({ item: m.item, quantity: fromMilli(-m.milli) });
    used.set(m.reference.id, lines);
  }
  // Every demo batch completed makes at least one loaf, as the service's batch must.
  const completed = RECIPE_LIST.map((_, r) => completedBatches(batches, r));
  const costed = (item: number, at: Date): CostedItem => ({
    ...nth(ITEMS, item),
    id: nth(bakery.itemIds, item),
    unitCost: unitCostAt(nth(items, item), at),
  });
  // The flour items by name, which the cost falls back on when a recipe names none.
  const flourItems = ITEMS.map((_, i) => i)
    .filter((i) => isFlourItem(costed(i, new Date(0))))
    .sort((a, b) => nth(ITEMS, a).name.localeCompare(nth(ITEMS, b).name));

  return writeOffs.map((writeOff) => {
    const batch = nth(completed, writeOff.recipe).findLast(
      (b) => (b.completedAt as Date) <= writeOff.at,
    );
    let perLoaf: Kobo = toKobo(0);
    if (batch) {
      const ingredientCost = batchIngredientCost(
        (used.get(batch.id) ?? []).map((line) => ({
          item: costed(line.item, writeOff.at),
          quantity: line.quantity,
        })),
        batch.flourKg,
        flourItems.map((i) => costed(i, writeOff.at)),
      );
      perLoaf = toKobo(costPerLoaf(ingredientCost, batch.loavesProduced ?? 0));
    }
    return { ...writeOff, batchId: batch?.id ?? null, costPerLoaf: perLoaf };
  });
}
