/** Stale bread and write-offs: the rules the server and the screens share. */
import { z } from 'zod';
import { breadType, optionalNotes, recordId, someLoaves } from './fields';
import { returnsRatePercent } from './returns-rate';

export const WASTE_REASONS = ['stale', 'damaged', 'given_away', 'staff'] as const;
export type WasteReason = (typeof WASTE_REASONS)[number];
export const WASTE_REASON_LABELS: Record<WasteReason, string> = {
  stale: 'Stale',
  damaged: 'Damaged',
  given_away: 'Given away',
  staff: 'Staff',
};

/** Which loaves a write-off takes: on sale, set aside as stale, or brought back by a distributor. */
export const WASTE_SOURCES = ['fresh', 'stale', 'returned'] as const;
export type WasteSource = (typeof WASTE_SOURCES)[number];
export const WASTE_SOURCE_LABELS: Record<WasteSource, string> = {
  fresh: 'On sale',
  stale: 'Stale',
  returned: 'Returned',
};

/** Returned loaves are written off within this many bakery days of their return. */
export const RETURNED_WRITE_OFF_DAYS = 7;

export const shelfLifeSchema = z
  .number({ error: 'Shelf life must be a number of days' })
  .int({ error: 'Shelf life must be whole days' })
  .min(1, { error: 'Shelf life must be at least 1 day' })
  .max(60, { error: 'Shelf life must be at most 60 days' });

export const BREAD_REQUIRED = 'Choose a bread type';
export const RETURN_REQUIRED = 'Choose the return';

/** POST /api/waste: the bread for loaves on sale or stale, the return for returned loaves. */
export const writeOffSchema = z
  .strictObject({
    source: z.enum(WASTE_SOURCES, { error: 'Choose which loaves' }),
    recipeName: breadType.optional(),
    breadReturnId: recordId(RETURN_REQUIRED).optional(),
    loaves: someLoaves('Write off at least 1 loaf'),
    reason: z.enum(WASTE_REASONS, { error: 'Choose a reason' }),
    notes: optionalNotes,
  })
  .superRefine((input, context) => {
    if (input.source === 'returned' && input.breadReturnId === undefined) {
      context.addIssue({ code: 'custom', path: ['breadReturnId'], message: RETURN_REQUIRED });
    }
    if (input.source !== 'returned' && input.recipeName === undefined) {
      context.addIssue({ code: 'custom', path: ['recipeName'], message: BREAD_REQUIRED });
    }
  });
export type WriteOffInput = z.input<typeof writeOffSchema>;

export type WriteOff = z.output<typeof writeOffSchema>;

/** The refusal of a write-off of more loaves than there are of that kind. */
export function loavesOnHandMessage(source: WasteSource, onHand: number): string {
  const loaves = onHand === 1 ? 'loaf' : 'loaves';
  const kind = {
    fresh: `${loaves} on sale`,
    stale: `stale ${loaves}`,
    returned: `returned ${loaves}`,
  }[source];
  return onHand === 0 ? `No ${kind} to write off` : `Only ${onHand} ${kind} to write off`;
}

/** Waste as a percentage of the loaves baked, rounded as the returns rate is; null when none were baked. */
export const wastePercent = (loavesWasted: number, loavesBaked: number): number | null =>
  loavesBaked > 0 ? returnsRatePercent(loavesBaked, loavesWasted) : null;
