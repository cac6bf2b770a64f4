import { type AnyColumn, and, asc, desc, eq, gt, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type {
  InventoryItem,
  ItemDeleteResult,
  StockMovement,
} from '../../../domain/contracts/inventory';
import {
  type InventoryItemInput,
  type InventoryItemUpdateInput,
  WHOLE_UNIT_FIELDS,
  wholeUnitIssues,
} from '../../../domain/inventory-schemas';
import { quantityDifference } from '../../../domain/quantity';
import type { Database, Transaction } from '../../db/connection';
import { lockFor } from '../../db/locks';
import { rowsOf } from '../../db/raw-results';
import {
  inventoryItems,
  productionBatches,
  purchaseOrders,
  recipes,
  stockMovements,
  users,
} from '../../db/schema';
import { AppError, badRequest, notFound } from '../../errors';
import { changeStock } from './stock';

type ItemRow = typeof inventoryItems.$inferSelect;

export function toItem({ archivedAt, ...row }: ItemRow): InventoryItem {
  return {
    ...row,
    archived: archivedAt !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Items in use: the rule every list, picker and low-stock count applies. */
export const isInUse = isNull(inventoryItems.archivedAt);

/** Items in use by name, or all of them with `includeArchived`. */
export async function listItems(db: Database, includeArchived: boolean): Promise<InventoryItem[]> {
  const rows = await db
    .select()
    .from(inventoryItems)
    .where(includeArchived ? undefined : isInUse)
    .orderBy(asc(inventoryItems.name));
  return rows.map(toItem);
}

/**
 * docs/screens/inventory.md: low stock for the dashboard and reports is a minimum above 0 and stock
 * at or below it. An archived item is no longer stocked, so it is never low.
 */
export const isLowStock = and(
  isInUse,
  gt(inventoryItems.minStock, 0),
  lte(inventoryItems.currentStock, inventoryItems.minStock),
);

export async function listLowStock(db: Database): Promise<InventoryItem[]> {
  const rows = await db
    .select()
    .from(inventoryItems)
    .where(isLowStock)
    .orderBy(
      asc(sql`${inventoryItems.currentStock} / ${inventoryItems.minStock}`),
      asc(inventoryItems.name),
    );
  return rows.map(toItem);
}

async function getItem(db: Database, id: string): Promise<InventoryItem> {
  const [row] = await db.select().from(inventoryItems).where(eq(inventoryItems.id, id));
  if (!row) throw notFound('Inventory item');
  return toItem(row);
}

/** A name as people tell names apart: case and runs of spaces aside. */
const nameKey = (name: AnyColumn | string) =>
  sql`lower(regexp_replace(btrim(${name}), '\\s+', ' ', 'g'))`;

/** The item in use already called `name`, other than `exceptId`. */
async function itemNamed(tx: Transaction, name: string, exceptId?: string) {
  // Serialises item names so two saves of the same new name cannot both pass.
  await lockFor(tx, 'bakery:item-names');
  const [taken] = await tx
    .select({ name: inventoryItems.name })
    .from(inventoryItems)
    .where(
      and(
        sql`${nameKey(inventoryItems.name)} = ${nameKey(name)}`,
        isInUse,
        exceptId ? ne(inventoryItems.id, exceptId) : undefined,
      ),
    );
  return taken?.name;
}

/**
 * Two items in use may not share a name: pickers, recipes and orders show items
 * by name, so a second Flour would take stock that was meant for the first.
 * Archived items do not hold their name (decisions.md).
 */
async function checkNameFree(tx: Transaction, name: string, exceptId?: string) {
  const taken = await itemNamed(tx, name, exceptId);
  if (taken === undefined) return;
  const message = `An item named ${taken} already exists`;
  throw new AppError('ITEM_NAME_TAKEN', message, [{ path: 'name', message }]);
}

export async function createItem(
  db: Database,
  input: InventoryItemInput,
  userId: string,
): Promise<InventoryItem> {
  const id = await db.transaction(async (tx) => {
    await checkNameFree(tx, input.name);
    const [created] = await tx
      .insert(inventoryItems)
      .values({ ...input, supplier: input.supplier || null, currentStock: 0 })
      .returning({ id: inventoryItems.id });
    if (!created) throw new Error('insert returned no row');
    await changeStock(tx, {
      itemId: created.id,
      quantityChange: input.currentStock ?? 0,
      reason: 'initial_stock',
      userId,
    });
    return created.id;
  });
  return getItem(db, id);
}

/**
 * The schema checks stock against a unit sent with it; against the stored
 * unit, and the stored stock against a new unit, only here.
 */
function refuseBrokenUnits(
  current: { unit: string; currentStock: number; minStock: number },
  input: InventoryItemUpdateInput,
) {
  const unit = input.unit ?? current.unit;
  const [given] = wholeUnitIssues(unit, input);
  if (given) throw badRequest(given.message, [given]);
  if (input.unit === undefined || input.unit === current.unit) return;
  const [kept] = wholeUnitIssues(unit, {
    currentStock: input.currentStock ?? current.currentStock,
    minStock: input.minStock ?? current.minStock,
  });
  if (kept) {
    const message = `${WHOLE_UNIT_FIELDS[kept.path]} (${current[kept.path]}) must be a whole number for an item counted in units: correct it with the unit`;
    throw badRequest(message, [{ path: 'unit', message }]);
  }
}

/** A changed stock figure is recorded as a manual adjustment of the difference. */
export async function updateItem(
  db: Database,
  id: string,
  input: InventoryItemUpdateInput,
  userId: string,
): Promise<InventoryItem> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        unit: inventoryItems.unit,
        currentStock: inventoryItems.currentStock,
        minStock: inventoryItems.minStock,
      })
      .from(inventoryItems)
      .where(eq(inventoryItems.id, id))
      .for('update');
    if (!current) throw notFound('Inventory item');
    refuseBrokenUnits(current, input);
    if (input.name !== undefined) await checkNameFree(tx, input.name, id);
    const { currentStock, ...fields } = input;
    await tx
      .update(inventoryItems)
      .set({
        ...fields,
        ...(fields.supplier !== undefined ? { supplier: fields.supplier || null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(inventoryItems.id, id));
    if (currentStock !== undefined) {
      await changeStock(tx, {
        itemId: id,
        quantityChange: quantityDifference(currentStock, current.currentStock),
        reason: 'manual_adjustment',
        userId,
      });
    }
  });
  return getItem(db, id);
}

async function lockItem(tx: Transaction, id: string) {
  const [item] = await tx
    .select({ name: inventoryItems.name, archivedAt: inventoryItems.archivedAt })
    .from(inventoryItems)
    .where(eq(inventoryItems.id, id))
    .for('update');
  if (!item) throw notFound('Inventory item');
  return item;
}

/** Orders not yet received: the item is still to arrive. */
const AWAITING_DELIVERY = ['pending', 'shipped'];

/** Refuses, naming them, while a recipe in use or an order awaiting delivery needs the item. */
async function refuseWhileNeeded(tx: Transaction, id: string, name: string) {
  const uses = JSON.stringify([{ itemId: id }]);
  const usedByRecipes = await tx
    .select({ name: recipes.name })
    .from(recipes)
    .where(sql`${recipes.ingredients} @> ${uses}::jsonb and ${recipes.deletedAt} is null`)
    .orderBy(asc(recipes.name));
  const usedByOrders = await tx
    .select({ orderNumber: purchaseOrders.orderNumber })
    .from(purchaseOrders)
    .where(
      sql`${purchaseOrders.items} @> ${uses}::jsonb and ${inArray(purchaseOrders.status, AWAITING_DELIVERY)}`,
    )
    .orderBy(asc(purchaseOrders.orderNumber));
  if (usedByRecipes.length === 0 && usedByOrders.length === 0) return;
  const parts = [
    usedByRecipes.length > 0 &&
      `${usedByRecipes.length === 1 ? 'recipe' : 'recipes'} ${usedByRecipes.map((r) => r.name).join(', ')}`,
    usedByOrders.length > 0 &&
      `${usedByOrders.length === 1 ? 'purchase order' : 'purchase orders'} ${usedByOrders.map((o) => o.orderNumber).join(', ')}`,
  ].filter(Boolean);
  throw new AppError(
    'ITEM_IN_USE',
    `Cannot delete "${name}": it is used by ${parts.join(' and ')}.`,
  );
}

/** Any stock movement, or any order or recipe (deleted ones too) that names the item. */
async function hasHistory(tx: Transaction, id: string) {
  const uses = JSON.stringify([{ itemId: id }]);
  const [row] = await rowsOf<{ used: boolean }>(
    tx,
    sql`select
    exists (select 1 from ${stockMovements} where ${stockMovements.itemId} = ${id})
    or exists (select 1 from ${purchaseOrders} where ${purchaseOrders.items} @> ${uses}::jsonb)
    or exists (select 1 from ${recipes} where ${recipes.ingredients} @> ${uses}::jsonb) as used`,
  );
  return row?.used === true;
}

/**
 * An item with history is archived, so every movement, order and batch that
 * names it stays whole; one without any is deleted (docs/screens/inventory.md).
 */
export async function deleteItem(db: Database, id: string): Promise<ItemDeleteResult> {
  return db.transaction(async (tx) => {
    const item = await lockItem(tx, id);
    if (item.archivedAt) {
      throw new AppError('ITEM_ALREADY_ARCHIVED', `${item.name} is already archived`);
    }
    await refuseWhileNeeded(tx, id, item.name);
    if (await hasHistory(tx, id)) {
      await tx
        .update(inventoryItems)
        .set({ archivedAt: new Date(), updatedAt: new Date() })
        .where(eq(inventoryItems.id, id));
      return {
        action: 'archived',
        message: `${item.name} has stock history, so it was archived instead of deleted`,
      };
    }
    await tx.delete(inventoryItems).where(eq(inventoryItems.id, id));
    return { action: 'deleted', message: `${item.name} was deleted` };
  });
}

export async function unarchiveItem(db: Database, id: string): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const item = await lockItem(tx, id);
    if (!item.archivedAt) throw new AppError('ITEM_NOT_ARCHIVED', `${item.name} is not archived`);
    const taken = await itemNamed(tx, item.name, id);
    if (taken !== undefined) {
      throw new AppError(
        'ITEM_NAME_TAKEN',
        `${item.name} cannot come back while another item is named ${taken}: rename that item first`,
      );
    }
    await tx
      .update(inventoryItems)
      .set({ archivedAt: null, updatedAt: new Date() })
      .where(eq(inventoryItems.id, id));
    return { message: `${item.name} is back on the inventory list` };
  });
}

export async function listMovements(
  db: Database,
  itemId: string,
  limit: number,
  offset: number,
): Promise<StockMovement[]> {
  await getItem(db, itemId);
  const rows = await db
    .select({
      id: stockMovements.id,
      quantityChange: stockMovements.quantityChange,
      reason: stockMovements.reason,
      orderNumber: purchaseOrders.orderNumber,
      batchNumber: productionBatches.batchNumber,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      createdAt: stockMovements.createdAt,
    })
    .from(stockMovements)
    .leftJoin(
      purchaseOrders,
      and(
        eq(stockMovements.referenceType, 'purchase_order'),
        eq(purchaseOrders.id, stockMovements.referenceId),
      ),
    )
    .leftJoin(
      productionBatches,
      and(
        eq(stockMovements.referenceType, 'production_batch'),
        eq(productionBatches.id, stockMovements.referenceId),
      ),
    )
    .leftJoin(users, eq(users.id, stockMovements.userId))
    .where(eq(stockMovements.itemId, itemId))
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(limit)
    .offset(offset);
  return rows.map(
    (row): StockMovement => ({
      id: row.id,
      quantityChange: row.quantityChange,
      reason: row.reason,
      reference: row.orderNumber ?? row.batchNumber ?? null,
      userName: [row.firstName, row.lastName].filter(Boolean).join(' ') || row.username || null,
      createdAt: row.createdAt.toISOString(),
    }),
  );
}
