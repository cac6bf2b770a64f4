import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { OrderSummary, PurchaseOrder } from '../../../domain/contracts/purchase-orders';
import type { ErrorCode } from '../../../domain/errors';
import { isWholeFor, wholeUnitsMessage } from '../../../domain/inventory-schemas';
import { toKobo } from '../../../domain/money';
import {
  DELIVERY_IN_PAST,
  defaultOrderNumber,
  isDeliveryInPast,
  lineCosts,
  lineTotalOf,
  movingAverageCost,
  orderTotal,
  type PurchaseOrderInput,
  type PurchaseOrderStatus,
} from '../../../domain/purchase-order-schemas';
import type { Database, Transaction } from '../../db/connection';
import { isUniqueViolation } from '../../db/errors';
import { lockFor } from '../../db/locks';
import { inventoryItems, purchaseOrders, rollupOrderStatuses } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../errors';
import { changeStock } from '../inventory/stock';

type OrderRow = typeof purchaseOrders.$inferSelect;
type StoredLine = OrderRow['items'][number];

const ORDER_TAKEN = 'Order number already exists';
const orderNumberTaken = () =>
  new AppError('ORDER_NUMBER_TAKEN', ORDER_TAKEN, [{ path: 'orderNumber', message: ORDER_TAKEN }]);

async function toOrders(db: Database | Transaction, rows: OrderRow[]): Promise<PurchaseOrder[]> {
  const itemIds = [...new Set(rows.flatMap((row) => row.items.map((line) => line.itemId)))];
  const items = itemIds.length
    ? await db
        .select({ id: inventoryItems.id, name: inventoryItems.name, unit: inventoryItems.unit })
        .from(inventoryItems)
        .where(inArray(inventoryItems.id, itemIds))
    : [];
  const byId = new Map(items.map((item) => [item.id, item]));
  return rows.map((row) => ({
    id: row.id,
    orderNumber: row.orderNumber,
    supplier: row.supplier,
    status: row.status as PurchaseOrderStatus,
    items: row.items.map((line) => ({
      itemId: line.itemId,
      itemName: byId.get(line.itemId)?.name ?? null,
      unit: byId.get(line.itemId)?.unit ?? null,
      quantity: line.quantity,
      unitCost: line.unitCost,
      totalCost: line.totalCost ?? lineTotalOf(line.quantity, line.unitCost),
    })),
    totalAmount: row.totalAmount,
    orderDate: row.orderDate.toISOString(),
    expectedDelivery: row.expectedDelivery?.toISOString().slice(0, 10) ?? null,
    deliveredDate: row.deliveredDate?.toISOString() ?? null,
    notes: row.notes,
  }));
}

export async function listOrders(
  db: Database,
  limit: number,
  offset: number,
): Promise<PurchaseOrder[]> {
  const rows = await db
    .select()
    .from(purchaseOrders)
    .orderBy(desc(purchaseOrders.orderDate), desc(purchaseOrders.orderNumber))
    .limit(limit)
    .offset(offset);
  return toOrders(db, rows);
}

/** Orders in all and still to arrive (pending or shipped), from one roll-up row per status. */
export async function orderSummary(db: Database): Promise<OrderSummary> {
  const r = rollupOrderStatuses;
  const [row] = await db
    .select({
      total: sql<string>`coalesce(sum(${r.ordersCount}), 0)::text`,
      pending: sql<string>`coalesce(sum(${r.ordersCount}) filter (where ${r.status} in ('pending', 'shipped')), 0)::text`,
    })
    .from(r);
  return { total: Number(row?.total ?? 0), pending: Number(row?.pending ?? 0) };
}

export async function getOrder(db: Database | Transaction, id: string): Promise<PurchaseOrder> {
  const rows = await db.select().from(purchaseOrders).where(eq(purchaseOrders.id, id));
  const [order] = await toOrders(db, rows);
  if (!order) throw notFound('Purchase order');
  return order;
}

/**
 * Adds a delivered order's quantities to stock and moves each item's unit cost
 * to the average of what was on hand and what arrived. The caller holds the
 * order's row lock, so this runs once per order. Items are locked in id order,
 * as a new batch locks them: taken in the order's line order, a receipt and a
 * batch (or two receipts) sharing two items deadlocked on PostgreSQL and one
 * was refused (tests/resilience/races.test.ts).
 */
async function receiveLines(tx: Transaction, orderId: string, lines: StoredLine[], userId: string) {
  const inLockOrder = [...lines].sort((a, b) => a.itemId.localeCompare(b.itemId));
  for (const line of inLockOrder) {
    const [item] = await tx
      .select({ currentStock: inventoryItems.currentStock, unitCost: inventoryItems.unitCost })
      .from(inventoryItems)
      .where(eq(inventoryItems.id, line.itemId))
      .for('update');
    if (!item) throw new AppError('ORDER_ITEM_GONE', 'An item on this order no longer exists');
    await tx
      .update(inventoryItems)
      .set({
        unitCost: movingAverageCost(item.currentStock, item.unitCost, line.quantity, line.unitCost),
      })
      .where(eq(inventoryItems.id, line.itemId));
    await changeStock(tx, {
      itemId: line.itemId,
      quantityChange: line.quantity,
      reason: 'receipt',
      reference: { type: 'purchase_order', id: orderId },
      userId,
    });
  }
}

const isTaken = async (tx: Transaction, orderNumber: string) =>
  (
    await tx
      .select({ id: purchaseOrders.id })
      .from(purchaseOrders)
      .where(sql`lower(${purchaseOrders.orderNumber}) = lower(${orderNumber})`)
      .limit(1)
  ).length > 0;

/**
 * The default number for an order that names none, moved on (-2, -3, …) when
 * an order already has it. Its six digits repeat every 1,000 seconds and two
 * orders made in the same millisecond share them, which answered "Order number
 * already exists" to a caller who gave no number. The lock, held until the
 * order is saved, makes orders created at the same moment (by several requests
 * or app processes) take turns (tests/resilience/races.test.ts).
 */
async function unusedDefaultNumber(tx: Transaction): Promise<string> {
  await lockFor(tx, 'bakery:order-number');
  const wanted = defaultOrderNumber();
  let candidate = wanted;
  for (let suffix = 2; await isTaken(tx, candidate); suffix += 1) {
    candidate = `${wanted}-${suffix}`;
  }
  return candidate;
}

/**
 * Share-locked, in id order as stock changes lock items (a deadlock otherwise):
 * an item is not archived while an order for it is placed. A line's item
 * decides whether its quantity must be whole (the schema cannot know it).
 */
async function lockItemsToOrder(tx: Transaction, lines: { itemId: string; quantity: number }[]) {
  const itemIds = [...new Set(lines.map((line) => line.itemId))];
  const found = await tx
    .select({
      id: inventoryItems.id,
      name: inventoryItems.name,
      unit: inventoryItems.unit,
      archivedAt: inventoryItems.archivedAt,
    })
    .from(inventoryItems)
    .where(inArray(inventoryItems.id, itemIds))
    .orderBy(asc(inventoryItems.id))
    .for('share');
  if (found.length !== itemIds.length) throw notFound('Inventory item');
  const archived = found.find((item) => item.archivedAt);
  if (archived) {
    const index = lines.findIndex((line) => line.itemId === archived.id);
    const message = `${archived.name} is archived`;
    throw badRequest(message, [{ path: `items.${index}.itemId`, message }]);
  }
  const units = new Map(found.map((item) => [item.id, item.unit]));
  const part = lines.findIndex((line) => !isWholeFor(units.get(line.itemId), line.quantity));
  if (part >= 0) {
    const message = wholeUnitsMessage('Quantity');
    throw badRequest(message, [{ path: `items.${part}.quantity`, message }]);
  }
}

async function refuseTakenOrderNumber(tx: Transaction, orderNumber: string) {
  const [taken] = await tx
    .select({ id: purchaseOrders.id })
    .from(purchaseOrders)
    .where(sql`lower(${purchaseOrders.orderNumber}) = lower(${orderNumber})`);
  if (taken) throw orderNumberTaken();
}

type OrderLine = StoredLine & { totalCost: number };

/** Saves a checked order in the caller's transaction (one order here, a bake plan's together). */
export async function insertOrder(
  tx: Transaction,
  input: PurchaseOrderInput,
  lines: OrderLine[],
  totalAmount: number,
  userId: string,
): Promise<string> {
  await lockItemsToOrder(tx, lines);
  const orderNumber = input.orderNumber ?? (await unusedDefaultNumber(tx));
  await refuseTakenOrderNumber(tx, orderNumber);

  const delivered = input.status === 'delivered';
  const [created] = await tx
    .insert(purchaseOrders)
    .values({
      orderNumber,
      supplier: input.supplier,
      status: input.status ?? 'pending',
      items: lines,
      totalAmount,
      expectedDelivery: input.expectedDelivery
        ? new Date(`${input.expectedDelivery}T00:00:00Z`)
        : null,
      deliveredDate: delivered ? new Date() : null,
      notes: input.notes || null,
    })
    .returning({ id: purchaseOrders.id });
  if (!created) throw new Error('insert returned no row');
  // An order recorded as already delivered has arrived: its stock comes in now.
  if (delivered) await receiveLines(tx, created.id, lines, userId);
  return created.id;
}

/** `today` is the bakery's date (yyyy-MM-dd): an expected delivery before it is refused. */
export async function createOrder(
  db: Database,
  input: PurchaseOrderInput,
  userId: string,
  today: string,
): Promise<PurchaseOrder> {
  if (isDeliveryInPast(input.expectedDelivery, today)) {
    throw badRequest(DELIVERY_IN_PAST, [{ path: 'expectedDelivery', message: DELIVERY_IN_PAST }]);
  }
  const lines = input.items.map((line) => ({
    itemId: line.itemId,
    quantity: line.quantity,
    ...lineCosts(line),
  }));
  const totalAmount = orderTotal(lines);
  if (input.totalAmount !== undefined && toKobo(input.totalAmount) !== toKobo(totalAmount)) {
    throw badRequest('The total amount does not match the items', [
      { path: 'totalAmount', message: `The items add up to ${totalAmount.toFixed(2)}` },
    ]);
  }
  const id = await db
    .transaction((tx) => insertOrder(tx, input, lines, totalAmount, userId))
    .catch((error: unknown) => {
      // Two saves of the same number at once: the index refuses the second.
      if (isUniqueViolation(error)) {
        throw orderNumberTaken();
      }
      throw error;
    });
  return getOrder(db, id);
}

/** Why an order past pending refuses a change: a pending order takes every one. */
const REFUSAL: Record<Exclude<PurchaseOrderStatus, 'pending'>, [ErrorCode, string]> = {
  shipped: ['ORDER_ALREADY_SHIPPED', 'This order has already been shipped'],
  delivered: ['ORDER_ALREADY_RECEIVED', 'This order has already been received'],
  cancelled: ['ORDER_CANCELLED', 'This order has been cancelled'],
};

/**
 * Locks the order and checks it is pending, or shipped when `shipped` says a
 * shipped order takes the change too; answers 409 with the refusal otherwise.
 */
async function lockOrder(tx: Transaction, id: string, { shipped }: { shipped: boolean }) {
  const [order] = await tx
    .select()
    .from(purchaseOrders)
    .where(eq(purchaseOrders.id, id))
    .for('update');
  if (!order) throw notFound('Purchase order');
  const status = order.status as PurchaseOrderStatus;
  if (status !== 'pending' && !(shipped && status === 'shipped')) {
    const [code, message] = REFUSAL[status];
    throw new AppError(code, message);
  }
  return order;
}

export async function receiveOrder(
  db: Database,
  id: string,
  userId: string,
): Promise<PurchaseOrder> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, id, { shipped: true });
    await receiveLines(tx, id, order.items, userId);
    await tx
      .update(purchaseOrders)
      .set({ status: 'delivered', deliveredDate: new Date(), updatedAt: new Date() })
      .where(eq(purchaseOrders.id, id));
  });
  return getOrder(db, id);
}

export async function shipOrder(db: Database, id: string): Promise<PurchaseOrder> {
  await db.transaction(async (tx) => {
    await lockOrder(tx, id, { shipped: false });
    await tx
      .update(purchaseOrders)
      .set({ status: 'shipped', updatedAt: new Date() })
      .where(eq(purchaseOrders.id, id));
  });
  return getOrder(db, id);
}

export async function cancelOrder(db: Database, id: string): Promise<PurchaseOrder> {
  await db.transaction(async (tx) => {
    await lockOrder(tx, id, { shipped: true });
    await tx
      .update(purchaseOrders)
      .set({ status: 'cancelled', updatedAt: new Date() })
      .where(eq(purchaseOrders.id, id));
  });
  return getOrder(db, id);
}
