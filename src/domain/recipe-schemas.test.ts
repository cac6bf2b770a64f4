import { describe, expect, it } from 'vitest';
import {
  batchSchema,
  batchUpdateSchema,
  completeBatchFormSchema,
  isOpenBatch,
  LOAVES_REQUIRED,
} from './production-schemas';
import {
  DUPLICATE_INGREDIENT,
  formatDuration,
  INGREDIENT_QUANTITY_REQUIRED,
  joinDuration,
  recipeSchema,
  recipeUpdateSchema,
  splitDuration,
} from './recipe-schemas';

const YEAST = '7f0c2a8e-7a8a-4e43-9d36-1c2b6f3f1a11';
const SALT = '0b6a8f2e-3c1d-4e5f-8a9b-1c2d3e4f5a6b';
const RECIPE = '3d9f1a2b-4c5d-4e6f-9a0b-1c2d3e4f5a6b';

const recipe = (extra: Record<string, unknown> = {}) => ({
  name: 'Agege Bread',
  ingredients: [
    { itemId: YEAST, quantity: 20, unit: 'g' },
    { itemId: SALT, quantity: 0.018, unit: 'kg' },
  ],
  ...extra,
});

/** The issues of a failed parse as the API reports them: the first message per field. */
function issues(result: { success: boolean; error?: { issues: readonly PathMessage[] } }) {
  expect(result.success).toBe(false);
  const byPath = new Map<string, { path: string; message: string }>();
  for (const issue of result.error?.issues ?? []) {
    const path = issue.path.join('.');
    if (!byPath.has(path)) byPath.set(path, { path, message: issue.message });
  }
  return [...byPath.values()];
}
interface PathMessage {
  path: readonly PropertyKey[];
  message: string;
}

describe('recipeSchema', () => {
  it('defaults base flour to 1 kg and empty optional text to null', () => {
    expect(recipeSchema.parse(recipe({ description: '', instructions: '  ' }))).toEqual({
      name: 'Agege Bread',
      description: null,
      baseFlourKg: 1,
      ingredients: [
        { itemId: YEAST, quantity: 20, unit: 'g' },
        { itemId: SALT, quantity: 0.018, unit: 'kg' },
      ],
      instructions: null,
    });
  });

  it('keeps every field given, trimming the name', () => {
    expect(
      recipeSchema.parse(
        recipe({
          name: '  Sardine Bread ',
          description: 'Soft',
          baseFlourKg: 2.5,
          instructions: 'Knead well',
          estimatedDuration: 150,
        }),
      ),
    ).toMatchObject({
      name: 'Sardine Bread',
      description: 'Soft',
      baseFlourKg: 2.5,
      instructions: 'Knead well',
      estimatedDuration: 150,
    });
  });

  it.each([
    [{ name: '' }, 'name', 'Recipe name is required'],
    [{ name: '   ' }, 'name', 'Recipe name is required'],
    [{ name: undefined }, 'name', 'Recipe name is required'],
    [{ name: 'x'.repeat(201) }, 'name', 'Recipe name must be less than 200 characters'],
    [{ ingredients: [] }, 'ingredients', 'Add at least one ingredient'],
    [{ ingredients: undefined }, 'ingredients', 'Add at least one ingredient'],
    [
      { ingredients: [{ itemId: YEAST, quantity: 0, unit: 'g' }] },
      'ingredients.0.quantity',
      INGREDIENT_QUANTITY_REQUIRED,
    ],
    [
      { ingredients: [{ itemId: YEAST, quantity: -1, unit: 'g' }] },
      'ingredients.0.quantity',
      'Quantity must be greater than 0',
    ],
    [
      { ingredients: [{ itemId: YEAST, quantity: 1.0001, unit: 'kg' }] },
      'ingredients.0.quantity',
      'Quantity can have at most 3 decimal places',
    ],
    [
      { ingredients: [{ itemId: YEAST, quantity: 1, unit: 'cups' }] },
      'ingredients.0.unit',
      'Choose a unit',
    ],
    [
      { ingredients: [{ itemId: YEAST, quantity: 1, unit: '%' }] },
      'ingredients.0.unit',
      'Choose a unit',
    ],
    [
      { ingredients: [{ itemId: 'yeast', quantity: 1, unit: 'kg' }] },
      'ingredients.0.itemId',
      'Choose an ingredient',
    ],
    [
      {
        ingredients: [
          { itemId: YEAST, quantity: 20, unit: 'g' },
          { itemId: SALT, quantity: 1, unit: 'g' },
          { itemId: YEAST, quantity: 5, unit: 'g' },
        ],
      },
      'ingredients.2.itemId',
      DUPLICATE_INGREDIENT,
    ],
    [{ estimatedDuration: 0 }, 'estimatedDuration', 'Duration must be at least 1 minute'],
    [{ estimatedDuration: -30 }, 'estimatedDuration', 'Duration must be at least 1 minute'],
    [
      { estimatedDuration: 90.5 },
      'estimatedDuration',
      'Duration must be a whole number of minutes',
    ],
    [
      { estimatedDuration: 7 * 24 * 60 + 1 },
      'estimatedDuration',
      'Duration must be at most 7 days',
    ],
    [{ baseFlourKg: 0 }, 'baseFlourKg', 'Base flour must be greater than 0'],
    [{ baseFlourKg: '1' }, 'baseFlourKg', 'Base flour must be a number'],
  ])('refuses %j at %s with "%s"', (extra, path, message) => {
    expect(issues(recipeSchema.safeParse(recipe(extra)))).toEqual([{ path, message }]);
  });

  it('names the duplicate ingredient message exactly', () => {
    expect(DUPLICATE_INGREDIENT).toBe('This ingredient is already in the recipe');
    expect(INGREDIENT_QUANTITY_REQUIRED).toBe('Quantity must be greater than 0');
  });

  it('refuses unknown keys, in the recipe and in a line', () => {
    const extraKey = recipeSchema.safeParse(recipe({ colour: 'brown' }));
    expect(extraKey.success).toBe(false);
    expect(extraKey.error?.issues[0]?.code).toBe('unrecognized_keys');
    const extraLineKey = recipeSchema.safeParse(
      recipe({ ingredients: [{ itemId: YEAST, quantity: 1, unit: 'kg', price: 3 }] }),
    );
    expect(extraLineKey.success).toBe(false);
    expect(extraLineKey.error?.issues[0]?.path).toEqual(['ingredients', 0]);
  });

  it('takes a null duration as none', () => {
    expect(recipeSchema.parse(recipe({ estimatedDuration: null })).estimatedDuration).toBeNull();
  });
});

describe('recipeUpdateSchema', () => {
  it('takes any of the fields and leaves out the rest (no default base flour)', () => {
    expect(recipeUpdateSchema.parse({ name: 'Sardine Bread' })).toEqual({ name: 'Sardine Bread' });
  });

  it('refuses an edit that changes nothing', () => {
    expect(issues(recipeUpdateSchema.safeParse({}))).toEqual([
      { path: '', message: 'Nothing to change' },
    ]);
  });

  it('applies the same rules', () => {
    expect(issues(recipeUpdateSchema.safeParse({ ingredients: [] }))).toEqual([
      { path: 'ingredients', message: 'Add at least one ingredient' },
    ]);
    expect(issues(recipeUpdateSchema.safeParse({ baseFlourKg: 0 }))).toEqual([
      { path: 'baseFlourKg', message: 'Base flour must be greater than 0' },
    ]);
    expect(recipeUpdateSchema.safeParse({ id: RECIPE }).success).toBe(false);
  });
});

describe('duration helpers', () => {
  it('splits minutes into hours and minutes', () => {
    expect(splitDuration(150)).toEqual({ hours: 2, minutes: 30 });
    expect(splitDuration(45)).toEqual({ hours: 0, minutes: 45 });
    expect(splitDuration(180)).toEqual({ hours: 3, minutes: 0 });
    expect(splitDuration(null)).toEqual({ hours: 0, minutes: 0 });
    expect(splitDuration(0)).toEqual({ hours: 0, minutes: 0 });
  });

  it('joins hours and minutes into minutes, null when the total is 0', () => {
    expect(joinDuration(2, 30)).toBe(150);
    expect(joinDuration(0, 45)).toBe(45);
    expect(joinDuration(3, 0)).toBe(180);
    expect(joinDuration(0, 0)).toBeNull();
  });

  it('formats as "2h 30m", "45m" and "3h", and "" when there is none', () => {
    expect(formatDuration(150)).toBe('2h 30m');
    expect(formatDuration(45)).toBe('45m');
    expect(formatDuration(180)).toBe('3h');
    expect(formatDuration(61)).toBe('1h 1m');
    expect(formatDuration(null)).toBe('');
    expect(formatDuration(0)).toBe('');
  });

  it('round-trips through the form', () => {
    for (const minutes of [1, 59, 60, 61, 150, 1439]) {
      const { hours, minutes: rest } = splitDuration(minutes);
      expect(rest).toBeLessThan(60);
      expect(joinDuration(hours, rest)).toBe(minutes);
    }
  });
});

const batch = (extra: Record<string, unknown> = {}) => ({
  recipeId: RECIPE,
  flourKg: 25,
  ...extra,
});

describe('batchSchema', () => {
  it('defaults the status to planned and empty notes to none', () => {
    expect(batchSchema.parse(batch({ notes: '' }))).toEqual({
      recipeId: RECIPE,
      flourKg: 25,
      status: 'planned',
      notes: null,
    });
  });

  it('accepts a batch started at once, with a dough size and a batch number', () => {
    expect(
      batchSchema.parse(
        batch({ status: 'in_progress', doughSizeGrams: 500, batchNumber: ' BATCH-20261121-042 ' }),
      ),
    ).toMatchObject({
      status: 'in_progress',
      doughSizeGrams: 500,
      batchNumber: 'BATCH-20261121-042',
    });
  });

  it.each([
    [{ flourKg: 0 }, 'flourKg', 'Flour must be greater than 0'],
    [{ flourKg: -1 }, 'flourKg', 'Flour must be greater than 0'],
    [{ flourKg: undefined }, 'flourKg', 'Flour must be a number'],
    [{ flourKg: 1.0001 }, 'flourKg', 'Flour can have at most 3 decimal places'],
    [{ doughSizeGrams: 500.5 }, 'doughSizeGrams', 'Dough size must be whole grams'],
    [{ doughSizeGrams: -1 }, 'doughSizeGrams', 'Dough size cannot be negative'],
    [{ status: 'completed' }, 'status', 'A new batch can only be planned or in progress'],
    [{ status: 'cancelled' }, 'status', 'A new batch can only be planned or in progress'],
    [{ recipeId: 'agege' }, 'recipeId', 'Choose a recipe'],
    [{ batchNumber: '' }, 'batchNumber', 'Batch number is required'],
    [
      { batchNumber: 'BATCH 1' },
      'batchNumber',
      'Batch number can only contain letters, numbers, -, _ and /',
    ],
  ])('refuses %j at %s with "%s"', (extra, path, message) => {
    expect(issues(batchSchema.safeParse(batch(extra)))).toEqual([{ path, message }]);
  });

  it('refuses unknown keys', () => {
    expect(batchSchema.safeParse(batch({ loavesProduced: 10 })).success).toBe(false);
  });
});

describe('batchUpdateSchema', () => {
  it.each([
    [{ status: 'completed', loavesProduced: 0 }],
    [{ status: 'completed', loavesProduced: -3 }],
    [{ status: 'completed' }],
  ])('refuses %j with exactly the spec message', (input) => {
    expect(issues(batchUpdateSchema.safeParse(input))).toEqual([
      { path: 'loavesProduced', message: 'Number of loaves must be at least 1' },
    ]);
  });

  it('names the spec message as a constant, also for the Complete Batch form', () => {
    expect(LOAVES_REQUIRED).toBe('Number of loaves must be at least 1');
    expect(issues(completeBatchFormSchema.safeParse({ loavesProduced: 0 }))).toEqual([
      { path: 'loavesProduced', message: 'Number of loaves must be at least 1' },
    ]);
  });

  it('refuses fractional loaves', () => {
    expect(
      issues(batchUpdateSchema.safeParse({ status: 'completed', loavesProduced: 1.5 })),
    ).toEqual([{ path: 'loavesProduced', message: 'Whole loaves only' }]);
  });

  it('accepts start, complete and cancel, with a date or a date and time', () => {
    expect(batchUpdateSchema.parse({ status: 'in_progress' })).toEqual({ status: 'in_progress' });
    expect(
      batchUpdateSchema.parse({ status: 'in_progress', startedAt: '2026-11-21T08:00:00+01:00' }),
    ).toEqual({ status: 'in_progress', startedAt: '2026-11-21T08:00:00+01:00' });
    expect(
      batchUpdateSchema.parse({
        status: 'completed',
        loavesProduced: 1,
        completedAt: '2026-11-21',
      }),
    ).toEqual({ status: 'completed', loavesProduced: 1, completedAt: '2026-11-21' });
    expect(batchUpdateSchema.parse({ status: 'cancelled' })).toEqual({ status: 'cancelled' });
  });

  it('refuses a time that is not a date', () => {
    expect(
      issues(batchUpdateSchema.safeParse({ status: 'in_progress', startedAt: 'yesterday' })),
    ).toEqual([{ path: 'startedAt', message: 'Start time must be a date or a date and time' }]);
  });

  it('refuses going back to planned, or fields of another transition', () => {
    expect(issues(batchUpdateSchema.safeParse({ status: 'planned' }))).toEqual([
      { path: 'status', message: 'Status must be in_progress, completed or cancelled' },
    ]);
    expect(batchUpdateSchema.safeParse({ status: 'cancelled', loavesProduced: 3 }).success).toBe(
      false,
    );
    expect(
      batchUpdateSchema.safeParse({ status: 'in_progress', completedAt: '2026-11-21' }).success,
    ).toBe(false);
  });
});

describe('isOpenBatch', () => {
  it('is true only for planned and in-progress batches', () => {
    expect(isOpenBatch('planned')).toBe(true);
    expect(isOpenBatch('in_progress')).toBe(true);
    expect(isOpenBatch('completed')).toBe(false);
    expect(isOpenBatch('cancelled')).toBe(false);
  });
});
