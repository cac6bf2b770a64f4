import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { ModuleKey } from '../domain/modules';
import { queryClient } from './api/query-client';
import { dashboardSummaryQuery } from './pages/dashboard/queries';

export interface PageRoute {
  path: string;
  title: string;
  subtitle: string;
  /** The module a user must be able to read; null for every signed-in user. */
  module: ModuleKey | null;
  adminOnly?: boolean;
  /** The page itself, loaded on first visit; a route without one shows its title only. */
  page?: LazyExoticComponent<ComponentType>;
  /** Starts fetching the page's chunk before React asks for it (see App). */
  load?: () => Promise<unknown>;
  /** Starts fetching the page's first data alongside its chunk (see App). */
  prefetch?: () => void;
}

function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return { page: lazy(load), load };
}

/** Every signed-in route (docs/README.md, Screens), with its page title and subtitle. */
export const PAGE_ROUTES: readonly PageRoute[] = [
  {
    path: '/',
    title: 'Dashboard',
    subtitle: 'Overview of bakery operations',
    module: null,
    ...lazyPage(() => import('./pages/dashboard/DashboardPage')),
    // The first page after signing in: its figures should not wait for its code.
    prefetch: () => void queryClient.prefetchQuery(dashboardSummaryQuery),
  },
  {
    path: '/inventory',
    title: 'Inventory',
    subtitle: 'Manage ingredients, packaging and supplies',
    module: 'inventory',
    ...lazyPage(() => import('./pages/inventory/InventoryPage')),
  },
  {
    path: '/purchases',
    title: 'Purchase Orders',
    subtitle: 'Manage supplier orders and deliveries',
    module: 'purchase_orders',
    ...lazyPage(() => import('./pages/purchases/PurchaseOrdersPage')),
  },
  {
    path: '/recipes',
    title: 'Recipes',
    subtitle: 'Manage bread recipes and formulations',
    module: 'recipes',
    ...lazyPage(() => import('./pages/recipes/RecipesPage')),
  },
  {
    path: '/production',
    title: 'Production',
    subtitle: 'Manage production batches and schedules',
    module: 'production',
    ...lazyPage(() => import('./pages/production/ProductionPage')),
  },
  {
    path: '/bake-plan',
    title: 'Bake plan',
    subtitle: 'Loaves, flour and mixes for a day from the order book, and what is short',
    module: 'production',
    ...lazyPage(() => import('./pages/bake-plan/BakePlanPage')),
  },
  {
    path: '/sales',
    title: 'Sales Management',
    subtitle: 'Record sales transactions and track available inventory',
    module: 'sales',
    ...lazyPage(() => import('./pages/sales/SalesPage')),
  },
  {
    path: '/prices',
    title: 'Prices',
    subtitle: "Default bread prices and each distributor's own, dated",
    module: 'sales',
    ...lazyPage(() => import('./pages/prices/PricesPage')),
  },
  {
    path: '/orders',
    title: 'Orders',
    subtitle: "Distributors' standing orders and the order book of a day",
    module: 'sales',
    ...lazyPage(() => import('./pages/orders/OrdersPage')),
  },
  {
    path: '/dispatch',
    title: 'Dispatch',
    subtitle: "The day's loading list and each distributor's delivery note",
    module: 'sales',
    ...lazyPage(() => import('./pages/dispatch/DispatchPage')),
  },
  {
    path: '/settlement',
    title: 'Settlement',
    subtitle: "Each distributor's end of day: returns, money collected and the summary",
    module: 'sales',
    ...lazyPage(() => import('./pages/settlement/SettlementPage')),
  },
  {
    path: '/waste',
    title: 'Waste',
    subtitle: 'Stale loaves, write-offs and returned bread',
    module: 'sales',
    ...lazyPage(() => import('./pages/waste/WastePage')),
  },
  {
    path: '/distributors',
    title: 'Distributor Management',
    subtitle: 'Manage distributors and track their account balances',
    module: 'distributors',
    ...lazyPage(() => import('./pages/distributors/DistributorsPage')),
  },
  {
    path: '/distributors/:id/statement',
    title: 'Distributor Statement',
    subtitle: 'Sales, payments and returns with the running balance',
    module: 'distributors',
    ...lazyPage(() => import('./pages/distributors/StatementPage')),
  },
  {
    path: '/distributors/receipts/:id',
    title: 'Payment Receipt',
    subtitle: 'A payment received, in figures and words, to print or send',
    module: 'distributors',
    ...lazyPage(() => import('./pages/receipts/ReceiptPage')),
  },
  {
    path: '/history',
    title: 'Production History',
    subtitle: 'Track completed production batches',
    module: 'production_history',
    ...lazyPage(() => import('./pages/history/ProductionHistoryPage')),
  },
  {
    path: '/accounting',
    title: 'Accounting',
    subtitle: 'View financial reports and analytics',
    module: 'accounting',
    ...lazyPage(() => import('./pages/accounting/AccountingPage')),
  },
  {
    path: '/reports',
    title: 'Reports & Analytics',
    subtitle: 'Comprehensive business insights and performance metrics',
    module: null,
    ...lazyPage(() => import('./pages/reports/ReportsPage')),
  },
  {
    path: '/admin',
    title: 'Admin Panel',
    subtitle: 'Manage users and system settings',
    module: null,
    adminOnly: true,
    ...lazyPage(() => import('./pages/admin/AdminPage')),
  },
];
