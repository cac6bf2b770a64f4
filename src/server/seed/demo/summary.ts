/** What `npm run seed:demo` reports having loaded. */
import { fromKobo, multiplyKobo, sumKobo, toKobo } from '../../../domain/money';
import { BATCH_STATUSES, type BatchStatus } from '../../../domain/production-schemas';
import {
  PURCHASE_ORDER_STATUSES,
  type PurchaseOrderStatus,
} from '../../../domain/purchase-order-schemas';
import { businessDate } from '../../../domain/time';
import { DEMO_USERS, DISTRIBUTORS, RECIPES } from '../catalog';
import { nth } from './records';
import type { Plan } from './simulate';
import { ITEMS } from './stock';

export interface SeedDemoSummary {
  firstDay: string;
  lastDay: string;
  users: number;
  inventoryItems: number;
  lowStockItems: number;
  stockMovements: number;
  purchaseOrders: number;
  purchaseOrdersByStatus: Record<PurchaseOrderStatus, number>;
  recipes: number;
  productionBatches: number;
  batchesByStatus: Record<BatchStatus, number>;
  loavesProduced: number;
  distributors: number;
  archivedDistributors: number;
  sales: number;
  loavesSold: number;
  payments: number;
  returns: number;
  loavesReturned: number;
  /** Loaves set aside once past their shelf life. */
  loavesGoneStale: number;
  writeOffs: number;
  loavesWrittenOff: number;
  /** ₦: loaves × price over all sales. */
  salesValue: number;
  /** ₦: paid at sale plus payments. */
  cashReceived: number;
  /** ₦: purchase orders not cancelled. */
  expenditure: number;
}

const byStatus = <K extends string>(keys: readonly K[], values: readonly K[]) =>
  Object.fromEntries(
    keys.map((key) => [key, values.filter((value) => value === key).length]),
  ) as Record<K, number>;

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

function moneyOf(plan: Plan) {
  const paid = [...plan.sales.map((s) => s.paid), ...plan.payments.map((p) => p.amount)];
  const spent = plan.orders
    .filter((o) => o.status !== 'cancelled')
    .flatMap((o) => o.lines.map((l) => toKobo(l.totalCost)));
  return {
    salesValue: fromKobo(sumKobo(plan.sales.map((s) => multiplyKobo(s.price, s.loavesTaken)))),
    cashReceived: fromKobo(sumKobo(paid)),
    expenditure: fromKobo(sumKobo(spent)),
  };
}

export function summarise(plan: Plan): SeedDemoSummary {
  const { calendar } = plan;
  return {
    firstDay: businessDate(nth(calendar.days, 0).start, calendar.timeZone),
    lastDay: businessDate(nth(calendar.days, calendar.today).start, calendar.timeZone),
    users: DEMO_USERS.length,
    inventoryItems: ITEMS.length,
    lowStockItems: ITEMS.filter(
      (item, i) => item.minStock > 0 && nth(plan.items, i).currentStock <= item.minStock,
    ).length,
    stockMovements: plan.movements.length,
    purchaseOrders: plan.orders.length,
    purchaseOrdersByStatus: byStatus(
      PURCHASE_ORDER_STATUSES,
      plan.orders.map((o) => o.status),
    ),
    recipes: RECIPES.length,
    productionBatches: plan.batches.length,
    batchesByStatus: byStatus(
      BATCH_STATUSES,
      plan.batches.map((b) => b.status),
    ),
    loavesProduced: sum(plan.batches.map((b) => b.loavesProduced ?? 0)),
    distributors: DISTRIBUTORS.length,
    archivedDistributors: plan.distributorLives.filter((d) => d.archived !== null).length,
    sales: plan.sales.length,
    loavesSold: sum(plan.sales.map((s) => s.loavesTaken)),
    payments: plan.payments.length,
    returns: plan.returns.length,
    loavesReturned: sum(plan.returns.map((r) => r.loavesReturned)),
    loavesGoneStale: sum(plan.piles.map((pile) => pile.loaves)),
    writeOffs: plan.writeOffs.length,
    loavesWrittenOff: sum(plan.writeOffs.map((w) => w.loaves)),
    ...moneyOf(plan),
  };
}
