import { and, gte, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** [start, end) as instants; a missing bound leaves that side open. */
export interface InstantRange {
  start: Date | null;
  end: Date | null;
}

/**
 * A column's instant inside the range (start inclusive, end exclusive), or
 * no condition for an open range; `keepUndated` also keeps rows without one.
 */
export function inRange(
  column: AnyPgColumn,
  range: InstantRange,
  keepUndated = false,
): SQL | undefined {
  const bounds = and(
    range.start ? gte(column, range.start) : undefined,
    range.end ? lt(column, range.end) : undefined,
  );
  if (!bounds) return undefined;
  return keepUndated ? or(isNull(column), bounds) : bounds;
}
