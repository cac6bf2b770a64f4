import { z } from 'zod';
import { breadType, day, optionalNotes, recordId, WHOLE_LOAVES } from './fields';

/** The order cut-off setting: a wall-clock time, HH:MM on the 24-hour clock. */
export const cutoffTime = z
  .string({ error: 'Order cut-off must be a time (HH:MM)' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Order cut-off must be a time (HH:MM)' });

/** Loaves on an order: whole, 0 (none) or more. */
export const orderLoaves = z
  .number({ error: 'Enter the loaves' })
  .int({ error: WHOLE_LOAVES })
  .min(0, { error: 'Loaves cannot be negative' })
  .max(100_000, { error: 'Too many loaves' });

export const noRepeatedBread = (lines: readonly { recipeName: string }[]) =>
  new Set(lines.map((line) => line.recipeName)).size === lines.length;
export const REPEATED_BREAD = { error: 'Each bread may be listed once' };

/** A distributor's standing order: for each bread, loaves Monday … Sunday. */
export const standingOrderSchema = z.strictObject({
  breads: z
    .array(
      z.strictObject({
        recipeName: breadType,
        days: z.array(orderLoaves).length(7, { error: 'Give loaves for each of the 7 weekdays' }),
      }),
    )
    .max(200, { error: 'Too many breads' })
    .refine(noRepeatedBread, REPEATED_BREAD),
});
export type StandingOrderInput = z.infer<typeof standingOrderSchema>;

/** One distributor's order for one day: the loaves of each bread listed. */
export const dayOrderSchema = z.strictObject({
  day: day('Day'),
  breads: z
    .array(z.strictObject({ recipeName: breadType, loaves: orderLoaves }))
    .min(1, { error: 'List at least one bread' })
    .max(200, { error: 'Too many breads' })
    .refine(noRepeatedBread, REPEATED_BREAD),
});
export type DayOrderInput = z.infer<typeof dayOrderSchema>;

export const pauseSchema = z
  .strictObject({
    distributorId: recordId('Choose a distributor'),
    fromDay: day('From'),
    toDay: day('To'),
    reason: optionalNotes,
  })
  .refine((pause) => pause.fromDay <= pause.toDay, {
    path: ['toDay'],
    error: 'To cannot be before From',
  });
export type PauseInput = z.input<typeof pauseSchema>;

export const bookQuerySchema = z.strictObject({ day: day('Day').optional() });
export const pauseListQuerySchema = z.strictObject({
  distributorId: recordId('Choose a distributor').optional(),
});
