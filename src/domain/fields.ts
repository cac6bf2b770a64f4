import { z } from 'zod';
import { hasAtMostDecimals } from './money';

/** Fields that several records' schemas share, with one wording each. */

const MAX_AMOUNT = 1_000_000_000;

/** A naira amount of at least 0, to the kobo, with the spec's message for below 0. */
export const nairaAmount = (negative: string, label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, { error: negative })
    .max(MAX_AMOUNT, { error: `${label} is too large` })
    .refine((value) => hasAtMostDecimals(value, 2), {
      error: `${label} can have at most 2 decimal places`,
    });

export const PRICE_NEGATIVE = 'Price cannot be negative';

/** Free notes on a record: optional, trimmed, empty means none. */
export const optionalNotes = z
  .string({ error: 'Notes must be text' })
  .trim()
  .max(2000, { error: 'Notes must be less than 2000 characters' })
  .nullable()
  .optional()
  .transform((value) => value || null);
