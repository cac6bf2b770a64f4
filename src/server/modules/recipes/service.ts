import { and, asc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { averageYield } from '../../../domain/bake-plan';
import type { Recipe } from '../../../domain/contracts/recipes';
import type { FieldError } from '../../../domain/errors';
import { unitMismatchMessage, unitsFit } from '../../../domain/production';
import type { RecipeInput, RecipeUnit, RecipeUpdateInput } from '../../../domain/recipe-schemas';
import type { Database, Transaction } from '../../db/connection';
import { lockFor } from '../../db/locks';
import {
  inventoryItems,
  recipes,
  rollupBreadProductionDays,
  rollupBreadProductionMonths,
} from '../../db/schema';
import { AppError, badRequest, notFound } from '../../errors';

type RecipeRow = typeof recipes.$inferSelect;
type Line = RecipeRow['ingredients'][number];

const NAME_TAKEN = 'A recipe with this name already exists';

/**
 * Each recipe's loaves per kg over its completed batches, for the yield set
 * beside it, from the production roll-ups (by month started, and the row of
 * batches never started): a few rows per month whatever the number of
 * batches. Batches keep the recipe name they were made under, so a renamed
 * recipe's average starts again, as its sales and its loaves on sale do.
 */
export async function completedYields(
  db: Database | Transaction,
  recipesOf: readonly { id: string; name: string }[],
) {
  if (recipesOf.length === 0) return new Map<string, number | null>();
  const names = recipesOf.map((recipe) => recipe.name);
  const months = rollupBreadProductionMonths;
  const days = rollupBreadProductionDays;
  const parts = unionAll(
    db
      .select({ recipeName: months.recipeName, loaves: months.loaves, flourKg: months.flourKg })
      .from(months)
      .where(and(eq(months.status, 'completed'), inArray(months.recipeName, names))),
    db
      .select({ recipeName: days.recipeName, loaves: days.loaves, flourKg: days.flourKg })
      .from(days)
      .where(and(isNull(days.day), eq(days.status, 'completed'), inArray(days.recipeName, names))),
  ).as('completed');
  const rows = await db
    .select({
      recipeName: parts.recipeName,
      loaves: sql<string>`sum(${parts.loaves})::text`,
      flourKg: sql<string>`sum(${parts.flourKg})::text`,
    })
    .from(parts)
    .groupBy(parts.recipeName);
  const byName = new Map(
    rows.map((row) => [row.recipeName, averageYield(Number(row.loaves), Number(row.flourKg))]),
  );
  return new Map(recipesOf.map((recipe) => [recipe.id, byName.get(recipe.name) ?? null]));
}

async function toRecipes(db: Database | Transaction, rows: RecipeRow[]): Promise<Recipe[]> {
  const itemIds = [...new Set(rows.flatMap((row) => row.ingredients.map((line) => line.itemId)))];
  const items = itemIds.length
    ? await db
        .select({ id: inventoryItems.id, name: inventoryItems.name })
        .from(inventoryItems)
        .where(inArray(inventoryItems.id, itemIds))
    : [];
  const names = new Map(items.map((item) => [item.id, item.name]));
  const yields = await completedYields(db, rows);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    baseFlourKg: row.baseFlourKg,
    ingredients: row.ingredients.map((line) => ({
      itemId: line.itemId,
      itemName: names.get(line.itemId) ?? null,
      quantity: line.quantity,
      unit: line.unit as RecipeUnit,
    })),
    instructions: row.instructions,
    estimatedDuration: row.estimatedDuration,
    loavesPerKg: row.loavesPerKg,
    averageLoavesPerKg: yields.get(row.id) ?? null,
    shelfLifeDays: row.shelfLifeDays,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** Recipes in use (not deleted), by name. */
export async function listRecipes(db: Database): Promise<Recipe[]> {
  const rows = await db
    .select()
    .from(recipes)
    .where(isNull(recipes.deletedAt))
    .orderBy(asc(recipes.name));
  return toRecipes(db, rows);
}

async function getRecipe(db: Database, id: string): Promise<Recipe> {
  const rows = await db.select().from(recipes).where(eq(recipes.id, id));
  const [recipe] = await toRecipes(db, rows);
  if (!recipe) throw notFound('Recipe');
  return recipe;
}

/**
 * Each line must name an ingredient item whose unit it can be measured in
 * (kg/g, liters/ml, units); the 400 names the ingredient at fault.
 */
async function checkIngredients(tx: Transaction, lines: readonly Line[]) {
  const items = await tx
    .select({
      id: inventoryItems.id,
      name: inventoryItems.name,
      category: inventoryItems.category,
      unit: inventoryItems.unit,
      archivedAt: inventoryItems.archivedAt,
    })
    .from(inventoryItems)
    .where(
      inArray(
        inventoryItems.id,
        lines.map((line) => line.itemId),
      ),
    )
    // Share-locked, in id order as stock changes lock items (a deadlock otherwise):
    // an item is not archived while a recipe starts to use it.
    .orderBy(asc(inventoryItems.id))
    .for('share');
  const byId = new Map(items.map((item) => [item.id, item]));
  const errors: FieldError[] = [];
  lines.forEach((line, index) => {
    const item = byId.get(line.itemId);
    if (!item) {
      errors.push({ path: `ingredients.${index}.itemId`, message: 'Choose an ingredient' });
    } else if (item.archivedAt) {
      errors.push({ path: `ingredients.${index}.itemId`, message: `${item.name} is archived` });
    } else if (item.category !== 'ingredients') {
      errors.push({
        path: `ingredients.${index}.itemId`,
        message: `${item.name} is not in the ingredients category`,
      });
    } else if (!unitsFit(line.unit, item.unit)) {
      errors.push({
        path: `ingredients.${index}.unit`,
        message: unitMismatchMessage(item.name, line.unit, item.unit),
      });
    }
  });
  const [first] = errors;
  if (first) throw badRequest(first.message, errors);
}

/** Two recipes in use may not share a name: sales and available loaves go by recipe name. */
async function checkNameFree(tx: Transaction, name: string, exceptId?: string) {
  // Serialises recipe writes so two saves of the same new name cannot both pass.
  await lockFor(tx, 'bakery:recipe-names');
  const [taken] = await tx
    .select({ id: recipes.id })
    .from(recipes)
    .where(
      and(
        sql`lower(${recipes.name}) = lower(${name})`,
        isNull(recipes.deletedAt),
        exceptId ? ne(recipes.id, exceptId) : undefined,
      ),
    );
  if (taken) {
    throw new AppError('RECIPE_NAME_TAKEN', NAME_TAKEN, [{ path: 'name', message: NAME_TAKEN }]);
  }
}

const storedLines = (lines: RecipeInput['ingredients']): Line[] =>
  lines.map((line) => ({ itemId: line.itemId, quantity: line.quantity, unit: line.unit }));

export async function createRecipe(db: Database, input: RecipeInput): Promise<Recipe> {
  const id = await db.transaction(async (tx) => {
    const ingredients = storedLines(input.ingredients);
    await checkIngredients(tx, ingredients);
    await checkNameFree(tx, input.name);
    const [created] = await tx
      .insert(recipes)
      .values({
        name: input.name,
        description: input.description ?? null,
        baseFlourKg: input.baseFlourKg ?? 1,
        ingredients,
        instructions: input.instructions ?? null,
        estimatedDuration: input.estimatedDuration ?? null,
        loavesPerKg: input.loavesPerKg ?? null,
        shelfLifeDays: input.shelfLifeDays ?? null,
      })
      .returning({ id: recipes.id });
    if (!created) throw new Error('insert returned no row');
    return created.id;
  });
  return getRecipe(db, id);
}

async function lockRecipe(tx: Transaction, id: string) {
  const [row] = await tx
    .select()
    .from(recipes)
    .where(and(eq(recipes.id, id), isNull(recipes.deletedAt)))
    .for('update');
  if (!row) throw notFound('Recipe');
  return row;
}

/**
 * Batches keep their own copy of what they used (their stock movements), so
 * changing a recipe never changes the history or a cancellation.
 */
export async function updateRecipe(
  db: Database,
  id: string,
  input: RecipeUpdateInput,
): Promise<Recipe> {
  await db.transaction(async (tx) => {
    await lockRecipe(tx, id);
    const ingredients = input.ingredients ? storedLines(input.ingredients) : undefined;
    if (ingredients) await checkIngredients(tx, ingredients);
    if (input.name !== undefined) await checkNameFree(tx, input.name, id);
    await tx
      .update(recipes)
      .set({
        name: input.name,
        description: input.description,
        baseFlourKg: input.baseFlourKg,
        ingredients,
        instructions: input.instructions,
        estimatedDuration: input.estimatedDuration,
        loavesPerKg: input.loavesPerKg,
        shelfLifeDays: input.shelfLifeDays,
        updatedAt: new Date(),
      })
      .where(eq(recipes.id, id));
  });
  return getRecipe(db, id);
}

/** Hides the recipe; its batches keep their recipe name and link, and Undo brings it back. */
export async function deleteRecipe(db: Database, id: string): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const row = await lockRecipe(tx, id);
    await tx.update(recipes).set({ deletedAt: new Date() }).where(eq(recipes.id, id));
    return { message: `${row.name} was deleted` };
  });
}

/** Undo of a delete, refused when another recipe in use has taken the name meanwhile. */
export async function restoreRecipe(db: Database, id: string): Promise<Recipe> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(recipes)
      .where(and(eq(recipes.id, id), isNotNull(recipes.deletedAt)))
      .for('update');
    if (!row) throw notFound('Deleted recipe');
    // An item archived since (allowed once no recipe in use named it), or deleted
    // by a release before archiving, leaves nothing to bake with.
    const present = await tx
      .select({
        id: inventoryItems.id,
        name: inventoryItems.name,
        archivedAt: inventoryItems.archivedAt,
      })
      .from(inventoryItems)
      .where(
        inArray(
          inventoryItems.id,
          row.ingredients.map((line) => line.itemId),
        ),
      )
      .orderBy(asc(inventoryItems.id))
      .for('share');
    if (present.length < new Set(row.ingredients.map((line) => line.itemId)).size) {
      throw new AppError(
        'RECIPE_INGREDIENT_GONE',
        `${row.name} cannot be restored: one of its ingredients is no longer in inventory`,
      );
    }
    const archived = present.find((item) => item.archivedAt);
    if (archived) {
      throw new AppError(
        'RECIPE_INGREDIENT_ARCHIVED',
        `${row.name} cannot be restored: ${archived.name} is archived. Unarchive it first.`,
      );
    }
    await checkNameFree(tx, row.name, id);
    await tx
      .update(recipes)
      .set({ deletedAt: null, updatedAt: new Date() })
      .where(eq(recipes.id, id));
  });
  return getRecipe(db, id);
}

/** The breads offered: names of the recipes not deleted, once each, by name. */
export async function offeredBreads(db: Database | Transaction): Promise<string[]> {
  const rows = await db
    .selectDistinct({ name: recipes.name })
    .from(recipes)
    .where(isNull(recipes.deletedAt))
    .orderBy(asc(recipes.name));
  return rows.map((row) => row.name);
}
