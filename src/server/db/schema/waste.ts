/** Stale bread and waste: loaves that left the shelf without being sold. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { productionBatches } from './bakery';
import { createdAt, id, moment, money } from './columns';
import { users } from './people';
import { breadReturns } from './trade';

/**
 * Loaves of a bread that passed their shelf life unsold and were set aside
 * from the loaves on sale. Rows are written when a sale or write-off of that
 * bread first meets them (the bread's ledger row locked), so the loaves left
 * on sale stay the newest ones, as the oldest-first walk of batches assumes.
 * `staleFrom` is the bakery midnight the newest of them went stale.
 */
export const staleLoaves = pgTable(
  'stale_loaves',
  {
    id: id(),
    recipeName: varchar('recipe_name', { length: 200 }).notNull(),
    loaves: integer('loaves').notNull(),
    staleFrom: moment('stale_from').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('stale_loaves_loaves_check', sql`${t.loaves} >= 1`),
    index('stale_loaves_recipe_idx').on(t.recipeName, t.createdAt),
  ],
);

/**
 * A write-off: loaves thrown away, given away or eaten, never a sale. `source`
 * says which loaves: `fresh` (on sale), `stale` (set aside above) or `returned`
 * (from one distributor return, named). The cost is the ingredients' cost of
 * those loaves when written off, kept so that a report never changes after.
 */
export const breadWaste = pgTable(
  'bread_waste',
  {
    id: id(),
    recipeName: varchar('recipe_name', { length: 200 }).notNull(),
    loaves: integer('loaves').notNull(),
    reason: varchar('reason', { length: 20 }).notNull(),
    source: varchar('source', { length: 20 }).notNull(),
    breadReturnId: uuid('bread_return_id').references(() => breadReturns.id, {
      onDelete: 'restrict',
    }),
    productionBatchId: uuid('production_batch_id').references(() => productionBatches.id, {
      onDelete: 'restrict',
    }),
    costPerLoaf: money('cost_per_loaf').notNull(),
    cost: money('cost').notNull(),
    notes: text('notes'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('bread_waste_loaves_check', sql`${t.loaves} >= 1`),
    check(
      'bread_waste_reason_check',
      sql`${t.reason} in ('stale', 'damaged', 'given_away', 'staff')`,
    ),
    check('bread_waste_source_check', sql`${t.source} in ('fresh', 'stale', 'returned')`),
    check(
      'bread_waste_return_check',
      sql`(${t.source} = 'returned') = (${t.breadReturnId} is not null)`,
    ),
    check('bread_waste_cost_check', sql`${t.costPerLoaf} >= 0 and ${t.cost} >= 0`),
    index('bread_waste_created_idx').on(t.createdAt),
    index('bread_waste_return_idx').on(t.breadReturnId),
  ],
);
