/**
 * When a write was made on the device (issue 20): a sale, payment, return or
 * settlement recorded offline is sent later, and keeps the moment it was
 * made, so it lands on the bakery day it happened.
 */
import { z } from 'zod';

/** A device clock this far ahead of the server's is trusted (clocks drift, and are set by hand). */
export const MAX_AHEAD_MS = 5 * 60 * 1000;
/** A write older than this is no longer sent: a week covers a phone off over a long weekend. */
export const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export const RECORDED_AT_FORMAT =
  'Recorded at must be a date and time with its offset, e.g. 2026-11-26T14:32:05.123Z';
export const RECORDED_AT_AHEAD =
  "Recorded at is more than 5 minutes ahead of the server's clock: check the device's date and time";
export const RECORDED_AT_TOO_OLD =
  'Recorded at is more than 7 days ago: too old to be sent; record it again';

/**
 * `recordedAt` on a write's body: an ISO 8601 instant with its offset. Kept
 * as text, as the device sends it and its outbox keeps it.
 */
export const recordedAt = z.iso.datetime({ offset: true, error: RECORDED_AT_FORMAT }).optional();

/** Why `recordedAt` cannot be taken at the server's `now`, or undefined when it can. */
export function recordedAtProblem(recordedAt: Date, now: Date): string | undefined {
  const ahead = recordedAt.getTime() - now.getTime();
  // Not a moment at all (the schema should let none through): refused, not a 500.
  if (Number.isNaN(ahead)) return RECORDED_AT_FORMAT;
  if (ahead > MAX_AHEAD_MS) return RECORDED_AT_AHEAD;
  if (-ahead > MAX_AGE_MS) return RECORDED_AT_TOO_OLD;
  return undefined;
}

/**
 * The moment a write is stored at: when it was made on the device, but never
 * later than the server's now. A phone a few minutes fast (allowed above) would
 * otherwise put a sale made at 23:57 on tomorrow, and a settlement made then
 * would look for tomorrow's dispatch.
 */
export const storedMoment = (recordedAt: Date, now: Date): Date =>
  recordedAt.getTime() > now.getTime() ? now : recordedAt;
