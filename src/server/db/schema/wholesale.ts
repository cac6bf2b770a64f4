/** The wholesale day: prices per distributor, standing orders, dispatch and settlement. */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, day, id, moment, money, updatedAt } from './columns';
import { pendingTransfers } from './credit';
import { byUser } from './people';
import { breadReturns, distributorPayments, distributors, salesTransactions } from './trade';

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

/**
 * What was loaded for a distributor on a day, per bread ordered or loaded:
 * the loaves loaded are recorded as that distributor's sale (sale_id; none
 * when nothing was loaded), ordered minus loaded is the shortfall. One line
 * per day, distributor and bread: a day's dispatch is made once.
 */
export const dispatchLines = pgTable(
  'dispatch_lines',
  {
    id: id(),
    day: day('day').notNull(),
    distributorId: uuid('distributor_id')
      .notNull()
      .references(() => distributors.id, { onDelete: 'restrict' }),
    recipeName: varchar('recipe_name', { length: 200 }).notNull(),
    loavesOrdered: integer('loaves_ordered').notNull(),
    loavesLoaded: integer('loaves_loaded').notNull(),
    pricePerLoaf: money('price_per_loaf').notNull(),
    saleId: uuid('sale_id').references(() => salesTransactions.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    createdBy: byUser('created_by'),
  },
  (t) => [
    unique('dispatch_lines_day_distributor_bread_key').on(t.day, t.distributorId, t.recipeName),
    check('dispatch_lines_loaves_check', sql`${t.loavesOrdered} >= 0 and ${t.loavesLoaded} >= 0`),
    check('dispatch_lines_price_check', sql`${t.pricePerLoaf} >= 0`),
    index('dispatch_lines_day_idx').on(t.day),
  ],
);

/**
 * A distributor's end of day: the returns and the payment it was settled
 * with (recorded as such, linked here), and the summary as it stood then.
 * One per day and distributor.
 */
export const settlements = pgTable(
  'settlements',
  {
    id: id(),
    day: day('day').notNull(),
    distributorId: uuid('distributor_id')
      .notNull()
      .references(() => distributors.id, { onDelete: 'restrict' }),
    paymentId: uuid('payment_id').references(() => distributorPayments.id, {
      onDelete: 'restrict',
    }),
    /** Money collected by transfer while transfers wait for confirmation (issue 19). */
    pendingTransferId: uuid('pending_transfer_id').references(() => pendingTransfers.id, {
      onDelete: 'restrict',
    }),
    loavesLoaded: integer('loaves_loaded').notNull(),
    loavesReturned: integer('loaves_returned').notNull(),
    valueLoaded: money('value_loaded').notNull(),
    valueReturned: money('value_returned').notNull(),
    collected: money('collected').notNull(),
    balanceAfter: money('balance_after').notNull(),
    notes: text('notes'),
    createdAt: createdAt(),
    /** When the server stored a write made offline (created_at is then when it was made on the device); null: at created_at. */
    receivedAt: moment('received_at'),
    createdBy: byUser('created_by'),
  },
  (t) => [
    unique('settlements_day_distributor_key').on(t.day, t.distributorId),
    index('settlements_distributor_idx').on(t.distributorId, t.day),
  ],
);

/** The returns a settlement recorded. */
export const settlementReturns = pgTable(
  'settlement_returns',
  {
    settlementId: uuid('settlement_id')
      .notNull()
      .references(() => settlements.id, { onDelete: 'restrict' }),
    returnId: uuid('return_id')
      .notNull()
      .references(() => breadReturns.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.settlementId, t.returnId] })],
);
