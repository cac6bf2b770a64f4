import { z } from 'zod';
import { SIGNED_IN } from '../access';
import { openOrderLineSchema } from '../dashboard';
import { BATCH_STATUSES } from '../production-schemas';
import { defineRoute, instant } from './contract';
import { inventoryItemRecordSchema } from './inventory';

export const recentBatchSchema = z.object({
  id: z.string(),
  recipeName: z.string(),
  batchNumber: z.string(),
  flourKg: z.number(),
  status: z.enum(BATCH_STATUSES),
  createdAt: instant,
});
export type RecentBatch = z.infer<typeof recentBatchSchema>;

/** An order still to arrive: pending or shipped. */
export const pendingOrderSchema = z.object({
  id: z.string(),
  supplier: z.string(),
  orderNumber: z.string(),
  totalAmount: z.number(),
  status: z.enum(['pending', 'shipped']),
});
export type PendingOrder = z.infer<typeof pendingOrderSchema>;

/** A low-stock item with the orders already open for it (empty for a caller who may not read orders). */
export const lowStockAlertSchema = inventoryItemRecordSchema.extend({
  openOrders: z.array(openOrderLineSchema),
});
export type LowStockAlert = z.infer<typeof lowStockAlertSchema>;

/**
 * Each part is null when the user may not read its module (PART_MODULE), so
 * the dashboard shows only what the user may see.
 */
export const dashboardSummarySchema = z.object({
  inventory: z
    .object({
      totalValue: z.number(),
      lowStockCount: z.number(),
      lowStockItems: z.array(lowStockAlertSchema),
    })
    .nullable(),
  production: z
    .object({
      todaysFlourKg: z.number(),
      todaysBatchCount: z.number(),
      recentBatches: z.array(recentBatchSchema),
    })
    .nullable(),
  purchaseOrders: z
    .object({ pendingCount: z.number(), pendingOrders: z.array(pendingOrderSchema) })
    .nullable(),
  sales: z
    .object({
      todaysSaleCount: z.number(),
      todaysLoavesSold: z.number(),
      todaysSalesValue: z.number(),
      loavesAvailable: z.array(z.object({ recipeName: z.string(), loaves: z.number() })),
      /** Loaves written off this bakery month, their cost, and their % of the loaves baked. */
      wasteThisMonth: z.object({
        loaves: z.number(),
        cost: z.number(),
        percentOfProduction: z.number().nullable(),
      }),
    })
    .nullable(),
  /** What distributors owe in all (positive balances; one's credit does not offset another's debt). */
  moneyOwed: z
    .object({
      total: z.number(),
      distributorCount: z.number(),
      /** Past its due day (issue 19): in all, and the five distributors most overdue. */
      totalOverdue: z.number(),
      distributorsOverdue: z.number(),
      mostOverdue: z.array(
        z.object({
          distributorId: z.string(),
          name: z.string(),
          overdue: z.number(),
          daysOverdue: z.number(),
        }),
      ),
    })
    .nullable(),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

export const dashboardApi = {
  // Every signed-in user has a dashboard; it holds only the modules they can read.
  summary: defineRoute({
    method: 'GET',
    url: '/api/dashboard/summary',
    summary: "Today's figures of each module the user may read",
    access: SIGNED_IN,
    response: { 200: dashboardSummarySchema },
  }),
};
