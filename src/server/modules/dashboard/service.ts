import { and, asc, desc, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { DashboardSummary } from '../../../domain/dashboard';
import type { AccessSubject } from '../../../domain/permissions';
import { canRead } from '../../../domain/permissions';
import type { BatchStatus } from '../../../domain/production-schemas';
import { businessDay } from '../../../domain/time';
import type { Database } from '../../db/connection';
import { inventoryItems, productionBatches, purchaseOrders } from '../../db/schema';
import { isLowStock, toItem } from '../inventory/service';

const AWAITING_DELIVERY = ['pending', 'shipped'];

async function inventoryPart(db: Database): Promise<DashboardSummary['inventory']> {
  const [totals] = await db
    .select({
      totalValue: sql<string>`coalesce(round(sum(${inventoryItems.currentStock} * ${inventoryItems.unitCost}), 2), 0)::text`,
      lowStockCount: sql<number>`(count(*) filter (where ${isLowStock}))::int`,
    })
    .from(inventoryItems);
  const lowStockItems = await db
    .select()
    .from(inventoryItems)
    .where(isLowStock)
    .orderBy(
      asc(sql`${inventoryItems.currentStock} / ${inventoryItems.minStock}`),
      asc(inventoryItems.name),
    )
    .limit(3);
  return {
    totalValue: Number(totals?.totalValue ?? 0),
    lowStockCount: Number(totals?.lowStockCount ?? 0),
    lowStockItems: lowStockItems.map(toItem),
  };
}

async function productionPart(
  db: Database,
  timeZone: string,
  now: Date,
): Promise<DashboardSummary['production']> {
  const today = businessDay(now, timeZone);
  const [totals] = await db
    .select({ flourKg: sql<string>`coalesce(sum(${productionBatches.flourKg}), 0)::text` })
    .from(productionBatches)
    .where(
      and(
        ne(productionBatches.status, 'cancelled'),
        gte(productionBatches.createdAt, today.start),
        lt(productionBatches.createdAt, today.end),
      ),
    );
  const recent = await db
    .select({
      id: productionBatches.id,
      recipeName: productionBatches.recipeName,
      batchNumber: productionBatches.batchNumber,
      flourKg: productionBatches.flourKg,
      status: productionBatches.status,
      createdAt: productionBatches.createdAt,
    })
    .from(productionBatches)
    .orderBy(desc(productionBatches.createdAt))
    .limit(3);
  return {
    todaysFlourKg: Number(totals?.flourKg ?? 0),
    recentBatches: recent.map((batch) => ({
      ...batch,
      status: batch.status as BatchStatus,
      createdAt: batch.createdAt.toISOString(),
    })),
  };
}

async function ordersPart(db: Database): Promise<DashboardSummary['purchaseOrders']> {
  const awaiting = inArray(purchaseOrders.status, AWAITING_DELIVERY);
  const [totals] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(purchaseOrders)
    .where(awaiting);
  const pending = await db
    .select({
      id: purchaseOrders.id,
      supplier: purchaseOrders.supplier,
      orderNumber: purchaseOrders.orderNumber,
      totalAmount: purchaseOrders.totalAmount,
      status: purchaseOrders.status,
    })
    .from(purchaseOrders)
    .where(awaiting)
    // The order expected soonest (then the oldest) is the one to chase.
    .orderBy(sql`${purchaseOrders.expectedDelivery} asc nulls last`, asc(purchaseOrders.orderDate))
    .limit(2);
  return {
    pendingCount: Number(totals?.n ?? 0),
    pendingOrders: pending.map((order) => ({
      ...order,
      status: order.status as 'pending' | 'shipped',
    })),
  };
}

/** The modules whose figures the dashboard shows, to those who may read them. */
export const DASHBOARD_MODULES = ['inventory', 'production', 'purchase_orders'] as const;

/** The dashboard's figures, each computed in SQL, for the modules the user can read. */
export async function dashboardSummary(
  db: Database,
  user: AccessSubject,
  timeZone: string,
  now = new Date(),
): Promise<DashboardSummary> {
  return {
    inventory: canRead(user, 'inventory') ? await inventoryPart(db) : null,
    production: canRead(user, 'production') ? await productionPart(db, timeZone, now) : null,
    purchaseOrders: canRead(user, 'purchase_orders') ? await ordersPart(db) : null,
  };
}
