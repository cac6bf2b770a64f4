/**
 * The roll-ups' upkeep from the app's side: their time zone at start-up, and
 * the drift check. The triggers that keep them, the views of what they should
 * hold and rollup_rebuild() are in migrations 0007 to 0025.
 */
import { eq, getTableName, type SQL, sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/connection';
import { rowsOf } from '../../db/raw-results';
import { ROLLUP_TABLES, rollupSettings } from '../../db/schema';

export interface TimeZoneCheck {
  /** The zone the roll-ups were in; null when none was recorded. */
  was: string | null;
  rebuilt: boolean;
}

/**
 * Makes the roll-ups' days those of `timeZone`: when they were built in
 * another zone, records it and rebuilds every roll-up, in one transaction
 * (writers wait meanwhile, so nothing is missed or counted twice).
 */
export async function matchRollupTimeZone(db: Database, timeZone: string): Promise<TimeZoneCheck> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(rollupSettings).for('update');
    if (current?.timeZone === timeZone) return { was: timeZone, rebuilt: false };
    if (current) {
      await tx.update(rollupSettings).set({ timeZone }).where(eq(rollupSettings.id, true));
    } else {
      await tx.insert(rollupSettings).values({ timeZone });
    }
    await tx.execute(sql`select rollup_rebuild()`);
    return { was: current?.timeZone ?? null, rebuilt: true };
  });
}

/**
 * A roll-up's view of what it should hold (named after it) and its key: its
 * primary key, or its one unique key (the production roll-up's day is null
 * for a batch never started, so it has no primary key).
 */
function checkOf(table: PgTable) {
  const name = getTableName(table);
  const config = getTableConfig(table);
  const primary =
    config.primaryKeys[0]?.columns ?? config.columns.filter((column) => column.primary);
  const key = primary.length > 0 ? primary : (config.uniqueConstraints[0]?.columns ?? []);
  if (key.length === 0) throw new Error(`roll-up ${name} has no key to compare by`);
  return {
    expected: name.replace(/^rollup_/, 'rollup_expected_'),
    key: key.map((column) => column.name),
  };
}

export interface RollupDifference {
  rollup: string;
  /** The roll-up row's key, e.g. { day, distributor_id, recipe_name }. */
  key: Record<string, unknown>;
  /** What the roll-up holds; null when it has no such row. */
  stored: Record<string, unknown> | null;
  /** What the raw rows add up to; null when they have none. */
  expected: Record<string, unknown> | null;
}

/**
 * Every roll-up row that differs from the same totals recomputed from the raw
 * rows (in the roll-ups' recorded time zone); none when they agree.
 */
export async function rollupDifferences(db: Database): Promise<RollupDifference[]> {
  const found: RollupDifference[] = [];
  for (const table of ROLLUP_TABLES) {
    const { expected, key } = checkOf(table);
    const name = sql.identifier(expected);
    // Keys as text, so a null day (a batch never started) matches and the
    // full join stays hash-joinable.
    const same = sql.join(
      key.map((column) => {
        const of = (side: SQL) => sql`coalesce(${side}.${sql.identifier(column)}::text, '')`;
        return sql`${of(sql`s`)} = ${of(sql`e`)}`;
      }),
      sql` and `,
    );
    const keyOf = (side: SQL) =>
      sql`jsonb_build_object(${sql.join(
        key.map((column) => sql`${column}::text, ${side}.${sql.identifier(column)}`),
        sql`, `,
      )})`;
    const rows = await rowsOf<{
      key_s: unknown;
      key_e: unknown;
      stored: unknown;
      expected: unknown;
    }>(
      db,
      sql`select ${keyOf(sql`s`)} as key_s, ${keyOf(sql`e`)} as key_e,
            case when s is null then null else to_jsonb(s) end as stored,
            case when e is null then null else to_jsonb(e) end as expected
          from ${table} s full join ${name} e on ${same}
          where s is null or e is null or to_jsonb(s) <> to_jsonb(e)
          order by 1, 2
          limit 1000`,
    );
    for (const row of rows) {
      const stored = parsed(row.stored);
      found.push({
        rollup: getTableName(table),
        key: parsed(stored ? row.key_s : row.key_e) ?? {},
        stored,
        expected: parsed(row.expected),
      });
    }
  }
  return found;
}

/** PGlite hands jsonb back parsed, node-postgres too; text only from older drivers. */
const parsed = (value: unknown) =>
  (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown> | null;
