import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/connection';
import { ensureStarterData } from '../../src/server/db/starter-data';
import { availableLoaves } from '../../src/server/modules/sales/shelf';
import { SeedRefusedError } from '../../src/server/seed/existing-data';
import { type ScaleSize, seedScale } from '../../src/server/seed/scale';
import { LAGOS_NOW } from '../support/fixtures';
import { endsWithRollupsMatchingRecords } from '../support/rollups';
import { openTestDatabase } from '../support/test-app';

/** The five-year shape at a size a test can afford. */
const SMALL: ScaleSize = {
  years: 1,
  sales: 3_000,
  payments: 600,
  returns: 300,
  batches: 1_200,
  distributors: 25,
  items: 40,
};

const NOW = new Date('2026-11-21T15:00:00Z');

let database: DatabaseHandle;
const rows = async <T>(query: ReturnType<typeof sql>) =>
  (await database.db.execute(query)) as unknown as { rows: T[] };

beforeAll(async () => {
  database = await openTestDatabase();
  await ensureStarterData(database.db);
});
afterAll(() => database?.close());

describe('npm run seed:scale', () => {
  it('generates the requested numbers of records', async () => {
    const counts = await seedScale(database.db, { size: SMALL, now: NOW });
    expect(counts).toMatchObject({
      inventoryItems: SMALL.items,
      distributors: SMALL.distributors,
      productionBatches: SMALL.batches,
      salesTransactions: SMALL.sales,
      distributorPayments: SMALL.payments,
    });
    expect(counts.breadReturns).toBeGreaterThan(SMALL.returns * 0.8);
    expect(counts.breadReturns).toBeLessThanOrEqual(SMALL.returns);
  });

  it('keeps every item’s stock equal to the sum of its movements', async () => {
    const { rows: off } = await rows(sql`
      select i.name from inventory_items i
      left join stock_movements m on m.item_id = i.id
      group by i.id, i.name, i.current_stock
      having i.current_stock <> coalesce(sum(m.quantity_change), 0)`);
    expect(off).toEqual([]);
  });

  it('deducts each batch’s ingredients, and gives a cancelled batch’s back', async () => {
    const { rows: batches } = await rows<{ status: string; taken: string; given: string }>(sql`
      select b.status,
        coalesce(sum(-m.quantity_change) filter (where m.reason = 'production'), 0) as taken,
        coalesce(sum(m.quantity_change) filter (where m.reason = 'production_cancelled'), 0) as given
      from production_batches b
      left join stock_movements m on m.reference_id = b.id and m.reference_type = 'production_batch'
      group by b.id, b.status`);
    for (const batch of batches) {
      expect(Number(batch.taken)).toBeGreaterThan(0);
      expect(Number(batch.given)).toBe(batch.status === 'cancelled' ? Number(batch.taken) : 0);
    }
  });

  it('never sells more loaves of a bread than were baked, nor takes back more than was sold', async () => {
    const { rows: oversold } = await rows(sql`
      select s.recipe_name from sales_transactions s group by s.recipe_name
      having sum(s.loaves_taken) > (select coalesce(sum(b.loaves_produced), 0)
        from production_batches b where b.recipe_name = s.recipe_name and b.status = 'completed')`);
    expect(oversold).toEqual([]);
    const { rows: overReturned } = await rows(sql`
      select r.distributor_id from bread_returns r group by r.distributor_id, r.recipe_name
      having sum(r.loaves_returned) > (select sum(s.loaves_taken) from sales_transactions s
        where s.distributor_id = r.distributor_id and s.recipe_name = r.recipe_name)`);
    expect(overReturned).toEqual([]);
  });

  it('sells about all that was baked: each bread has left only its last 36 hours of baking', async () => {
    const { rows: fresh } = await rows<{ recipe_name: string; loaves: string }>(sql`
      select recipe_name, sum(loaves_produced)::text as loaves from production_batches
      where status = 'completed' and completed_at > ${NOW.toISOString()}::timestamptz - interval '36 hours'
      group by recipe_name order by recipe_name`);
    expect(fresh.length).toBeGreaterThan(0);
    const left = await availableLoaves(database.db, LAGOS_NOW);
    expect(left.map((bread) => [bread.recipeName, bread.totalAvailable])).toEqual(
      fresh.map((bread) => [bread.recipe_name, Number(bread.loaves)]),
    );
    const { rows: overpaid } = await rows(sql`
      select id from sales_transactions where amount_paid > loaves_taken * price_per_loaf`);
    expect(overpaid).toEqual([]);
  });

  it('refuses a database that holds data, and replaces it when forced', async () => {
    await expect(seedScale(database.db, { size: SMALL })).rejects.toBeInstanceOf(SeedRefusedError);
    const counts = await seedScale(database.db, { size: SMALL, force: true });
    expect(counts.salesTransactions).toBe(SMALL.sales);
  });
});

endsWithRollupsMatchingRecords(() => database.db);
