import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/connection';
import { MAINTAIN_EVERY_MS, maintainIfDue } from '../../src/server/db/maintenance';
import { rowsOf } from '../../src/server/db/raw-results';
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

describe('upkeep of the embedded database (VACUUM ANALYZE)', () => {
  it('are gathered when never gathered, then not again within a day, then again', async () => {
    const start = new Date('2026-06-10T08:00:00Z');
    expect(await maintainIfDue(database.db, start)).toBe(true);
    expect(Number(await statisticsRows())).toBeGreaterThan(0);
    expect(await maintainIfDue(database.db, new Date(start.getTime() + 60_000))).toBe(false);
    const later = new Date(start.getTime() + MAINTAIN_EVERY_MS);
    expect(await maintainIfDue(database.db, later)).toBe(true);
    expect(await maintainIfDue(database.db, later)).toBe(false);
  });
});
