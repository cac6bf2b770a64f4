import { z } from 'zod';
import { moduleRight } from '../access';
import { RETURN_REASONS } from '../distributor-schemas';
import { keysetPageSchema } from '../paging';
import { BATCH_STATUSES } from '../production-schemas';
import { reportQuerySchema, returnsHistoryQuerySchema } from '../reports';
import { WASTE_REASONS } from '../waste';
import { defineRoute, instant } from './contract';

/** A point of a trend chart: a day or a month, and its value. */
export const trendPointSchema = z.object({ period: z.string(), value: z.number() });
export type TrendPoint = z.infer<typeof trendPointSchema>;

export const returnsReportSchema = z.object({
  totalAmount: z.number(),
  totalLoaves: z.number(),
  byReason: z.array(
    z.object({ reason: z.enum(RETURN_REASONS), loaves: z.number(), amount: z.number() }),
  ),
  byDistributor: z.array(
    z.object({
      distributorId: z.string(),
      /** null when the distributor is gone. */
      distributorName: z.string().nullable(),
      totalLoaves: z.number(),
      totalAmount: z.number(),
      returns: z.number(),
    }),
  ),
});
export type ReturnsReport = z.infer<typeof returnsReportSchema>;

/** A row of the All Returns History table, newest first. */
export const returnHistoryRowSchema = z.object({
  id: z.string(),
  createdAt: instant,
  distributorName: z.string().nullable(),
  recipeName: z.string(),
  loavesReturned: z.number(),
  amount: z.number(),
  reason: z.enum(RETURN_REASONS),
  notes: z.string().nullable(),
});
export type ReturnHistoryRow = z.infer<typeof returnHistoryRowSchema>;

export const returnsHistoryPageSchema = keysetPageSchema(returnHistoryRowSchema);

/** A distributor's account over the dates, for the Sales and Financial tabs. */
export const distributorTotalsSchema = z.object({
  distributorId: z.string(),
  distributorName: z.string(),
  totalSales: z.number(),
  payments: z.number(),
  returns: z.number(),
  balance: z.number(),
  transactions: z.number(),
});
export type DistributorTotals = z.infer<typeof distributorTotalsSchema>;

export const salesReportSchema = z.object({
  totalSales: z.number(),
  paymentsReceived: z.number(),
  outstandingBalance: z.number(),
  byDistributor: z.array(distributorTotalsSchema),
  trend: z.array(trendPointSchema),
});
export type SalesReport = z.infer<typeof salesReportSchema>;

export const productionReportSchema = z.object({
  totalBatches: z.number(),
  completed: z.number(),
  inProgress: z.number(),
  totalLoaves: z.number(),
  batches: z.array(
    z.object({
      id: z.string(),
      /** When the batch started; null for one never started. */
      date: instant.nullable(),
      recipeName: z.string(),
      flourKg: z.number(),
      loavesProduced: z.number().nullable(),
      status: z.enum(BATCH_STATUSES),
    }),
  ),
  trend: z.array(trendPointSchema),
});
export type ProductionReport = z.infer<typeof productionReportSchema>;

export const inventoryReportSchema = z.object({
  totalItems: z.number(),
  lowStockCount: z.number(),
  totalValue: z.number(),
  lowStock: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      category: z.string(),
      currentStock: z.number(),
      minStock: z.number(),
      unit: z.string(),
    }),
  ),
  items: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      category: z.string(),
      currentStock: z.number(),
      unit: z.string(),
      unitCost: z.number(),
      totalValue: z.number(),
    }),
  ),
});
export type InventoryReport = z.infer<typeof inventoryReportSchema>;

export const financialReportSchema = z.object({
  totalRevenue: z.number(),
  cashReceived: z.number(),
  totalReturns: z.number(),
  accountsReceivable: z.number(),
  netSales: z.number(),
  /** Only distributors who owe, the largest debt first. */
  balances: z.array(distributorTotalsSchema),
  trend: z.array(trendPointSchema),
});
export type FinancialReport = z.infer<typeof financialReportSchema>;

/** Per distributor × bread over the dates, from the roll-ups: returned ÷ taken, flagged above the setting. */
export const returnsRateReportSchema = z.object({
  /** The setting, % of the loaves taken. */
  thresholdPercent: z.number(),
  rows: z.array(
    z.object({
      distributorId: z.string(),
      /** null when the distributor is gone. */
      distributorName: z.string().nullable(),
      recipeName: z.string(),
      taken: z.number(),
      returned: z.number(),
      /** % to 1 decimal; null when nothing was taken in the dates. */
      ratePercent: z.number().nullable(),
      flagged: z.boolean(),
    }),
  ),
  totalTaken: z.number(),
  totalReturned: z.number(),
  ratePercent: z.number().nullable(),
});
export type ReturnsRateReport = z.infer<typeof returnsRateReportSchema>;

/** What each tab's call answers: a tab is shown with its own report and no other. */
export interface ReportAnswers {
  returns: ReturnsReport;
  returnsRate: ReturnsRateReport;
  sales: SalesReport;
  production: ProductionReport;
  inventory: InventoryReport;
  financial: FinancialReport;
  waste: WasteReport;
}

/** Loaves written off over the dates and their cost, with their share of the loaves baked. */
export const wasteReportSchema = z.object({
  totalLoaves: z.number(),
  totalCost: z.number(),
  /** Loaves of the batches completed in the dates. */
  loavesBaked: z.number(),
  /** Loaves written off ÷ loaves baked, in %, one decimal; null when none were baked. */
  percentOfProduction: z.number().nullable(),
  byBread: z.array(
    z.object({
      recipeName: z.string(),
      loaves: z.number(),
      cost: z.number(),
      loavesBaked: z.number(),
      percentOfProduction: z.number().nullable(),
    }),
  ),
  byReason: z.array(
    z.object({ reason: z.enum(WASTE_REASONS), loaves: z.number(), cost: z.number() }),
  ),
});
export type WasteReport = z.infer<typeof wasteReportSchema>;

// Reports is open to every signed-in user; each tab needs read on its module (REPORT_TAB_MODULES).
const returnsRead = moduleRight('distributors', 'read');

export const reportsApi = {
  returns: defineRoute({
    method: 'GET',
    url: '/api/reports/returns',
    summary: 'Returns over the dates, by reason and by distributor',
    access: returnsRead,
    query: reportQuerySchema,
    response: { 200: returnsReportSchema },
  }),
  // The history is long-lived: the screen pages it by key, the CSV holds all of it.
  returnsHistory: defineRoute({
    method: 'GET',
    url: '/api/reports/returns/history',
    summary: 'Returns over the dates, newest first, a page at a time',
    access: returnsRead,
    query: returnsHistoryQuerySchema,
    response: { 200: returnsHistoryPageSchema },
  }),
  returnsHistoryCsv: defineRoute({
    method: 'GET',
    url: '/api/reports/returns/history.csv',
    summary: 'Every return over the dates as CSV, newest first, then their total',
    access: returnsRead,
    query: reportQuerySchema,
    response: { 200: z.string() },
    csv: true,
  }),
  returnsRate: defineRoute({
    method: 'GET',
    url: '/api/reports/returns-rate',
    summary: 'Returned ÷ taken per distributor and bread over the dates, flagged above the setting',
    access: returnsRead,
    query: reportQuerySchema,
    response: { 200: returnsRateReportSchema },
  }),
  returnsRateCsv: defineRoute({
    method: 'GET',
    url: '/api/reports/returns-rate.csv',
    summary: 'The returns rate per distributor and bread over the dates as CSV, then their total',
    access: returnsRead,
    query: reportQuerySchema,
    response: { 200: z.string() },
    csv: true,
  }),
  waste: defineRoute({
    method: 'GET',
    url: '/api/reports/waste',
    summary:
      'Loaves written off and their cost over the dates, by bread and reason, and as % of production',
    access: moduleRight('sales', 'read'),
    query: reportQuerySchema,
    response: { 200: wasteReportSchema },
  }),
  wasteCsv: defineRoute({
    method: 'GET',
    url: '/api/reports/waste.csv',
    summary: 'Every write-off over the dates as CSV, newest first, then their total',
    access: moduleRight('sales', 'read'),
    query: reportQuerySchema,
    response: { 200: z.string() },
    csv: true,
  }),
  sales: defineRoute({
    method: 'GET',
    url: '/api/reports/sales',
    summary: 'Sales, payments and balances over the dates, by distributor, with their trend',
    access: moduleRight('sales', 'read'),
    query: reportQuerySchema,
    response: { 200: salesReportSchema },
  }),
  production: defineRoute({
    method: 'GET',
    url: '/api/reports/production',
    summary: 'Batches started over the dates, the 20 most recent, and flour baked by period',
    access: moduleRight('production', 'read'),
    query: reportQuerySchema,
    response: { 200: productionReportSchema },
  }),
  inventory: defineRoute({
    method: 'GET',
    url: '/api/reports/inventory',
    summary: 'Stock as it is now, its value and the items running low (no dates)',
    access: moduleRight('inventory', 'read'),
    response: { 200: inventoryReportSchema },
  }),
  financial: defineRoute({
    method: 'GET',
    url: '/api/reports/financial',
    summary: 'Revenue, cash received, returns and who owes, over the dates',
    access: moduleRight('accounting', 'read'),
    query: reportQuerySchema,
    response: { 200: financialReportSchema },
  }),
};
