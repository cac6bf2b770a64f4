import { z } from 'zod';

/**
 * The deepest `offset` a list accepts. The database walks every skipped row,
 * so an offset of a million kept the single-threaded embedded database busy
 * for seconds; 10,000 costs a few milliseconds. Lists that grow without
 * bound page by key (`before`) instead, and any list can be narrowed by dates.
 */
export const MAX_OFFSET = 10_000;

const limit = z.coerce
  .number({ error: 'limit must be a number' })
  .int({ error: 'limit must be a whole number' })
  .min(1, { error: 'limit must be at least 1' })
  .max(500, { error: 'limit must be at most 500' })
  .default(100);

/** `?limit=&offset=`: 100 by default, 500 at most, skipping at most MAX_OFFSET rows. */
export const pageSchema = z.strictObject({
  limit,
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int({ error: 'offset must be a whole number' })
    .min(0, { error: 'offset cannot be negative' })
    .max(MAX_OFFSET, {
      error: `offset must be at most ${MAX_OFFSET}: narrow the dates or filters to reach older rows`,
    })
    .default(0),
});

/**
 * Where a page ends in a list ordered newest first by an instant and then an
 * id: the instant in microseconds since 1970 (PostgreSQL keeps microseconds,
 * a JavaScript date only milliseconds) and the row's id, as "micros_id".
 */
export const cursorSchema = z
  .string()
  .regex(/^-?\d{1,18}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, {
    error: 'The cursor must be a nextCursor of an earlier page',
  });

/** `?limit=&before=`: the page after `before` (a previous page's `nextCursor`), 100 rows by default. */
export const keysetSchema = z.strictObject({ limit, before: cursorSchema.optional() });

/** A page of a list paged by key: `nextCursor` is absent on the last page. */
export interface KeysetPage<T> {
  rows: T[];
  nextCursor?: string;
}

/** A contract's answer for a page of a list paged by key (KeysetPage of the row). */
export const keysetPageSchema = <Row extends z.ZodType>(row: Row) =>
  z.object({ rows: z.array(row), nextCursor: z.string().optional() });
