import { z } from 'zod';
import { optionalNotes, recordId, WHOLE_LOAVES } from './fields';
import { hasAtMostDecimals } from './money';

export const BATCH_STATUSES = ['planned', 'in_progress', 'completed', 'cancelled'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

export const BATCH_STATUS_LABELS: Record<BatchStatus, string> = {
  planned: 'Planned',
  in_progress: 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** Completed and cancelled batches are final: no action applies to them. */
export const isOpenBatch = (status: BatchStatus) =>
  status === 'planned' || status === 'in_progress';

export const LOAVES_REQUIRED = 'Number of loaves must be at least 1';

const BATCH_NUMBER = /^[A-Za-z0-9][A-Za-z0-9\-_/]*$/;

/** A moment given as a date ("2026-11-21") or a date-time with its offset. */
const moment = (label: string) =>
  z
    .union([z.iso.datetime({ offset: true }), z.iso.date()], {
      error: `${label} must be a date or a date and time`,
    })
    .optional();

/** POST /api/production-batches (docs/screens/production.md). */
export const batchSchema = z.strictObject({
  batchNumber: z
    .string({ error: 'Batch number is required' })
    .trim()
    .min(1, { error: 'Batch number is required' })
    .max(50, { error: 'Batch number must be less than 50 characters' })
    .regex(BATCH_NUMBER, { error: 'Batch number can only contain letters, numbers, -, _ and /' })
    .optional(),
  recipeId: recordId('Choose a recipe'),
  /** Accepted for older clients (docs/api.md); the server always uses the recipe's own name. */
  recipeName: z.string().optional(),
  // Above 0: a batch of no flour deducts nothing and makes nothing, so it is refused.
  flourKg: z
    .number({ error: 'Flour must be a number' })
    .gt(0, { error: 'Flour must be greater than 0' })
    .max(100_000, { error: 'Flour is too large' })
    .refine((value) => hasAtMostDecimals(value, 3), {
      error: 'Flour can have at most 3 decimal places',
    }),
  doughSizeGrams: z
    .number({ error: 'Dough size must be a number' })
    .int({ error: 'Dough size must be whole grams' })
    .min(0, { error: 'Dough size cannot be negative' })
    .max(100_000, { error: 'Dough size is too large' })
    .nullable()
    .optional(),
  status: z
    .enum(['planned', 'in_progress'], {
      error: 'A new batch can only be planned or in progress',
    })
    .default('planned'),
  notes: optionalNotes,
});
export type BatchInput = z.input<typeof batchSchema>;

const loavesProduced = z
  .number({ error: LOAVES_REQUIRED })
  .int({ error: WHOLE_LOAVES })
  .min(1, { error: LOAVES_REQUIRED })
  .max(1_000_000, { error: 'Number of loaves is too large' });

/** PATCH /api/production-batches/{id}: start, complete or cancel (docs/screens/production.md). */
export const batchUpdateSchema = z.discriminatedUnion(
  'status',
  [
    z.strictObject({ status: z.literal('in_progress'), startedAt: moment('Start time') }),
    z.strictObject({
      status: z.literal('completed'),
      completedAt: moment('Completion time'),
      loavesProduced,
    }),
    z.strictObject({ status: z.literal('cancelled') }),
  ],
  { error: 'Status must be in_progress, completed or cancelled' },
);
export type BatchUpdateInput = z.input<typeof batchUpdateSchema>;

/** The Complete Batch form: just the loaves, with the same messages. */
export const completeBatchFormSchema = z.strictObject({ loavesProduced });
