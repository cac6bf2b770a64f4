/**
 * The wait before a try of something that keeps failing: `firstMs` before the
 * first (`step` 0), twice as long before each next one, never more than
 * `longestMs`. The outbox's retries and the search for a lost server use it.
 */
export const doublingWait = (step: number, firstMs: number, longestMs: number): number =>
  Math.min(longestMs, firstMs * 2 ** Math.max(0, step));
