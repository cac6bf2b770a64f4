import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/connection';
import { rowsOf } from '../../src/server/db/raw-results';
import { ANALYZE_EVERY_MS, analyzeIfStale } from '../../src/server/db/statistics';
import { openTestDatabase } from '../support/test-app';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(
    sql`insert into distributors (name, address, phone)
      select 'Shop ' || n, 'Ikeja', '0803 000 0000' from generate_series(1, 50) n`,
  );
});
afterAll(() => database.close());

const statisticsRows = async () =>
  (
    await rowsOf<{ n: string }>(
      database.db,
      sql`select count(*)::text as n from pg_stats where tablename = 'distributors'`,
    )
  )[0]?.n;

describe('planner statistics of the embedded database', () => {
  it('are gathered when never gathered, then not again within a day, then again', async () => {
    const start = new Date('2026-06-10T08:00:00Z');
    expect(await analyzeIfStale(database.db, start)).toBe(true);
    expect(Number(await statisticsRows())).toBeGreaterThan(0);
    expect(await analyzeIfStale(database.db, new Date(start.getTime() + 60_000))).toBe(false);
    const later = new Date(start.getTime() + ANALYZE_EVERY_MS);
    expect(await analyzeIfStale(database.db, later)).toBe(true);
    expect(await analyzeIfStale(database.db, later)).toBe(false);
  });
});
