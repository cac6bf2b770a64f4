/** Selling to distributors: distributors, sales, payments and returns. */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { productionBatches } from './bakery';
import { createdAt, id, moment, money, updatedAt } from './columns';
import { byUser } from './people';

export const distributors = pgTable(
  'distributors',
  {
    id: id(),
    name: varchar('name', { length: 200 }).notNull(),
    address: text('address').notNull(),
    phone: varchar('phone', { length: 50 }).notNull(),
    /** The most this distributor may owe; null: no limit (issue 19). */
    creditLimit: money('credit_limit'),
    /** Days after a sale that it falls due; null: due on the day of the sale. */
    paymentTermsDays: integer('payment_terms_days'),
    archived: boolean('archived').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('distributors_archived_idx').on(t.archived),
    check('distributors_credit_limit_check', sql`${t.creditLimit} >= 0`),
    check('distributors_payment_terms_check', sql`${t.paymentTermsDays} between 0 and 365`),
  ],
);

export const salesTransactions = pgTable(
  'sales_transactions',
  {
    id: id(),
    distributorId: uuid('distributor_id')
      .notNull()
      .references(() => distributors.id, { onDelete: 'restrict' }),
    recipeName: varchar('recipe_name', { length: 200 }).notNull(),
    productionBatchId: uuid('production_batch_id').references(() => productionBatches.id, {
      onDelete: 'restrict',
    }),
    loavesTaken: integer('loaves_taken').notNull(),
    pricePerLoaf: money('price_per_loaf').notNull(),
    amountPaid: money('amount_paid').notNull().default(0),
    notes: text('notes'),
    /** Why this sale was allowed over the credit limit, and who allowed it. */
    creditOverrideReason: text('credit_override_reason'),
    creditOverrideBy: byUser('credit_override_by'),
    createdAt: createdAt(),
    /** When the server stored a write made offline (created_at is then when it was made on the device); null: at created_at. */
    receivedAt: moment('received_at'),
  },
  (t) => [
    check('sales_transactions_loaves_check', sql`${t.loavesTaken} >= 1`),
    // A statement's page: one distributor's lines in (instant, id) order.
    index('sales_transactions_distributor_created_idx').on(t.distributorId, t.createdAt, t.id),
    index('sales_transactions_created_at_idx').on(t.createdAt),
    index('sales_transactions_recipe_name_idx').on(t.recipeName),
  ],
);

export const distributorPayments = pgTable(
  'distributor_payments',
  {
    id: id(),
    distributorId: uuid('distributor_id')
      .notNull()
      .references(() => distributors.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    paymentMethod: varchar('payment_method', { length: 20 }).notNull().default('cash'),
    description: text('description'),
    /** The receipt's number: one sequence, never reused (a refused payment may skip one). */
    receiptNumber: bigserial('receipt_number', { mode: 'number' }).notNull().unique(),
    /** Who took the money: the receipt's "received by" (null before receipts existed). */
    recordedBy: byUser('recorded_by'),
    createdAt: createdAt(),
    /** When the server stored a write made offline (created_at is then when it was made on the device); null: at created_at. */
    receivedAt: moment('received_at'),
  },
  (t) => [
    check(
      'distributor_payments_method_check',
      sql`${t.paymentMethod} in ('cash', 'bank_transfer', 'mobile_money', 'check')`,
    ),
    // A statement's page: one distributor's lines in (instant, id) order.
    index('distributor_payments_distributor_created_idx').on(t.distributorId, t.createdAt, t.id),
    index('distributor_payments_created_at_idx').on(t.createdAt),
  ],
);

export const breadReturns = pgTable(
  'bread_returns',
  {
    id: id(),
    distributorId: uuid('distributor_id')
      .notNull()
      .references(() => distributors.id, { onDelete: 'restrict' }),
    recipeName: varchar('recipe_name', { length: 200 }).notNull(),
    loavesReturned: integer('loaves_returned').notNull(),
    pricePerLoaf: money('price_per_loaf').notNull(),
    reason: varchar('reason', { length: 20 }).notNull(),
    notes: text('notes'),
    createdAt: createdAt(),
    /** When the server stored a write made offline (created_at is then when it was made on the device); null: at created_at. */
    receivedAt: moment('received_at'),
  },
  (t) => [
    check(
      'bread_returns_reason_check',
      sql`${t.reason} in ('spoiled', 'damaged', 'quality_issue', 'other')`,
    ),
    check('bread_returns_loaves_check', sql`${t.loavesReturned} >= 1`),
    // A statement's page: one distributor's lines in (instant, id) order.
    index('bread_returns_distributor_created_idx').on(t.distributorId, t.createdAt, t.id),
    index('bread_returns_created_at_idx').on(t.createdAt),
  ],
);
