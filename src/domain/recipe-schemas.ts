import { z } from 'zod';
import { loavesPerKgSchema } from './bake-plan';
import { isStorableText, recordId, someFieldOf, storable } from './fields';
import { hasAtMostDecimals } from './money';
import { shelfLifeSchema } from './waste';

/** The units an ingredient line may be written in (docs/screens/recipes.md). */
export const RECIPE_UNITS = ['kg', 'g', 'liters', 'ml', 'units'] as const;
export type RecipeUnit = (typeof RECIPE_UNITS)[number];

export const INGREDIENT_QUANTITY_REQUIRED = 'Quantity must be greater than 0';
export const DUPLICATE_INGREDIENT = 'This ingredient is already in the recipe';

const MAX_DURATION_MINUTES = 7 * 24 * 60;

export const recipeIngredientSchema = z.strictObject({
  itemId: recordId('Choose an ingredient'),
  // The form starts each line at 0; a recipe line of nothing is a slip, so it is refused.
  quantity: z
    .number({ error: INGREDIENT_QUANTITY_REQUIRED })
    .gt(0, { error: INGREDIENT_QUANTITY_REQUIRED })
    .max(1_000_000, { error: 'Quantity is too large' })
    .refine((value) => hasAtMostDecimals(value, 3), {
      error: 'Quantity can have at most 3 decimal places',
    }),
  unit: z.enum(RECIPE_UNITS, { error: 'Choose a unit' }),
});
export type RecipeIngredientInput = z.input<typeof recipeIngredientSchema>;

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .refine(isStorableText, storable(label))
    .trim()
    .max(max, { error: `${label} must be less than ${max} characters` })
    .nullable()
    .optional()
    .transform((value) => value || null);

const recipeFields = {
  name: z
    .string({ error: 'Recipe name is required' })
    .refine(isStorableText, storable('Recipe name'))
    .trim()
    .min(1, { error: 'Recipe name is required' })
    .max(200, { error: 'Recipe name must be less than 200 characters' }),
  description: optionalText('Description', 2000),
  baseFlourKg: z
    .number({ error: 'Base flour must be a number' })
    .gt(0, { error: 'Base flour must be greater than 0' })
    .max(10_000, { error: 'Base flour is too large' })
    .refine((value) => hasAtMostDecimals(value, 3), {
      error: 'Base flour can have at most 3 decimal places',
    }),
  ingredients: z
    .array(recipeIngredientSchema, { error: 'Add at least one ingredient' })
    .min(1, { error: 'Add at least one ingredient' })
    .max(50, { error: 'A recipe can have at most 50 ingredients' })
    .superRefine((lines, context) => {
      const seen = new Set<string>();
      lines.forEach((line, index) => {
        if (seen.has(line.itemId)) {
          context.addIssue({
            code: 'custom',
            path: [index, 'itemId'],
            message: DUPLICATE_INGREDIENT,
          });
        }
        seen.add(line.itemId);
      });
    }),
  instructions: optionalText('Instructions', 10_000),
  /** The bake plan's yield; null (or left out on create): not set. */
  loavesPerKg: loavesPerKgSchema.nullable().optional(),
  /** Stale bread: null (or left out on create) keeps no shelf life. */
  shelfLifeDays: shelfLifeSchema.nullable().optional(),
  // Sent only when above 0, so a 0 or negative duration is a slip, not "none".
  estimatedDuration: z
    .number({ error: 'Duration must be a number of minutes' })
    .int({ error: 'Duration must be a whole number of minutes' })
    .min(1, { error: 'Duration must be at least 1 minute' })
    .max(MAX_DURATION_MINUTES, { error: 'Duration must be at most 7 days' })
    .nullable()
    .optional(),
};

/** POST /api/recipes. Base flour defaults to 1 kg (docs/screens/recipes.md). */
export const recipeSchema = z.strictObject({
  ...recipeFields,
  baseFlourKg: recipeFields.baseFlourKg.default(1),
});
export type RecipeInput = z.input<typeof recipeSchema>;

/** PATCH /api/recipes/{id}: any of the same fields. */
export const recipeUpdateSchema = someFieldOf(z.strictObject(recipeFields).partial());
export type RecipeUpdateInput = z.input<typeof recipeUpdateSchema>;

/** Minutes as the form edits them: whole hours and the minutes left over. */
export function splitDuration(minutes: number | null): { hours: number; minutes: number } {
  const total = Math.max(0, minutes ?? 0);
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}

/** The form's hours and minutes as stored minutes; null (not sent) when the total is 0. */
export function joinDuration(hours: number, minutes: number): number | null {
  const total = Math.round(hours) * 60 + Math.round(minutes);
  return total > 0 ? total : null;
}

/** "2h 30m", "45m", "3h"; "" when there is no duration. */
export function formatDuration(minutes: number | null): string {
  if (!minutes || minutes <= 0) return '';
  const parts = splitDuration(minutes);
  if (parts.hours === 0) return `${parts.minutes}m`;
  return parts.minutes === 0 ? `${parts.hours}h` : `${parts.hours}h ${parts.minutes}m`;
}

/** The form's duration boxes (hours at least 0, minutes 0-59), stored as minutes. */
export const durationFormSchema = z.strictObject({
  hours: z
    .number({ error: 'Hours must be a number' })
    .int({ error: 'Hours must be a whole number' })
    .min(0, { error: 'Hours cannot be negative' })
    .max(168, { error: 'Hours must be at most 168' }),
  minutes: z
    .number({ error: 'Minutes must be a number' })
    .int({ error: 'Minutes must be a whole number' })
    .min(0, { error: 'Minutes must be between 0 and 59' })
    .max(59, { error: 'Minutes must be between 0 and 59' }),
});
