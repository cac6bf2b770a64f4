import { z } from 'zod';
import { hasAtMostDecimals } from './money';

/** Until an administrator changes it: a distributor returning more than 1 loaf in 10 is flagged. */
export const DEFAULT_RETURNS_RATE_THRESHOLD = 10;

/** The returns-rate threshold setting, % of the loaves taken. */
export const returnsRateThresholdSchema = z
  .number({ error: 'Returns-rate threshold must be a number' })
  .min(0, { error: 'Returns-rate threshold cannot be negative' })
  .max(100, { error: 'Returns-rate threshold must be at most 100%' })
  .refine((value) => hasAtMostDecimals(value, 2), {
    error: 'Returns-rate threshold can have at most 2 decimal places',
  });

/** Returned ÷ taken as a %, to 1 decimal place; null when nothing was taken in the period. */
export function returnsRatePercent(taken: number, returned: number): number | null {
  if (taken === 0) return null;
  return Math.round((returned * 1000) / taken) / 10;
}

/**
 * Above the threshold, compared exactly in whole numbers (never the rounded
 * rate): at the threshold is not flagged. Returns with nothing taken in the
 * period (loaves taken before it) are flagged: every loaf came back.
 */
export function isReturnsRateFlagged(taken: number, returned: number, threshold: number): boolean {
  if (taken === 0) return returned > 0;
  return returned * 10_000 > Math.round(threshold * 100) * taken;
}
