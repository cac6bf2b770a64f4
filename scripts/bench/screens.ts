import { businessDate } from '../../src/domain/time';

/** What a screen's reads need to know: a distributor to open and the bakery's calendar. */
export interface ReadContext {
  distributorId: string;
  timeZone: string;
  now: Date;
}

export interface ScreenRead {
  label: string;
  path: string;
  /** The budget the earlier benchmark held this read to under warm load, if it measured it. */
  warmBudget?: 'small' | 'aggregate';
}

const PAGE = 'limit=50&offset=0';
const REPORT_TABS = ['returns', 'sales', 'production', 'inventory', 'financial'] as const;

/**
 * Every GET a screen makes when it opens (src/web/pages/<m>/queries.ts and the
 * pages that use them), with the periods people pick most: this month, this
 * year, all time, and a statement from 2020.
 */
export function screenReads(context: ReadContext): ScreenRead[] {
  const today = businessDate(context.now, context.timeZone);
  const thisYear = `startDate=${today.slice(0, 4)}-01-01&endDate=${today}`;
  const statement = `/api/distributors/${context.distributorId}/statement`;
  const reports = REPORT_TABS.flatMap((tab) => [
    {
      label: `reports: ${tab} (all time)`,
      path: `/api/reports/${tab}`,
      warmBudget: 'aggregate' as const,
    },
    { label: `reports: ${tab} (this year)`, path: `/api/reports/${tab}?${thisYear}` },
  ]);
  return [
    { label: 'current user', path: '/api/auth/user', warmBudget: 'small' },
    { label: 'notifications', path: '/api/notifications' },
    { label: 'dashboard summary', path: '/api/dashboard/summary', warmBudget: 'aggregate' },
    { label: 'inventory list', path: '/api/inventory', warmBudget: 'small' },
    { label: 'low stock', path: '/api/inventory/low-stock' },
    { label: 'purchase orders list', path: `/api/purchase-orders?${PAGE}` },
    { label: 'purchase orders summary', path: '/api/purchase-orders/summary' },
    { label: 'recipes', path: '/api/recipes' },
    { label: 'production list', path: `/api/production-batches?${PAGE}` },
    { label: 'production summary', path: '/api/production-batches/summary' },
    { label: 'history list', path: `/api/production-history?${PAGE}` },
    { label: 'history summary', path: '/api/production-history/summary' },
    { label: 'sales summary', path: '/api/sales-transactions/summary' },
    { label: 'recent sales', path: '/api/sales-transactions?limit=5' },
    { label: 'available loaves', path: '/api/available-loaves', warmBudget: 'aggregate' },
    { label: 'distributors list', path: '/api/distributors' },
    { label: 'prices', path: '/api/bread-prices' },
    { label: 'order book (tomorrow)', path: '/api/orders/book' },
    { label: 'standing orders', path: '/api/orders/standing' },
    { label: 'bake plan (tomorrow)', path: '/api/bake-plan' },
    { label: 'dispatch (today)', path: '/api/dispatch' },
    { label: 'settlements (today)', path: '/api/settlements' },
    { label: 'waste shelf', path: '/api/waste/shelf' },
    { label: 'write-offs', path: '/api/waste?limit=20&offset=0' },
    {
      label: 'statement (this month)',
      path: `${statement}?startDate=${today.slice(0, 8)}01&endDate=${today}`,
    },
    { label: 'statement (from 2020)', path: `${statement}?startDate=2020-01-01&endDate=${today}` },
    ...(['this_month', 'this_year'] as const).flatMap((period) => {
      const named = period.replace('_', ' ');
      return [
        {
          label: `accounting summary (${named})`,
          path: `/api/accounting/summary?period=${period}`,
          ...(period === 'this_year' ? { warmBudget: 'aggregate' as const } : {}),
        },
        { label: `accounting income (${named})`, path: `/api/accounting/income?period=${period}` },
        {
          label: `accounting expenditures (${named})`,
          path: `/api/accounting/expenditures?period=${period}`,
        },
      ];
    }),
    ...reports,
    { label: 'returns history (all time)', path: '/api/reports/returns/history' },
    { label: 'receivables ageing', path: '/api/reports/ageing' },
    { label: 'returns history (this year)', path: `/api/reports/returns/history?${thisYear}` },
    { label: 'audit trail (first page)', path: `/api/admin/audit?${PAGE}` },
    { label: 'users', path: '/api/admin/users' },
  ];
}

/**
 * The pages people move through, each as the reads it makes on open (a
 * browser makes them at once), by label of screenReads. The bell's
 * notifications come with every page: after a write everything is stale.
 */
export const PAGES: Record<string, string[]> = {
  Dashboard: ['dashboard summary'],
  Inventory: ['inventory list'],
  'Purchase Orders': ['purchase orders list', 'purchase orders summary'],
  Recipes: ['recipes'],
  Production: ['production list', 'production summary'],
  'Production History': ['history list', 'history summary'],
  Sales: ['sales summary', 'recent sales', 'available loaves'],
  Distributors: ['distributors list'],
  Prices: ['prices'],
  Orders: ['order book (tomorrow)'],
  'Bake plan': ['bake plan (tomorrow)'],
  Dispatch: ['dispatch (today)'],
  Settlement: ['dispatch (today)', 'settlements (today)'],
  Waste: ['waste shelf', 'write-offs'],
  Statement: ['statement (this month)'],
  Accounting: ['accounting summary (this month)'],
  Reports: ['reports: returns (all time)', 'returns history (all time)'],
  'Audit Trail': ['audit trail (first page)', 'users'],
};
export const EVERY_PAGE = ['notifications'];
