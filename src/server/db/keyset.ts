import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { KeysetPage } from '../../domain/paging';

/** A row's cursor ("micros_id", see cursorSchema), made in SQL so no microsecond is lost. */
export const cursorOf = (at: AnyPgColumn, id: AnyPgColumn) =>
  sql<string>`(extract(epoch from ${at}) * 1000000)::bigint::text || '_' || ${id}::text`;

/** The instant a cursor names, exactly, as SQL. */
export const cursorInstant = (micros: string) =>
  sql`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond')`;

/** Rows that come after the cursor in a list ordered by (instant, id) descending. */
export function olderThan(at: AnyPgColumn, id: AnyPgColumn, cursor?: string): SQL | undefined {
  if (!cursor) return undefined;
  const [micros = '0', key] = cursor.split('_');
  return sql`(${at}, ${id}) < (${cursorInstant(micros)}, ${key}::uuid)`;
}

/**
 * The page from rows read with a limit one above the page size: the extra
 * row, when it came, says another page follows, from the last row kept.
 */
export function pageOf<T extends { cursor: string }>(
  rows: T[],
  limit: number,
): KeysetPage<Omit<T, 'cursor'>> {
  const kept = rows.slice(0, limit).map(({ cursor: _, ...row }) => row);
  const last = rows[limit - 1];
  return rows.length > limit && last ? { rows: kept, nextCursor: last.cursor } : { rows: kept };
}
