import { z } from 'zod';
import { dateRangeFields, datesInOrder, END_BEFORE_START } from './fields';
import type { ModuleKey } from './modules';
import { keysetSchema } from './paging';

/** `?startDate=&endDate=`, both optional ("from X onwards", "up to Y"; docs/screens/reports.md). */
export const reportQuerySchema = z
  .strictObject(dateRangeFields)
  .refine(datesInOrder, END_BEFORE_START);

/** The returns history a page at a time: the dates, `limit` and `before` (a page's `nextCursor`). */
export const returnsHistoryQuerySchema = z
  .strictObject({ ...dateRangeFields, ...keysetSchema.shape })
  .refine(datesInOrder, END_BEFORE_START);
export type ReportQuery = z.input<typeof reportQuerySchema>;

export const REPORT_TABS = [
  'returns',
  'returnsRate',
  'ageing',
  'sales',
  'production',
  'inventory',
  'financial',
  'waste',
] as const;
export type ReportTab = (typeof REPORT_TABS)[number];

/** Each tab shows data of one module; users see the tabs of modules they can read. */
export const REPORT_TAB_MODULES: Record<ReportTab, ModuleKey> = {
  returns: 'distributors',
  returnsRate: 'distributors',
  ageing: 'distributors',
  sales: 'sales',
  production: 'production',
  inventory: 'inventory',
  financial: 'accounting',
  waste: 'sales',
};

export const REPORT_TAB_LABELS: Record<ReportTab, string> = {
  returns: 'Returns',
  returnsRate: 'Returns rate',
  ageing: 'Ageing',
  sales: 'Sales',
  production: 'Production',
  inventory: 'Inventory',
  financial: 'Financial',
  waste: 'Waste',
};

/** The filter line (docs/screens/reports.md): both dates, only a start, or only an end. */
export function filterWording(startDate: string | null, endDate: string | null): string | null {
  if (startDate && endDate) return `Showing data from ${startDate} to ${endDate}`;
  if (startDate) return `Showing data from ${startDate} onwards`;
  if (endDate) return `Showing data up to ${endDate}`;
  return null;
}
