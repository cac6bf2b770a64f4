/**
 * The whole database: the records docs/screens/ describe, plus stock_movements (every
 * change of stock leaves a trace), app_settings (values every app process
 * must share, such as the generated session secret) and login_attempts (the
 * sign-in throttle every app process on the database shares).
 *
 * Money is NUMERIC(14,2): exact to the kobo. Unit costs are rates, kept to 4
 * decimals so that a lot's total divides back exactly. Stock quantities keep 3
 * decimals. Drizzle's `mode: 'number'` is the one place NUMERIC strings become
 * numbers; sums are always done in SQL.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type {
  InventoryCategory,
  InventoryUnit,
  StockMovementReason,
} from '../../domain/inventory-schemas';

const id = () => uuid('id').primaryKey().defaultRandom();
const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });
const rate = (name: string) => numeric(name, { precision: 16, scale: 4, mode: 'number' });
const quantity = (name: string) => numeric(name, { precision: 14, scale: 3, mode: 'number' });
const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => moment('created_at').notNull().defaultNow();
const updatedAt = () => moment('updated_at').notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: id(),
    email: varchar('email', { length: 254 }).notNull(),
    username: varchar('username', { length: 50 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: varchar('first_name', { length: 100 }),
    lastName: varchar('last_name', { length: 100 }),
    profileImageUrl: text('profile_image_url'),
    isAdmin: boolean('is_admin').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // "Baker" and "baker" are one person: uniqueness ignores case.
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    sid: varchar('sid', { length: 255 }).primaryKey(),
    sess: jsonb('sess').notNull(),
    expire: moment('expire').notNull(),
  },
  (t) => [index('sessions_expire_idx').on(t.expire)],
);

export const roles = pgTable('roles', {
  id: id(),
  name: varchar('name', { length: 100 }).notNull().unique(),
  description: text('description'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const permissions = pgTable('permissions', {
  id: id(),
  module: varchar('module', { length: 50 }).notNull().unique(),
  displayName: varchar('display_name', { length: 100 }).notNull(),
  description: text('description'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    assignedAt: moment('assigned_at').notNull().defaultNow(),
    assignedBy: uuid('assigned_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('user_roles_user_role_unique').on(t.userId, t.roleId)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    id: id(),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: uuid('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
    canRead: boolean('can_read').notNull().default(true),
    canWrite: boolean('can_write').notNull().default(false),
    canDelete: boolean('can_delete').notNull().default(false),
    assignedAt: moment('assigned_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('role_permissions_role_permission_unique').on(t.roleId, t.permissionId)],
);

export const inventoryItems = pgTable(
  'inventory_items',
  {
    id: id(),
    name: varchar('name', { length: 200 }).notNull(),
    category: varchar('category', { length: 20 }).$type<InventoryCategory>().notNull(),
    currentStock: quantity('current_stock').notNull().default(0),
    unit: varchar('unit', { length: 10 }).$type<InventoryUnit>().notNull(),
    minStock: quantity('min_stock').notNull().default(0),
    unitCost: rate('unit_cost').notNull().default(0),
    supplier: varchar('supplier', { length: 200 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // An item with history is archived, not deleted: its movements, orders and
    // batches keep pointing at it. Null while it is in use.
    archivedAt: moment('archived_at'),
  },
  (t) => [
    check(
      'inventory_items_category_check',
      sql`${t.category} in ('ingredients', 'packaging', 'utilities', 'supplies')`,
    ),
    check('inventory_items_unit_check', sql`${t.unit} in ('kg', 'g', 'liters', 'units', '%')`),
    index('inventory_items_name_idx').on(t.name),
  ],
);

export const recipes = pgTable('recipes', {
  id: id(),
  name: varchar('name', { length: 200 }).notNull(),
  description: text('description'),
  baseFlourKg: quantity('base_flour_kg').notNull().default(1),
  ingredients: jsonb('ingredients')
    .$type<{ itemId: string; quantity: number; unit: string }[]>()
    .notNull(),
  instructions: text('instructions'),
  estimatedDuration: integer('estimated_duration'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  // A deleted recipe is hidden, not erased: its batches keep their history and
  // the delete can be undone.
  deletedAt: moment('deleted_at'),
});

export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: id(),
    orderNumber: varchar('order_number', { length: 50 }).notNull().unique(),
    supplier: varchar('supplier', { length: 200 }).notNull(),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    items: jsonb('items')
      .$type<{ itemId: string; quantity: number; unitCost: number; totalCost?: number }[]>()
      .notNull(),
    totalAmount: money('total_amount').notNull().default(0),
    orderDate: moment('order_date').notNull().defaultNow(),
    expectedDelivery: moment('expected_delivery'),
    deliveredDate: moment('delivered_date'),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'purchase_orders_status_check',
      sql`${t.status} in ('pending', 'shipped', 'delivered', 'cancelled')`,
    ),
    // Order numbers are told apart without regard to case, also when two saves race.
    uniqueIndex('purchase_orders_order_number_lower_unique').on(sql`lower(${t.orderNumber})`),
    index('purchase_orders_status_idx').on(t.status),
    index('purchase_orders_order_date_idx').on(t.orderDate),
  ],
);

export const productionBatches = pgTable(
  'production_batches',
  {
    id: id(),
    batchNumber: varchar('batch_number', { length: 50 }).notNull().unique(),
    recipeId: uuid('recipe_id').references(() => recipes.id, { onDelete: 'restrict' }),
    recipeName: varchar('recipe_name', { length: 200 }).notNull(),
    flourKg: quantity('flour_kg').notNull(),
    doughSizeGrams: quantity('dough_size_grams'),
    status: varchar('status', { length: 20 }).notNull().default('planned'),
    startedAt: moment('started_at'),
    completedAt: moment('completed_at'),
    loavesProduced: integer('loaves_produced'),
    notes: text('notes'),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'production_batches_status_check',
      sql`${t.status} in ('planned', 'in_progress', 'completed', 'cancelled')`,
    ),
    uniqueIndex('production_batches_batch_number_lower_unique').on(sql`lower(${t.batchNumber})`),
    index('production_batches_created_at_idx').on(t.createdAt),
    index('production_batches_status_completed_idx').on(t.status, t.completedAt),
    index('production_batches_recipe_name_idx').on(t.recipeName),
    // Where a bread's loaves left are: its newest completed batches.
    index('production_batches_completed_newest_idx')
      .on(t.recipeName, t.completedAt.desc(), t.batchNumber.desc())
      .where(sql`${t.status} = 'completed'`),
    // Production History's pages, most recently completed first.
    index('production_batches_completed_history_idx')
      .on(t.completedAt.desc(), t.batchNumber.desc())
      .where(sql`${t.status} = 'completed'`),
  ],
);

export const distributors = pgTable(
  'distributors',
  {
    id: id(),
    name: varchar('name', { length: 200 }).notNull(),
    address: text('address').notNull(),
    phone: varchar('phone', { length: 50 }).notNull(),
    archived: boolean('archived').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('distributors_archived_idx').on(t.archived)],
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
    createdAt: createdAt(),
  },
  (t) => [
    check('sales_transactions_loaves_check', sql`${t.loavesTaken} >= 1`),
    // A statement's page: one distributor's lines in (instant, id) order.
    index('sales_transactions_distributor_created_idx').on(t.distributorId, t.createdAt, t.id),
    index('sales_transactions_created_at_idx').on(t.createdAt),
    index('sales_transactions_recipe_name_idx').on(t.recipeName),
  ],
);

/**
 * Loaves baked (completed batches) and sold, per bread. Triggers on
 * production_batches and sales_transactions keep it (migration 0004), whatever
 * writes them: the app, a seed, a restore or psql. A sale checks what is left
 * here instead of summing years of sales.
 */
export const breadLedger = pgTable('bread_ledger', {
  recipeName: varchar('recipe_name', { length: 200 }).primaryKey(),
  loavesBaked: bigint('loaves_baked', { mode: 'number' }).notNull().default(0),
  loavesSold: bigint('loaves_sold', { mode: 'number' }).notNull().default(0),
});

// --- Roll-ups ----------------------------------------------------------------
// Per bakery day totals of the records reports and accounts add up, kept by
// statement-level triggers (migration 0007) in the same transaction as each
// write, so a date range of whole days is answered from them exactly. Their
// days are in rollup_settings' time zone; start-up rebuilds them when BAKERY_TZ
// differs (src/server/modules/accounts/rollups.ts), and `npm run verify`
// compares them with the raw rows. Like bread_ledger they are left out of backups.

const total = (name: string, scale = 2) =>
  numeric(name, { precision: 20, scale, mode: 'number' }).notNull().default(0);
const tally = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const day = (name: string) => date(name, { mode: 'string' });

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
  (t) => [primaryKey({ columns: [t.day, t.distributorId, t.reason] })],
);

/**
 * Per day, all distributors and breads together: sales, paid at sale,
 * payments and returns with their counts, for trends and accounting's cash.
 */
export const rollupDays = pgTable('rollup_days', {
  day: day('day').primaryKey(),
  salesCount: tally('sales_count'),
  salesValue: total('sales_value'),
  paidAtSale: total('paid_at_sale'),
  paymentsCount: tally('payments_count'),
  payments: total('payments'),
  returnsCount: tally('returns_count'),
  returnsValue: total('returns_value'),
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
    createdAt: createdAt(),
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

export const stockMovements = pgTable(
  'stock_movements',
  {
    id: id(),
    // A movement outlives nothing it names: the item and the user stay (archived, deactivated).
    itemId: uuid('item_id')
      .notNull()
      .references(() => inventoryItems.id, { onDelete: 'restrict' }),
    quantityChange: quantity('quantity_change').notNull(),
    /** receipt | production | production_cancelled | manual_adjustment | initial_stock */
    reason: varchar('reason', { length: 30 }).$type<StockMovementReason>().notNull(),
    /** The record that caused it: 'purchase_order' or 'production_batch', with its id. */
    referenceType: varchar('reference_type', { length: 30 }),
    referenceId: uuid('reference_id'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('stock_movements_item_created_idx').on(t.itemId, t.createdAt),
    index('stock_movements_reference_idx').on(t.referenceType, t.referenceId),
  ],
);

/**
 * The notifications (src/domain/notifications.ts, by their key) each user has
 * marked read. A notification is computed from the data, never stored; a mark
 * whose notification no longer holds is pruned when that user next marks one.
 */
export const notificationReads = pgTable(
  'notification_reads',
  {
    // The marks are the user's own state, no record of the bakery's: they go with the user.
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notificationKey: varchar('notification_key', { length: 200 }).notNull(),
    readAt: moment('read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.notificationKey] })],
);

export const appSettings = pgTable('app_settings', {
  key: varchar('key', { length: 100 }).primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

/**
 * Sign-in and registration attempts within the throttle window, one row per
 * attempt and scope ('username' or 'address'). `key` is the SHA-256 of the
 * username key (`usernameKey`), of the client address, or of "registration " +
 * the address for the registrations from it, so the table never holds what
 * someone typed (people type passwords into the username field). Rows older
 * than the window are pruned.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: id(),
    scope: varchar('scope', { length: 16 }).$type<'username' | 'address'>().notNull(),
    key: varchar('key', { length: 64 }).notNull(),
    attemptedAt: moment('attempted_at').notNull().defaultNow(),
  },
  (t) => [
    check('login_attempts_scope_check', sql`${t.scope} in ('username', 'address')`),
    index('login_attempts_key_idx').on(t.scope, t.key, t.attemptedAt),
    index('login_attempts_attempted_at_idx').on(t.attemptedAt),
  ],
);

/**
 * The audit trail: one row per write to the API, answered or refused, and per
 * sign-in, sign-out and failed sign-in (src/server/modules/audit). `username`
 * is kept as it was at the time, so a row still names a user who was renamed
 * or deleted (`user_id` then becomes null). `summary` is a small JSON of what
 * was sent, with passwords redacted and long values cut; never a hash.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    at: moment('at').notNull().defaultNow(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: varchar('username', { length: 50 }),
    /** "<module>.<verb>", e.g. 'sales.create', 'auth.login_failed'. */
    action: varchar('action', { length: 80 }).notNull(),
    method: varchar('method', { length: 10 }).notNull(),
    /** The route as the router knows it, e.g. '/api/inventory/:id'. */
    route: varchar('route', { length: 200 }).notNull(),
    recordType: varchar('record_type', { length: 40 }),
    recordId: uuid('record_id'),
    status: integer('status').notNull(),
    clientAddress: varchar('client_address', { length: 100 }),
    summary: jsonb('summary').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_events_at_idx').on(t.at.desc()),
    index('audit_events_user_at_idx').on(t.userId, t.at.desc()),
    // The Module filter compares the action's first part.
    index('audit_events_module_at_idx').on(sql`split_part(${t.action}, '.', 1)`, t.at.desc()),
    index('audit_events_record_idx').on(t.recordId, t.recordType),
  ],
);

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
  (t) => [primaryKey({ columns: [t.month, t.distributorId] })],
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
