import { and, desc, eq, gt, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { NotificationList } from '../../../domain/contracts/notifications';
import {
  lowStockNotice,
  type Notice,
  type NotificationKind,
  type NotificationReadInput,
  notificationList,
  overdueBatchNotice,
  overdueOrderNotice,
  visibleKinds,
} from '../../../domain/notifications';
import type { AccessSubject } from '../../../domain/permissions';
import { businessDate } from '../../../domain/time';
import type { Database, Transaction } from '../../db/connection';
import { readTogether } from '../../db/reads-together';
import {
  inventoryItems,
  notificationReads,
  productionBatches,
  purchaseOrders,
  recipes,
  stockMovements,
} from '../../db/schema';
import { isLowStock } from '../inventory/service';

type Db = Database | Transaction;

interface Moment {
  now: Date;
  timeZone: string;
}

const present = <T>(notice: T | null): notice is T => notice !== null;

async function lowStock(db: Db): Promise<Notice[]> {
  // The newest movement that added stock to the item: a low spell starts after it.
  const lastRestock = db
    .select({ id: stockMovements.id })
    .from(stockMovements)
    .where(and(eq(stockMovements.itemId, inventoryItems.id), gt(stockMovements.quantityChange, 0)))
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(1);
  const rows = await db
    .select({
      id: inventoryItems.id,
      name: inventoryItems.name,
      unit: inventoryItems.unit,
      currentStock: inventoryItems.currentStock,
      minStock: inventoryItems.minStock,
      archivedAt: inventoryItems.archivedAt,
      updatedAt: inventoryItems.updatedAt,
      lastRestockId: sql<string | null>`(${lastRestock})`,
    })
    .from(inventoryItems)
    .where(isLowStock);
  return rows
    .map(({ archivedAt, ...row }) => lowStockNotice({ ...row, archived: archivedAt !== null }))
    .filter(present);
}

async function overdueOrders(db: Db, { now, timeZone }: Moment): Promise<Notice[]> {
  const today = businessDate(now, timeZone);
  const rows = await db
    .select({
      id: purchaseOrders.id,
      orderNumber: purchaseOrders.orderNumber,
      supplier: purchaseOrders.supplier,
      status: purchaseOrders.status,
      expectedDelivery: purchaseOrders.expectedDelivery,
    })
    .from(purchaseOrders)
    .where(
      and(
        inArray(purchaseOrders.status, ['pending', 'shipped']),
        // Expected dates are kept as UTC midnight of the calendar date.
        lt(purchaseOrders.expectedDelivery, new Date(`${today}T00:00:00Z`)),
      ),
    );
  return rows
    .map((row) =>
      overdueOrderNotice(
        { ...row, expectedDelivery: row.expectedDelivery?.toISOString().slice(0, 10) ?? null },
        today,
      ),
    )
    .filter(present);
}

async function overdueBatches(db: Db, { now }: Moment): Promise<Notice[]> {
  const rows = await db
    .select({
      id: productionBatches.id,
      batchNumber: productionBatches.batchNumber,
      recipeName: productionBatches.recipeName,
      status: productionBatches.status,
      startedAt: productionBatches.startedAt,
      // A deleted recipe still times the batches made from it.
      estimatedMinutes: recipes.estimatedDuration,
    })
    .from(productionBatches)
    .innerJoin(recipes, eq(recipes.id, productionBatches.recipeId))
    .where(and(eq(productionBatches.status, 'in_progress'), gt(recipes.estimatedDuration, 0)));
  return rows.map((row) => overdueBatchNotice(row, now)).filter(present);
}

/**
 * Where each kind comes from. A later kind (distributors over their limit or
 * overdue) adds its source here, beside its rule in src/domain/notifications.ts.
 */
const SOURCES: Record<NotificationKind, (db: Db, at: Moment) => Promise<Notice[]>> = {
  low_stock: lowStock,
  order_overdue: overdueOrders,
  batch_overdue: overdueBatches,
};

/** What holds now, of the kinds this user may read. */
async function currentNotices(db: Db, user: AccessSubject, at: Moment): Promise<Notice[]> {
  const found = await readTogether(
    db,
    visibleKinds(user).map((kind) => () => SOURCES[kind](db, at)),
  );
  return found.flat();
}

async function readKeys(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db
    .select({ key: notificationReads.notificationKey })
    .from(notificationReads)
    .where(eq(notificationReads.userId, userId));
  return new Set(rows.map((row) => row.key));
}

type Reader = AccessSubject & { id: string };

export async function listNotifications(
  db: Database,
  user: Reader,
  at: Moment,
): Promise<NotificationList> {
  const [notices, read] = await readTogether(db, [
    () => currentNotices(db, user, at),
    () => readKeys(db, user.id),
  ]);
  return notificationList(notices, read);
}

/**
 * Marks the named notifications (those of them the user sees now) or all
 * they see as read, and forgets the marks of notifications that no longer
 * hold, so the table keeps only what matters.
 */
export function markRead(
  db: Database,
  user: Reader,
  input: NotificationReadInput,
  at: Moment,
): Promise<NotificationList> {
  return db.transaction(async (tx) => {
    const notices = await currentNotices(tx, user, at);
    const current = notices.map((notice) => notice.key);
    const named = new Set(input.keys ?? []);
    const marked = input.all ? current : current.filter((key) => named.has(key));
    const mine = eq(notificationReads.userId, user.id);
    await tx
      .delete(notificationReads)
      .where(
        current.length > 0
          ? and(mine, notInArray(notificationReads.notificationKey, current))
          : mine,
      );
    if (marked.length > 0) {
      await tx
        .insert(notificationReads)
        .values(marked.map((notificationKey) => ({ userId: user.id, notificationKey })))
        .onConflictDoNothing();
    }
    return notificationList(notices, await readKeys(tx, user.id));
  });
}
