import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Database, DatabaseHandle } from '../../../src/server/db/connection';
import { distributors } from '../../../src/server/db/schema';
import { rollupDifferences } from '../../../src/server/modules/accounts/rollups';
import { openTestDatabase } from '../../support/test-app';

export const LAGOS = 'Africa/Lagos';

export let database: DatabaseHandle;
export let db: Database;
export let shops: string[];

/** A migrated database for the test file (no app), with three distributors. */
export function setUpRollupsDatabase() {
  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    const rows = await db
      .insert(distributors)
      .values(
        ['Mama Nkechi', 'Iya Bola', 'Oga Emeka'].map((name) => ({
          name,
          address: 'Ojota',
          phone: '08031234567',
        })),
      )
      .returning();
    shops = rows.map((row) => row.id);
  });
  afterAll(() => database.close());
}

export const shop = (n: number) => shops[n] as string;
export const noDrift = async () => expect(await rollupDifferences(db)).toEqual([]);

/** 23:30 and 00:30 in Lagos (UTC+1) on 31 Jan 2026: two bakery days an hour apart. */
export const LATE = new Date('2026-01-31T22:30:00Z');
export const EARLY = new Date('2026-01-31T23:30:00Z');

export async function emptyRecords() {
  await db.execute(
    sql`truncate table sales_transactions, bread_returns, distributor_payments, production_batches, purchase_orders cascade`,
  );
}
