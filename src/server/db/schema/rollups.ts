import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { day, money, tally, total } from './columns';

/** The one time zone every roll-up's days are in (one row); the triggers read it. */
export const rollupSettings = pgTable(
  'rollup_settings',
  {
    id: boolean('id').primaryKey().default(true),
    timeZone: text('time_zone').notNull(),
  },
  (t) => [check('rollup_settings_one_row', sql`${t.id}`)],
);

/** Per day, distributor and bread: its sales and its returns. A row exists while a record does. */
export const rollupDistributorBreadDays = pgTable(
  'rollup_distributor_bread_days',
  {
    distributorId: uuid('distributor_id').notNull(),
    day: day('day').notNull(),
    recipeName: varchar('recipe_name', { length: 200 }).notNull(),
    salesCount: tally('sales_count'),
    loavesSold: tally('loaves_sold'),
    salesValue: total('sales_value'),
    paidAtSale: total('paid_at_sale'),
    returnsCount: tally('returns_count'),
    loavesReturned: tally('loaves_returned'),
    returnsValue: total('returns_value'),
  },
  (t) => [
    primaryKey({ columns: [t.distributorId, t.day, t.recipeName] }),
    index('rollup_distributor_bread_days_day_idx').on(t.day),
    // A distributor's days with what they charged, read from the index alone (ageing:
    // the heap rows of a distributor's days lie scattered among everyone's).
    index('rollup_distributor_bread_days_charges_idx').on(
      t.distributorId,
      t.day,
      t.salesValue,
      t.paidAtSale,
    ),
  ],
);

/** Per day, distributor and reason: the returns report's figures. */
export const rollupReturnDays = pgTable(
  'rollup_return_days',
  {
    day: day('day').notNull(),
    distributorId: uuid('distributor_id').notNull(),
    reason: varchar('reason', { length: 20 }).notNull(),
    returnsCount: tally('returns_count'),
    loavesReturned: tally('loaves_returned'),
    returnsValue: total('returns_value'),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.distributorId, t.reason] }),
    // The Returns report over a range, read from the index alone: after years of
    // returns a range's rows lie scattered over the heap (1,031 pages for this
    // year at five years against 206 at one).
    index('rollup_return_days_report_idx').on(
      t.day,
      t.distributorId,
      t.reason,
      t.returnsCount,
      t.loavesReturned,
      t.returnsValue,
    ),
  ],
);

/** The bakery's money in and out over a period, all distributors and breads together. */
const cashTotals = () => ({
  salesCount: tally('sales_count'),
  salesValue: total('sales_value'),
  paidAtSale: total('paid_at_sale'),
  paymentsCount: tally('payments_count'),
  payments: total('payments'),
  returnsCount: tally('returns_count'),
  returnsValue: total('returns_value'),
});

/**
 * Per day, all distributors and breads together: sales, paid at sale,
 * payments and returns with their counts, for trends and accounting's cash.
 */
export const rollupDays = pgTable('rollup_days', { day: day('day').primaryKey(), ...cashTotals() });

/**
 * Per bakery month (its first day), all distributors and breads together: the
 * totals of rollup_days in that month, kept by a trigger on rollup_days
 * (migration 0025). Trends by month read their whole months here, so the
 * all-time trends read a row a month instead of a row a day.
 */
export const rollupMonths = pgTable('rollup_months', {
  month: day('month').primaryKey(),
  ...cashTotals(),
});

/**
 * Per distributor, all days together: the same totals as the two roll-ups
 * below and above, so the Distributors cards and all-time reports read one
 * row per distributor. A row exists while a sale, payment or return does.
 */
export const rollupDistributorAccounts = pgTable('rollup_distributor_accounts', {
  distributorId: uuid('distributor_id').primaryKey(),
  salesCount: tally('sales_count'),
  salesValue: total('sales_value'),
  paidAtSale: total('paid_at_sale'),
  paymentsCount: tally('payments_count'),
  payments: total('payments'),
  returnsCount: tally('returns_count'),
  returnsValue: total('returns_value'),
});

/** Per day and distributor: the payments it made after its sales. */
export const rollupDistributorPaymentDays = pgTable(
  'rollup_distributor_payment_days',
  {
    distributorId: uuid('distributor_id').notNull(),
    day: day('day').notNull(),
    paymentsCount: tally('payments_count'),
    payments: total('payments'),
  },
  (t) => [
    primaryKey({ columns: [t.distributorId, t.day] }),
    index('rollup_distributor_payment_days_day_idx').on(t.day),
  ],
);

/**
 * Per day started (null: never started), bread and status: batches, flour and
 * loaves, as the production report counts them (by start, undated kept).
 */
export const rollupBreadProductionDays = pgTable(
  'rollup_bread_production_days',
  {
    day: day('day'),
    recipeName: varchar('recipe_name', { length: 200 }).notNull(),
    status: varchar('status', { length: 20 }).notNull(),
    batches: tally('batches'),
    flourKg: total('flour_kg', 3),
    loaves: tally('loaves'),
  },
  (t) => [
    unique('rollup_bread_production_days_key').on(t.day, t.recipeName, t.status).nullsNotDistinct(),
  ],
);

/** Per order day: the purchase orders accounting counts as expenditure (all but cancelled). */
export const rollupOrderDays = pgTable('rollup_order_days', {
  day: day('day').primaryKey(),
  ordersCount: tally('orders_count'),
  expenditure: total('expenditure'),
});

/**
 * Per bakery month (its first day) and distributor: the totals of
 * rollup_distributor_accounts for that month. A date range sums its whole
 * months here and its edge days from the daily roll-ups (migration 0012).
 */
export const rollupDistributorMonths = pgTable(
  'rollup_distributor_months',
  {
    month: day('month').notNull(),
    distributorId: uuid('distributor_id').notNull(),
    salesCount: tally('sales_count'),
    salesValue: total('sales_value'),
    paidAtSale: total('paid_at_sale'),
    paymentsCount: tally('payments_count'),
    payments: total('payments'),
    returnsCount: tally('returns_count'),
    returnsValue: total('returns_value'),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.distributorId] }),
    // One distributor's months, newest first, with what they charged, read from the
    // index alone: where its balance reaches back to (ageing).
    index('rollup_distributor_months_distributor_idx').on(
      t.distributorId,
      t.month,
      t.salesValue,
      t.paidAtSale,
    ),
  ],
);

/** Per distributor and reason, all days together: the all-time Returns report. */
export const rollupDistributorReturnReasons = pgTable(
  'rollup_distributor_return_reasons',
  {
    distributorId: uuid('distributor_id').notNull(),
    reason: varchar('reason', { length: 20 }).notNull(),
    returnsCount: tally('returns_count'),
    loavesReturned: tally('loaves_returned'),
    returnsValue: total('returns_value'),
  },
  (t) => [primaryKey({ columns: [t.distributorId, t.reason] })],
);

/** Per batch status, all days together: the production and history summaries. */
export const rollupBatchStatuses = pgTable('rollup_batch_statuses', {
  status: varchar('status', { length: 20 }).primaryKey(),
  batches: tally('batches'),
  flourKg: total('flour_kg', 3),
  loaves: tally('loaves'),
});

/**
 * Per bakery month started (its first day), bread and status: the totals of
 * rollup_bread_production_days for that month, batches never started left
 * out. A production trend by month sums its whole months here and its edge
 * days from the daily roll-up (migration 0013).
 */
export const rollupBreadProductionMonths = pgTable(
  'rollup_bread_production_months',
  {
    month: day('month').notNull(),
    recipeName: varchar('recipe_name', { length: 200 }).notNull(),
    status: varchar('status', { length: 20 }).notNull(),
    batches: tally('batches'),
    flourKg: total('flour_kg', 3),
    loaves: tally('loaves'),
  },
  (t) => [primaryKey({ columns: [t.month, t.recipeName, t.status] })],
);

/** Per purchase order status, all days together: the purchase orders summary (migration 0013). */
export const rollupOrderStatuses = pgTable('rollup_order_statuses', {
  status: varchar('status', { length: 20 }).primaryKey(),
  ordersCount: tally('orders_count'),
});

/**
 * Per distributor and bread, all days together: loaves taken and returned
 * and the highest price paid, which a new return is checked against (it
 * summed every sale of that bread to the distributor, under a lock).
 */
export const rollupDistributorBreads = pgTable(
  'rollup_distributor_breads',
  {
    distributorId: uuid('distributor_id').notNull(),
    recipeName: varchar('recipe_name', { length: 200 }).notNull(),
    loavesTaken: tally('loaves_taken'),
    highestPrice: money('highest_price'),
    loavesReturned: tally('loaves_returned'),
  },
  (t) => [primaryKey({ columns: [t.distributorId, t.recipeName] })],
);

/**
 * Every roll-up. Each has a view `rollup_expected_<name>` of what it should
 * hold (migrations 0007 on), with the roll-up's key: the drift check compares
 * the two; backups leave them all out (the triggers rebuild them as a restore
 * loads records).
 */
export const ROLLUP_TABLES = [
  rollupDistributorBreadDays,
  rollupDistributorPaymentDays,
  rollupBreadProductionDays,
  rollupOrderDays,
  rollupDistributorAccounts,
  rollupDays,
  rollupMonths,
  rollupReturnDays,
  rollupDistributorMonths,
  rollupDistributorReturnReasons,
  rollupBatchStatuses,
  rollupBreadProductionMonths,
  rollupOrderStatuses,
  rollupDistributorBreads,
] as const;
