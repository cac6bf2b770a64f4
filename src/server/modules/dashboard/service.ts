import { and, asc, desc, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { DashboardSummary } from '../../../domain/contracts/dashboard';
import { type DashboardPart, dashboardParts, type OpenOrderLine } from '../../../domain/dashboard';
import type { AccessSubject } from '../../../domain/permissions';
import type { BatchStatus } from '../../../domain/production-schemas';
import { businessDate, businessDay, businessMonth } from '../../../domain/time';
import type { Database } from '../../db/connection';
import {
  inventoryItems,
  productionBatches,
  purchaseOrders,
  salesTransactions,
} from '../../db/schema';
import { moneyOwedSummary } from '../credit/service';
import { isLowStock, toItem } from '../inventory/service';
import { wasteReport } from '../reports/waste';
import { loavesOnSaleByBread } from '../sales/shelf';

const AWAITING_DELIVERY = ['pending', 'shipped'];

/**
 * The orders still to arrive (pending or shipped) holding each item, oldest
 * first, with the quantity of that item on each.
 */
async function openOrderLines(
  db: Database,
  itemIds: string[],
): Promise<Map<string, OpenOrderLine[]>> {
  const byItem = new Map<string, OpenOrderLine[]>(itemIds.map((id) => [id, []]));
  if (itemIds.length === 0) return byItem;
  const orders = await db
    .select({
      id: purchaseOrders.id,
      orderNumber: purchaseOrders.orderNumber,
      status: purchaseOrders.status,
      items: purchaseOrders.items,
    })
    .from(purchaseOrders)
    .where(
      and(
        inArray(purchaseOrders.status, AWAITING_DELIVERY),
        sql`exists (select 1 from jsonb_array_elements(${purchaseOrders.items}) line
          where line->>'itemId' in (${sql.join(itemIds, sql`, `)}))`,
      ),
    )
    .orderBy(asc(purchaseOrders.orderDate), asc(purchaseOrders.orderNumber));
  for (const order of orders) {
    for (const [itemId, lines] of byItem) {
      const quantity = order.items
        .filter((line) => line.itemId === itemId)
        .reduce((sum, line) => sum + Number(line.quantity), 0);
      if (quantity > 0) {
        lines.push({
          orderId: order.id,
          orderNumber: order.orderNumber,
          quantity,
          status: order.status as OpenOrderLine['status'],
        });
      }
    }
  }
  return byItem;
}

async function inventoryPart(
  db: Database,
  withOrders: boolean,
): Promise<DashboardSummary['inventory']> {
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
  // Open orders are purchase-order figures: only those who may read orders see them.
  const orders = withOrders
    ? await openOrderLines(
        db,
        lowStockItems.map((item) => item.id),
      )
    : new Map<string, OpenOrderLine[]>();
  return {
    totalValue: Number(totals?.totalValue ?? 0),
    lowStockCount: Number(totals?.lowStockCount ?? 0),
    lowStockItems: lowStockItems.map((row) => ({
      ...toItem(row),
      openOrders: orders.get(row.id) ?? [],
    })),
  };
}

async function productionPart(
  db: Database,
  timeZone: string,
  now: Date,
): Promise<DashboardSummary['production']> {
  const today = businessDay(now, timeZone);
  const [totals] = await db
    .select({
      flourKg: sql<string>`coalesce(sum(${productionBatches.flourKg}), 0)::text`,
      count: sql<number>`count(*)::int`,
    })
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
    todaysBatchCount: Number(totals?.count ?? 0),
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

async function salesPart(
  db: Database,
  timeZone: string,
  now: Date,
): Promise<DashboardSummary['sales']> {
  const today = businessDay(now, timeZone);
  const [totals] = await db
    .select({
      count: sql<number>`count(*)::int`,
      loaves: sql<string>`coalesce(sum(${salesTransactions.loavesTaken}), 0)::text`,
      value: sql<string>`coalesce(sum(${salesTransactions.loavesTaken} * ${salesTransactions.pricePerLoaf}), 0)::text`,
    })
    .from(salesTransactions)
    .where(
      and(
        gte(salesTransactions.createdAt, today.start),
        lt(salesTransactions.createdAt, today.end),
      ),
    );
  const onSale = await loavesOnSaleByBread(db, { timeZone, now });
  return {
    todaysSaleCount: Number(totals?.count ?? 0),
    todaysLoavesSold: Number(totals?.loaves ?? 0),
    todaysSalesValue: Number(totals?.value ?? 0),
    loavesAvailable: [...onSale].map(([recipeName, loaves]) => ({ recipeName, loaves })),
    wasteThisMonth: await monthsWaste(db, timeZone, now),
  };
}

/** The card "Waste this month": the Waste tab's totals over this bakery month. */
async function monthsWaste(db: Database, timeZone: string, now: Date) {
  const report = await wasteReport(db, { ...businessMonth(now, timeZone), timeZone });
  return {
    loaves: report.totalLoaves,
    cost: report.totalCost,
    percentOfProduction: report.percentOfProduction,
  };
}

async function moneyOwedPart(
  db: Database,
  timeZone: string,
  now: Date,
): Promise<DashboardSummary['moneyOwed']> {
  return moneyOwedSummary(db, businessDate(now, timeZone));
}

/** The dashboard's figures, each computed in SQL, for the parts the user may read. */
export async function dashboardSummary(
  db: Database,
  user: AccessSubject,
  timeZone: string,
  now = new Date(),
): Promise<DashboardSummary> {
  const parts = new Set<DashboardPart>(dashboardParts(user));
  return {
    inventory: parts.has('inventory') ? await inventoryPart(db, parts.has('purchaseOrders')) : null,
    production: parts.has('production') ? await productionPart(db, timeZone, now) : null,
    purchaseOrders: parts.has('purchaseOrders') ? await ordersPart(db) : null,
    sales: parts.has('sales') ? await salesPart(db, timeZone, now) : null,
    moneyOwed: parts.has('moneyOwed') ? await moneyOwedPart(db, timeZone, now) : null,
  };
}
