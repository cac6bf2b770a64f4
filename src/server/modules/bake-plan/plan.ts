/** Reading a day's bake plan: the order book, the recipes' yields, the settings and stock. */
import { and, asc, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  mixNeeds,
  planBatchPrefix,
  planBread,
  shortfallOf,
  sumNeeds,
  tooManyMixesMessage,
} from '../../../domain/bake-plan';
import type { BakePlan, PlanBread } from '../../../domain/contracts/bake-plan';
import type { Database, Transaction } from '../../db/connection';
import { readTogether } from '../../db/reads-together';
import { inventoryItems, productionBatches, recipes } from '../../db/schema';
import { badRequest } from '../../errors';
import { readSettings } from '../admin/settings';
import { bookLines } from '../orders/book';
import { completedYields } from '../recipes/service';

export type Adjustments = Record<string, number>;

/**
 * A batch Create batches made for the day, by its number's prefix (PLAN-,
 * digits and -: no LIKE wildcards), served by production_batches_number_prefix_idx.
 */
export const isPlanBatchOf = (day: string) =>
  sql`lower(${productionBatches.batchNumber}) like ${`${planBatchPrefix(day).toLowerCase()}%`}`;

/** Batches of each recipe already made for the day by Create batches, not cancelled. */
async function plannedBatches(db: Database | Transaction, day: string) {
  const rows = await db
    .select({ recipeId: productionBatches.recipeId, batches: sql<string>`count(*)::text` })
    .from(productionBatches)
    .where(and(isPlanBatchOf(day), ne(productionBatches.status, 'cancelled')))
    .groupBy(productionBatches.recipeId);
  return new Map(rows.map((row) => [row.recipeId, Number(row.batches)]));
}

async function recipeItems(db: Database | Transaction, ids: string[]) {
  const rows = ids.length
    ? await db
        .select({
          id: inventoryItems.id,
          name: inventoryItems.name,
          unit: inventoryItems.unit,
          currentStock: inventoryItems.currentStock,
          supplier: inventoryItems.supplier,
          unitCost: inventoryItems.unitCost,
        })
        .from(inventoryItems)
        .where(inArray(inventoryItems.id, ids))
        .orderBy(asc(inventoryItems.name))
    : [];
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The plan of `day`: every bread offered with its loaves ordered, margin,
 * adjustment, flour and mixes (docs/rules/bake-plan.md), and what the mixes
 * need of each item against its stock. An adjustment for a bread not offered
 * is refused with 400 on its key.
 */
export async function readPlan(
  db: Database | Transaction,
  day: string,
  adjustments: Adjustments = {},
): Promise<BakePlan & { items: Awaited<ReturnType<typeof recipeItems>> }> {
  const [settings, book, rows, planned] = await readTogether(db, [
    () => readSettings(db),
    () => bookLines(db, day),
    () => db.select().from(recipes).where(isNull(recipes.deletedAt)).orderBy(asc(recipes.name)),
    () => plannedBatches(db, day),
  ]);
  const unknown = Object.keys(adjustments).filter((name) => !book.breads.includes(name));
  if (unknown.length > 0) {
    const errors = unknown.map((name) => ({
      path: `adjustments.${name}`,
      message: `${name} is not a bread on offer`,
    }));
    throw badRequest(errors[0]?.message ?? '', errors);
  }
  const [yields, items] = await readTogether(db, [
    () => completedYields(db, rows),
    () =>
      recipeItems(db, [
        ...new Set(rows.flatMap((row) => row.ingredients.map((line) => line.itemId))),
      ]),
  ]);
  const breads: PlanBread[] = rows.map((recipe) => {
    const ordered = book.totals.get(recipe.name) ?? 0;
    const adjustment = adjustments[recipe.name] ?? 0;
    const figures = planBread({
      ordered,
      adjustment,
      loavesPerKg: recipe.loavesPerKg,
      marginPercent: settings.planMarginPercent,
      mixerCapacityKg: settings.mixerCapacityKg,
    });
    if (figures.overMixes !== undefined) {
      throw badRequest(
        tooManyMixesMessage(recipe.name, figures.overMixes, settings.mixerCapacityKg),
      );
    }
    return {
      recipeId: recipe.id,
      recipeName: recipe.name,
      ordered,
      adjustment,
      margin: figures.margin,
      loaves: figures.loaves,
      loavesPerKg: recipe.loavesPerKg,
      averageLoavesPerKg: yields.get(recipe.id) ?? null,
      flourKg: figures.flourKg,
      mixes:
        figures.mixes?.map((flourKg) => ({
          flourKg,
          ingredients: mixNeeds(recipe, flourKg, items).map((need) => {
            const item = items.get(need.itemId);
            return {
              ...need,
              itemName: item?.name ?? '',
              unit: item?.unit ?? '',
            };
          }),
        })) ?? null,
      plannedBatches: planned.get(recipe.id) ?? 0,
    };
  });
  const totals = sumNeeds(
    breads.flatMap((bread) => (bread.mixes ?? []).flatMap((mix) => mix.ingredients)),
  );
  const needs = [...items.values()].flatMap((item) => {
    const need = totals.get(item.id);
    if (need === undefined) return [];
    return [
      {
        itemId: item.id,
        itemName: item.name,
        unit: item.unit,
        supplier: item.supplier,
        need,
        stock: item.currentStock,
        shortfall: shortfallOf(need, item.currentStock),
      },
    ];
  });
  return {
    day,
    marginPercent: settings.planMarginPercent,
    mixerCapacityKg: settings.mixerCapacityKg,
    breads,
    needs,
    items,
  };
}
