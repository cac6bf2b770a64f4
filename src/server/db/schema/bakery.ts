/** What the bakery holds and makes: inventory and its movements, purchase orders, recipes, batches, loaves left. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type {
  InventoryCategory,
  InventoryUnit,
  StockMovementReason,
} from '../../../domain/inventory-schemas';
import { createdAt, id, moment, money, quantity, rate, updatedAt } from './columns';
import { users } from './people';

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

export const recipes = pgTable(
  'recipes',
  {
    id: id(),
    name: varchar('name', { length: 200 }).notNull(),
    description: text('description'),
    baseFlourKg: quantity('base_flour_kg').notNull().default(1),
    ingredients: jsonb('ingredients')
      .$type<{ itemId: string; quantity: number; unit: string }[]>()
      .notNull(),
    instructions: text('instructions'),
    estimatedDuration: integer('estimated_duration'),
    // Loaves a kilogram of flour makes, set by the baker: the bake plan turns
    // loaves ordered into flour with it (null: not set, the plan says so).
    loavesPerKg: quantity('loaves_per_kg'),
    // Bakery days a loaf is sold on, its baking day the first: loaves of a batch
    // completed on day D go stale at the bakery midnight starting D + shelf life
    // (null: never stale, as before shelf lives were kept).
    shelfLifeDays: integer('shelf_life_days'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // A deleted recipe is hidden, not erased: its batches keep their history and
    // the delete can be undone.
    deletedAt: moment('deleted_at'),
  },
  (t) => [
    check(
      'recipes_shelf_life_check',
      sql`${t.shelfLifeDays} is null or ${t.shelfLifeDays} between 1 and 60`,
    ),
  ],
);

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
    // A prefix of the number (the bake plan's PLAN-yyyymmdd-) found without reading every
    // batch: text_pattern_ops serves LIKE 'prefix%' whatever the database's collation.
    index('production_batches_number_prefix_idx').using(
      'btree',
      sql`lower(${t.batchNumber}) text_pattern_ops`,
    ),
    index('production_batches_status_completed_idx').on(t.status, t.completedAt),
    index('production_batches_recipe_name_idx').on(t.recipeName),
    // Where a bread's loaves left are: its newest completed batches.
    index('production_batches_completed_newest_idx')
      .on(t.recipeName, t.completedAt.desc(), t.batchNumber.desc())
      .where(sql`${t.status} = 'completed'`),
    // Production History's pages, most recently completed first: ascending,
    // read backward for its `desc, desc` (a desc() index is NULLS LAST, which
    // that order is not, so it went unused; migration 0013).
    index('production_batches_completed_history_idx')
      .on(t.completedAt, t.batchNumber)
      .where(sql`${t.status} = 'completed'`),
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
 * Loaves baked (completed batches) and sold, per bread, and those that left
 * the shelf unsold: set aside as stale, written off fresh, and written off of
 * the stale. Triggers on production_batches, sales_transactions (migration
 * 0004), stale_loaves and bread_waste (0017) keep it, whatever writes them:
 * the app, a seed, a restore or psql. On sale: baked − sold − gone stale −
 * wasted fresh; stale waiting: gone stale − wasted stale. A sale checks what
 * is left here instead of summing years of sales.
 */
export const breadLedger = pgTable('bread_ledger', {
  recipeName: varchar('recipe_name', { length: 200 }).primaryKey(),
  loavesBaked: bigint('loaves_baked', { mode: 'number' }).notNull().default(0),
  loavesSold: bigint('loaves_sold', { mode: 'number' }).notNull().default(0),
  loavesGoneStale: bigint('loaves_gone_stale', { mode: 'number' }).notNull().default(0),
  loavesWastedFresh: bigint('loaves_wasted_fresh', { mode: 'number' }).notNull().default(0),
  loavesWastedStale: bigint('loaves_wasted_stale', { mode: 'number' }).notNull().default(0),
});
