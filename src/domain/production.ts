import { costToKobo, divideKobo, exactCost, fromKobo, type Kobo } from './money';
import { roundQuantity } from './quantity';
import { businessDateDigits } from './time';

/**
 * Every unit as a multiple of its family's base (grams, millilitres, units).
 * 1 kg = 1000 g, 1 liter = 1000 ml (docs/rules/money.md, Quantities).
 */
const UNIT_SCALE: Record<string, { family: 'mass' | 'volume' | 'count'; base: number }> = {
  kg: { family: 'mass', base: 1000 },
  g: { family: 'mass', base: 1 },
  liters: { family: 'volume', base: 1000 },
  ml: { family: 'volume', base: 1 },
  units: { family: 'count', base: 1 },
};

/** Whether a recipe line in `recipeUnit` can be taken from an item kept in `itemUnit`. */
export function unitsFit(recipeUnit: string, itemUnit: string): boolean {
  const from = UNIT_SCALE[recipeUnit];
  const to = UNIT_SCALE[itemUnit];
  return from !== undefined && to !== undefined && from.family === to.family;
}

/** A quantity in one unit expressed in another of its family, to 3 decimals. */
export function convertQuantity(quantity: number, from: string, to: string): number {
  const source = UNIT_SCALE[from];
  const target = UNIT_SCALE[to];
  if (!source || !target || source.family !== target.family) {
    throw new RangeError(`Cannot convert ${from} to ${to}`);
  }
  return roundQuantity((quantity * source.base) / target.base);
}

export const unitMismatchMessage = (itemName: string, recipeUnit: string, itemUnit: string) =>
  `${itemName} is kept in ${itemUnit}, so it cannot be measured in ${recipeUnit}`;

export interface IngredientLine {
  itemId: string;
  quantity: number;
  unit: string;
}

/**
 * What a batch of `flourKg` needs of one recipe line, in the item's own unit:
 * the line scaled by flourKg ÷ baseFlourKg, then converted (docs/screens/production.md).
 */
export function scaledRequirement(
  line: IngredientLine,
  baseFlourKg: number,
  flourKg: number,
  itemUnit: string,
): number {
  return convertQuantity((line.quantity * flourKg) / baseFlourKg, line.unit, itemUnit);
}

export const INSUFFICIENT_STOCK_WARNING =
  'Warning: Some ingredients have insufficient stock. Production will proceed and inventory may go negative.';

export interface CostedItem {
  id: string;
  name: string;
  category: string;
  unit: string;
  unitCost: number;
}

/** A flour item is an ingredient whose name contains "flour" (docs/screens/production.md). */
export const isFlourItem = (item: CostedItem) =>
  item.category === 'ingredients' && item.name.toLowerCase().includes('flour');

/**
 * The ingredient cost of a batch, in kobo: each quantity used times its item's
 * unit cost, plus the batch's flour at a flour item's cost when the recipe
 * names no flour item (docs/screens/production.md, Complete Batch). `inventory` is
 * searched, in its order, for that flour item.
 */
export function batchIngredientCost(
  used: readonly { item: CostedItem; quantity: number }[],
  flourKg: number,
  inventory: readonly CostedItem[],
): Kobo {
  const lines = used.map(({ item, quantity }) => exactCost(quantity, item.unitCost));
  if (!used.some(({ item }) => isFlourItem(item))) {
    const flour = inventory.find((item) => isFlourItem(item) && unitsFit('kg', item.unit));
    if (flour) lines.push(exactCost(convertQuantity(flourKg, 'kg', flour.unit), flour.unitCost));
  }
  // Lines are added before any rounding, so the total is the true one.
  return costToKobo(lines.reduce((total, line) => total + line, 0n));
}

/** Cost per loaf to the kobo; 0 until at least one loaf is counted. */
export function costPerLoaf(ingredientCost: Kobo, loaves: number): number {
  if (!(loaves >= 1)) return 0;
  return fromKobo(divideKobo(ingredientCost, Math.floor(loaves)));
}

/** Year, month, day and the last 3 digits of the timestamp, e.g. "BATCH-20261121-042". */
export function defaultBatchNumber(now: Date, timeZone: string): string {
  return `BATCH-${businessDateDigits(now, timeZone)}-${String(now.getTime()).slice(-3)}`;
}

/**
 * The default number, or when a batch already has it (1 in 1000 each time on a
 * busy day), the next free one of that day: the last 3 digits count on, then
 * a suffix. `taken` holds that day's numbers in lower case.
 */
export function freeBatchNumber(wanted: string, taken: ReadonlySet<string>): string {
  const prefix = wanted.slice(0, -3);
  const start = Number(wanted.slice(-3));
  for (let step = 0; step < 1000; step += 1) {
    const candidate = `${prefix}${String((start + step) % 1000).padStart(3, '0')}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${wanted}-${suffix}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

/** Whole hours from start to completion; null when the batch was never started. */
export function durationHours(startedAt: string | null, completedAt: string | null): number | null {
  if (!startedAt || !completedAt) return null;
  const ms = new Date(completedAt).getTime() - new Date(startedAt).getTime();
  return Math.max(0, Math.round(ms / 3_600_000));
}

/** This month against last, in percent to 1 decimal; null unless last month is above 0. */
export function percentChange(thisMonth: number, lastMonth: number): number | null {
  if (!(lastMonth > 0)) return null;
  return Math.round(((thisMonth - lastMonth) / lastMonth) * 1000) / 10;
}

/** Average kg per batch to 1 decimal; 0 when there are none. */
export function averageBatchKg(totalKg: number, batches: number): number {
  if (!(batches > 0)) return 0;
  return Math.round((totalKg / batches) * 10) / 10;
}
