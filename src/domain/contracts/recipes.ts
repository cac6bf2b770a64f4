import { z } from 'zod';
import { moduleRight } from '../access';
import { idParamsSchema } from '../admin-schemas';
import { RECIPE_UNITS, recipeSchema, recipeUpdateSchema } from '../recipe-schemas';
import { defineRoute, instant } from './contract';

export const recipeIngredientRecordSchema = z.object({
  itemId: z.string(),
  /** null when the item has since left the inventory. */
  itemName: z.string().nullable(),
  quantity: z.number(),
  unit: z.enum(RECIPE_UNITS),
});
export type RecipeIngredient = z.infer<typeof recipeIngredientRecordSchema>;

export const recipeRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  baseFlourKg: z.number(),
  ingredients: z.array(recipeIngredientRecordSchema),
  instructions: z.string().nullable(),
  /** Minutes. */
  estimatedDuration: z.number().nullable(),
  /** Loaves per kg of flour set by the baker; null: not set, the bake plan cannot plan it. */
  loavesPerKg: z.number().nullable(),
  /** Loaves produced ÷ flour of its completed batches, 3 decimals; null before the first. */
  averageLoavesPerKg: z.number().nullable(),
  /** Days a loaf is sold on, its baking day the first; null: its loaves never go stale. */
  shelfLifeDays: z.number().nullable(),
  createdAt: instant,
  updatedAt: instant,
});
export type Recipe = z.infer<typeof recipeRecordSchema>;

const recipeWrite = { recordType: 'recipe' } as const;

export const recipesApi = {
  list: defineRoute({
    method: 'GET',
    url: '/api/recipes',
    summary: 'Recipes in use, by name',
    // The batch form chooses from the recipes and scales their ingredients.
    access: {
      kind: 'any-of',
      rules: [
        { module: 'recipes', right: 'read' },
        {
          module: 'production',
          right: 'write',
          fields: ['id', 'name', 'baseFlourKg', 'ingredients'],
        },
      ],
    },
    response: { 200: z.array(recipeRecordSchema) },
  }),
  create: defineRoute({
    method: 'POST',
    url: '/api/recipes',
    summary: 'Add a recipe',
    access: moduleRight('recipes', 'write'),
    audit: { action: 'recipes.create', ...recipeWrite },
    body: recipeSchema,
    response: { 201: recipeRecordSchema },
    errors: ['RECIPE_NAME_TAKEN'],
  }),
  update: defineRoute({
    method: 'PATCH',
    url: '/api/recipes/:id',
    summary: 'Change a recipe; batches already made keep what they used',
    access: moduleRight('recipes', 'write'),
    audit: { action: 'recipes.update', ...recipeWrite },
    params: idParamsSchema,
    body: recipeUpdateSchema,
    response: { 200: recipeRecordSchema },
    errors: ['RECIPE_NAME_TAKEN'],
  }),
  remove: defineRoute({
    method: 'DELETE',
    url: '/api/recipes/:id',
    summary: 'Delete a recipe (hidden, its batches kept; restore undoes it)',
    access: moduleRight('recipes', 'delete'),
    audit: { action: 'recipes.delete', ...recipeWrite },
    params: idParamsSchema,
    response: { 200: z.object({ message: z.string() }) },
  }),
  restore: defineRoute({
    method: 'POST',
    url: '/api/recipes/:id/restore',
    summary: 'Undo the delete of a recipe',
    // Undo of a delete needs the same right as the delete.
    access: moduleRight('recipes', 'delete'),
    audit: { action: 'recipes.restore', ...recipeWrite },
    params: idParamsSchema,
    response: { 200: recipeRecordSchema },
    errors: ['RECIPE_NAME_TAKEN', 'RECIPE_INGREDIENT_GONE', 'RECIPE_INGREDIENT_ARCHIVED'],
  }),
};
