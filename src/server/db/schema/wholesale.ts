/** The wholesale day: prices per distributor and the standing orders the day's volume comes from. */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, day, id, money, updatedAt } from './columns';
import { users } from './people';
import { distributors } from './trade';

const byUser = (name: string) => uuid(name).references(() => users.id, { onDelete: 'set null' });

/**
 * A bread's price from a bakery day on: the default (no distributor) or one
 * distributor's own. Changes are new rows, never edits, so the price in force
 * on any day can be told; the newest row of a day wins. A distributor's row
 * with no price withdraws their own price from that day (the default applies).
 */
export const breadPrices = pgTable(
  'bread_prices',
  {
    id: id(),
    recipeName: varchar('recipe_name', { length: 200 }).notNull(),
    distributorId: uuid('distributor_id').references(() => distributors.id, {
      onDelete: 'restrict',
    }),
    pricePerLoaf: money('price_per_loaf'),
    effectiveFrom: day('effective_from').notNull(),
    createdAt: createdAt(),
    createdBy: byUser('created_by'),
  },
  (t) => [
    check('bread_prices_price_check', sql`${t.pricePerLoaf} is null or ${t.pricePerLoaf} >= 0`),
    check(
      'bread_prices_default_has_price_check',
      sql`${t.distributorId} is not null or ${t.pricePerLoaf} is not null`,
    ),
    index('bread_prices_lookup_idx').on(t.recipeName, t.distributorId, t.effectiveFrom),
  ],
);

/** A distributor's standing order: loaves of a bread every such weekday (1 Monday … 7 Sunday). */
export const standingOrders = pgTable(
  'standing_orders',
  {
    distributorId: uuid('distributor_id')
      .notNull()
      .references(() => distributors.id, { onDelete: 'restrict' }),
    recipeName: varchar('recipe_name', { length: 200 }).notNull(),
    weekday: smallint('weekday').notNull(),
    loaves: integer('loaves').notNull(),
    updatedAt: updatedAt(),
    updatedBy: byUser('updated_by'),
  },
  (t) => [
    primaryKey({ columns: [t.distributorId, t.recipeName, t.weekday] }),
    check('standing_orders_weekday_check', sql`${t.weekday} between 1 and 7`),
    check('standing_orders_loaves_check', sql`${t.loaves} >= 0`),
  ],
);

/** No standing order for a distributor from one bakery day to another, both included (holiday, travel). */
export const orderPauses = pgTable(
  'order_pauses',
  {
    id: id(),
    distributorId: uuid('distributor_id')
      .notNull()
      .references(() => distributors.id, { onDelete: 'restrict' }),
    fromDay: day('from_day').notNull(),
    toDay: day('to_day').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
    createdBy: byUser('created_by'),
  },
  (t) => [
    check('order_pauses_days_check', sql`${t.toDay} >= ${t.fromDay}`),
    index('order_pauses_distributor_idx').on(t.distributorId, t.toDay),
  ],
);

/** One date's order of a bread for a distributor, in place of the standing order (0: none that day). */
export const orderChanges = pgTable(
  'order_changes',
  {
    distributorId: uuid('distributor_id')
      .notNull()
      .references(() => distributors.id, { onDelete: 'restrict' }),
    recipeName: varchar('recipe_name', { length: 200 }).notNull(),
    day: day('day').notNull(),
    loaves: integer('loaves').notNull(),
    updatedAt: updatedAt(),
    updatedBy: byUser('updated_by'),
  },
  (t) => [
    primaryKey({ columns: [t.distributorId, t.recipeName, t.day] }),
    check('order_changes_loaves_check', sql`${t.loaves} >= 0`),
    index('order_changes_day_idx').on(t.day),
  ],
);
