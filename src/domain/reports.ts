import { z } from 'zod';
import type { ReturnReason } from './distributor-schemas';
import { dateRangeFields, datesInOrder, END_BEFORE_START } from './fields';
import type { ModuleKey } from './modules';
import { keysetSchema } from './paging';
import type { BatchStatus } from './production-schemas';

/** `?startDate=&endDate=`, both optional ("from X onwards", "up to Y"; docs/screens/reports.md). */
export const reportQuerySchema = z
  .strictObject(dateRangeFields)
  .refine(datesInOrder, END_BEFORE_START);

/** The returns history a page at a time: the dates, `limit` and `before` (a page's `nextCursor`). */
export const returnsHistoryQuerySchema = z
  .strictObject({ ...dateRangeFields, ...keysetSchema.shape })
  .refine(datesInOrder, END_BEFORE_START);
export type ReportQuery = z.input<typeof reportQuerySchema>;

export const REPORT_TABS = ['returns', 'sales', 'production', 'inventory', 'financial'] as const;
export type ReportTab = (typeof REPORT_TABS)[number];

/** Each tab shows data of one module; users see the tabs of modules they can read. */
export const REPORT_TAB_MODULES: Record<ReportTab, ModuleKey> = {
  returns: 'distributors',
  sales: 'sales',
  production: 'production',
  inventory: 'inventory',
  financial: 'accounting',
};

export const REPORT_TAB_LABELS: Record<ReportTab, string> = {
  returns: 'Returns',
  sales: 'Sales',
  production: 'Production',
  inventory: 'Inventory',
  financial: 'Financial',
};

/** The filter line (docs/screens/reports.md): both dates, only a start, or only an end. */
export function filterWording(startDate: string | null, endDate: string | null): string | null {
  if (startDate && endDate) return `Showing data from ${startDate} to ${endDate}`;
  if (startDate) return `Showing data from ${startDate} onwards`;
  if (endDate) return `Showing data up to ${endDate}`;
  return null;
}

/** A point of a trend chart: a day or a month, and its value. */
export interface TrendPoint {
  period: string;
  value: number;
}

export interface ReturnsReport {
  totalAmount: number;
  totalLoaves: number;
  byReason: { reason: ReturnReason; loaves: number; amount: number }[];
  byDistributor: {
    distributorId: string;
    distributorName: string | null;
    totalLoaves: number;
    totalAmount: number;
    returns: number;
  }[];
}

/** A row of the All Returns History table (GET /api/reports/returns/history), newest first. */
export interface ReturnHistoryRow {
  id: string;
  createdAt: string;
  distributorName: string | null;
  recipeName: string;
  loavesReturned: number;
  amount: number;
  reason: ReturnReason;
  notes: string | null;
}

export interface DistributorTotals {
  distributorId: string;
  distributorName: string;
  totalSales: number;
  payments: number;
  returns: number;
  balance: number;
  transactions: number;
}

export interface SalesReport {
  totalSales: number;
  paymentsReceived: number;
  outstandingBalance: number;
  byDistributor: DistributorTotals[];
  trend: TrendPoint[];
}

export interface ProductionReport {
  totalBatches: number;
  completed: number;
  inProgress: number;
  totalLoaves: number;
  batches: {
    id: string;
    date: string | null;
    recipeName: string;
    flourKg: number;
    loavesProduced: number | null;
    status: BatchStatus;
  }[];
  trend: TrendPoint[];
}

export interface InventoryReport {
  totalItems: number;
  lowStockCount: number;
  totalValue: number;
  lowStock: {
    id: string;
    name: string;
    category: string;
    currentStock: number;
    minStock: number;
    unit: string;
  }[];
  items: {
    id: string;
    name: string;
    category: string;
    currentStock: number;
    unit: string;
    unitCost: number;
    totalValue: number;
  }[];
}

export interface FinancialReport {
  totalRevenue: number;
  cashReceived: number;
  totalReturns: number;
  accountsReceivable: number;
  netSales: number;
  balances: DistributorTotals[];
  trend: TrendPoint[];
}
