/** Writes made on a device while offline and sent later (issue 20): their two times. */
import { sql } from 'drizzle-orm';
import { recordedAtProblem } from '../domain/recorded-at';
import { badRequest } from './errors';

/** Refuses (400, on the field) a `recordedAt` too far ahead of the server's clock, or too old. */
export function checkRecordedAt(recordedAt: string | undefined, now: number): void {
  if (!recordedAt) return;
  const problem = recordedAtProblem(new Date(recordedAt), new Date(now));
  if (problem) throw badRequest(problem, [{ path: 'recordedAt', message: problem }]);
}

/**
 * The times a record made on a device is stored with: created_at is when it
 * was made there (the bakery day, the roll-ups, statements and reports follow
 * it), received_at when the database took it. Nothing for a record made here,
 * which keeps created_at's default and no received_at.
 */
export const recordedTimes = (recordedAt: string | undefined) =>
  recordedAt ? { createdAt: new Date(recordedAt), receivedAt: sql`now()` } : {};
