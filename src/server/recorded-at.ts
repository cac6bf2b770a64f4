/** Writes made on a device while offline and sent later (issue 20): their two times. */
import { sql } from 'drizzle-orm';
import { recordedAtProblem, storedMoment } from '../domain/recorded-at';
import { badRequest } from './errors';

/**
 * The `recordedAt` a write is stored with: refused (400, on the field) when too
 * far ahead of the server's clock or too old, brought back to the server's
 * now when a little ahead of it; undefined when none was sent.
 */
export function acceptedRecordedAt(
  recordedAt: string | undefined,
  now: number,
): string | undefined {
  if (!recordedAt) return undefined;
  const made = new Date(recordedAt);
  const problem = recordedAtProblem(made, new Date(now));
  if (problem) throw badRequest(problem, [{ path: 'recordedAt', message: problem }]);
  return storedMoment(made, new Date(now)).toISOString();
}

/**
 * The times a record made on a device is stored with: created_at is when it
 * was made there (the bakery day, the roll-ups, statements and reports follow
 * it), received_at when the database took it. Nothing for a record made here,
 * which keeps created_at's default and no received_at.
 */
export const recordedTimes = (recordedAt: string | undefined) =>
  recordedAt ? { createdAt: new Date(recordedAt), receivedAt: sql`now()` } : {};
