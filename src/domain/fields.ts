import { z } from 'zod';
import { hasAtMostDecimals } from './money';

/** Fields that several records' schemas share, with one wording each. */

const MAX_AMOUNT = 1_000_000_000;

/** A naira amount of at least 0, to the kobo, with the field's own message for below 0. */
export const nairaAmount = (negative: string, label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, { error: negative })
    .max(MAX_AMOUNT, { error: `${label} is too large` })
    .refine((value) => hasAtMostDecimals(value, 2), {
      error: `${label} can have at most 2 decimal places`,
    });

export const PRICE_NEGATIVE = 'Price cannot be negative';

/** A count of loaves with a fraction: refused, never rounded (2.5 is not 25, nor 2). */
export const WHOLE_LOAVES = 'Whole loaves only';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text a database can keep: no NUL character (PostgreSQL refuses it) and no
 * half of a surrogate pair (not text at all; it would be saved as U+FFFD).
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** The message for text that fails `isStorableText`, as `.refine(isStorableText, storable('Name'))`. */
export const storable = (label: string) => ({
  error: `${label} contains a character that is not allowed`,
});

/** The bread a sale or a return names: a recipe's name, as the distributor screens pick it. */
export const breadType = z
  .string({ error: 'Choose a bread type' })
  .refine(isStorableText, storable('Bread type'))
  .trim()
  .min(1, { error: 'Choose a bread type' })
  .max(200, { error: 'Choose a bread type' });

/** Loaves handed over or brought back: whole, at least 1 (`none` says so for this move). */
export const someLoaves = (none: string) =>
  z
    .number({ error: none })
    .int({ error: WHOLE_LOAVES })
    .min(1, { error: none })
    .max(1_000_000, { error: 'Too many loaves' });

/**
 * A record's id: a uuid, made lower case, so that an id typed in capitals
 * names the same record in code (Map keys, comparisons) as in the database.
 */
export const recordId = (error: string) => z.uuid({ error }).toLowerCase();

/** Free notes on a record: optional, trimmed, empty means none. */
export const optionalNotes = z
  .string({ error: 'Notes must be text' })
  .refine(isStorableText, storable('Notes'))
  .trim()
  .max(2000, { error: 'Notes must be less than 2000 characters' })
  .nullable()
  .optional()
  .transform((value) => value || null);

export const NOTHING_TO_CHANGE = 'Nothing to change';

/**
 * An edit's body (PATCH): any of its fields, but at least one. An empty edit
 * changes nothing, yet was answered with the whole record, which let a caller
 * who may write but not read a module read any of its records.
 */
export const someFieldOf = <T extends z.ZodObject>(fields: T) =>
  fields.refine((edit) => Object.values(edit).some((value) => value !== undefined), {
    error: NOTHING_TO_CHANGE,
  });

/** The earliest bakery date a date field takes. */
export const EARLIEST_DATE = '1900-01-01';

/** A bakery day (yyyy-MM-dd, a calendar date in the bakery's time zone). */
export const day = (label: string) =>
  z.iso
    .date({ error: `${label} must be a date (yyyy-MM-dd)` })
    .refine((value) => value >= EARLIEST_DATE, { error: `${label} cannot be before 1900-01-01` });

/** `?startDate=&endDate=`, each optional. */
export const dateRangeFields = {
  startDate: day('Start date').optional(),
  endDate: day('End date').optional(),
};

/** An end date not before the start date: `.refine(datesInOrder, END_BEFORE_START)`. */
export const datesInOrder = (range: { startDate?: string; endDate?: string }) =>
  !range.startDate || !range.endDate || range.startDate <= range.endDate;
export const END_BEFORE_START = {
  path: ['endDate'],
  error: 'End date cannot be before the start date',
};
