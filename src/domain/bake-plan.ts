import { z } from 'zod';
import { hasAtMostDecimals } from './money';
import { type IngredientLine, scaledRequirement, unitsFit } from './production';
import { roundQuantity } from './quantity';

/** Until an administrator changes them (Admin Settings). */
export const DEFAULT_PLAN_MARGIN_PERCENT = 5;
export const DEFAULT_MIXER_CAPACITY_KG = 25;

/** Whole-number arithmetic: every input is an integer of thousandths or hundredths. */
const ceilDiv = (numerator: number, denominator: number) =>
  Math.floor((numerator + denominator - 1) / denominator);
const thousandths = (value: number) => Math.round(value * 1000);

export interface BreadPlanInput {
  ordered: number;
  /** Loaves added (or, below 0, taken off) by hand; the loaves never go below 0. */
  adjustment: number;
  /** null: not set on the recipe, so the bread cannot be planned. */
  loavesPerKg: number | null;
  marginPercent: number;
  mixerCapacityKg: number;
}

export interface BreadPlanFigures {
  margin: number;
  loaves: number;
  /** null when the yield is not set. */
  flourKg: number | null;
  /** Each mix's flour in kg; their sum is exactly flourKg. Null without a yield, or over the limit. */
  mixes: number[] | null;
  /** The mixes it would take, when more than MAX_MIXES_PER_BREAD. */
  overMixes?: number;
}

/**
 * A bread's mixes in one day's plan at most: 500 mixes of 25 kg is some 25,000
 * loaves. More comes from a yield or mixer capacity typed wrong (0.001), and
 * would be a plan of millions of mixes (and batches) that no bakery bakes.
 */
export const MAX_MIXES_PER_BREAD = 500;

export const tooManyMixesMessage = (recipeName: string, mixes: number, mixerCapacityKg: number) =>
  `${recipeName} would take ${mixes.toLocaleString('en-NG')} mixes of ${mixerCapacityKg} kg, more than the ${MAX_MIXES_PER_BREAD} a day's plan takes: check its loaves per kg on the recipe, the adjustment and the mixer capacity in Admin Settings`;

/**
 * Ordered + margin (the ordered loaves × margin %, rounded up to whole loaves)
 * + adjustment → flour (loaves ÷ loaves per kg, rounded up to the gram) →
 * mixes (flour ÷ mixer capacity, rounded up), the flour split evenly, the
 * first mixes taking the odd grams so the sum stays exact (docs/rules/bake-plan.md).
 */
export function planBread(input: BreadPlanInput): BreadPlanFigures {
  const margin = ceilDiv(input.ordered * Math.round(input.marginPercent * 100), 10_000);
  const loaves = Math.max(0, input.ordered + margin + input.adjustment);
  if (input.loavesPerKg === null) return { margin, loaves, flourKg: null, mixes: null };
  if (loaves === 0) return { margin, loaves, flourKg: 0, mixes: [] };
  const grams = ceilDiv(loaves * 1_000_000, thousandths(input.loavesPerKg));
  const count = ceilDiv(grams, thousandths(input.mixerCapacityKg));
  if (count > MAX_MIXES_PER_BREAD) {
    return { margin, loaves, flourKg: grams / 1000, mixes: null, overMixes: count };
  }
  const base = Math.floor(grams / count);
  const mixes = Array.from(
    { length: count },
    (_, index) => (base + (index < grams % count ? 1 : 0)) / 1000,
  );
  return { margin, loaves, flourKg: grams / 1000, mixes };
}

export interface PlanRecipe {
  baseFlourKg: number;
  ingredients: readonly IngredientLine[];
}

export interface PlanItem {
  id: string;
  unit: string;
  currentStock: number;
}

/**
 * What each mix takes of each item, as the batch of that mix will take it
 * (scaledRequirement, rounded per batch), so the plan's needs are exactly what
 * Create batches deducts. Lines whose item is gone or no longer fits the unit
 * are left out: the batch refuses them, and the screen says so.
 */
export function mixNeeds(
  recipe: PlanRecipe,
  mixFlourKg: number,
  items: ReadonlyMap<string, PlanItem>,
): { itemId: string; quantity: number }[] {
  return recipe.ingredients.flatMap((line) => {
    const item = items.get(line.itemId);
    if (!item || !unitsFit(line.unit, item.unit)) return [];
    return [
      {
        itemId: item.id,
        quantity: scaledRequirement(line, recipe.baseFlourKg, mixFlourKg, item.unit),
      },
    ];
  });
}

/** Needs summed per item, in thousandths so no float noise builds up. */
export function sumNeeds(
  needs: readonly { itemId: string; quantity: number }[],
): Map<string, number> {
  const totals = new Map<string, number>();
  for (const { itemId, quantity } of needs) {
    totals.set(itemId, (totals.get(itemId) ?? 0) + thousandths(quantity));
  }
  return new Map([...totals].map(([itemId, total]) => [itemId, total / 1000]));
}

/** Need − stock, never below 0 (stock may be negative: then all the need and more is short). */
export const shortfallOf = (need: number, stock: number) =>
  Math.max(0, roundQuantity((thousandths(need) - thousandths(stock)) / 1000));

/** What to order of a short item: items counted in units are ordered whole. */
export const orderQuantity = (shortfall: number, unit: string) =>
  unit === 'units' ? Math.ceil(shortfall) : shortfall;

const ADJUSTMENT_MESSAGE = 'Adjustment must be a whole number of loaves';

/** One bread's manual adjustment, as the plan's query or body carries it. */
export const adjustmentSchema = z
  .number({ error: ADJUSTMENT_MESSAGE })
  .int({ error: ADJUSTMENT_MESSAGE })
  .min(-100_000, { error: 'Adjustment must be at least -100000' })
  .max(100_000, { error: 'Adjustment must be at most 100000' });

/** Loaves per kg of flour, set on the recipe: above 0, 3 decimals. */
export const loavesPerKgSchema = z
  .number({ error: 'Loaves per kg must be a number' })
  .gt(0, { error: 'Loaves per kg must be greater than 0' })
  .max(1000, { error: 'Loaves per kg must be at most 1000' })
  .refine((value) => hasAtMostDecimals(value, 3), {
    error: 'Loaves per kg can have at most 3 decimal places',
  });

/** The plan's settings in Admin Settings. */
export const planMarginSchema = z
  .number({ error: 'Plan margin must be a number' })
  .min(0, { error: 'Plan margin cannot be negative' })
  .max(100, { error: 'Plan margin must be at most 100%' })
  .refine((value) => hasAtMostDecimals(value, 2), {
    error: 'Plan margin can have at most 2 decimal places',
  });
export const mixerCapacitySchema = z
  .number({ error: 'Mixer capacity must be a number' })
  .gt(0, { error: 'Mixer capacity must be greater than 0' })
  .max(10_000, { error: 'Mixer capacity must be at most 10000 kg' })
  .refine((value) => hasAtMostDecimals(value, 3), {
    error: 'Mixer capacity can have at most 3 decimal places',
  });

/** Average loaves per kg of a recipe's completed batches, 3 decimals; null without flour. */
export function averageYield(loaves: number, flourKg: number): number | null {
  if (!(flourKg > 0)) return null;
  return roundQuantity(loaves / flourKg);
}

/** Batch numbers of a plan's day: PLAN-20261126-01, -02… */
export const planBatchPrefix = (day: string) => `PLAN-${day.replaceAll('-', '')}-`;
export const planBatchNumber = (day: string, sequence: number) =>
  `${planBatchPrefix(day)}${String(sequence).padStart(2, '0')}`;
