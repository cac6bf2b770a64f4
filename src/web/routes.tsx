import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { ModuleKey } from '../domain/modules';

export interface PageRoute {
  path: string;
  title: string;
  subtitle: string;
  /** The module a user must be able to read; null for every signed-in user. */
  module: ModuleKey | null;
  adminOnly?: boolean;
  /** The page itself, loaded on first visit; a route without one shows its title only. */
  page?: LazyExoticComponent<ComponentType>;
}

/** Every signed-in route of spec section 2, with its page title and subtitle. */
export const PAGE_ROUTES: readonly PageRoute[] = [
  {
    path: '/',
    title: 'Dashboard',
    subtitle: 'Overview of bakery operations',
    module: null,
    page: lazy(() => import('./pages/dashboard/DashboardPage')),
  },
  {
    path: '/inventory',
    title: 'Inventory',
    subtitle: 'Manage ingredients, packaging and supplies',
    module: 'inventory',
    page: lazy(() => import('./pages/inventory/InventoryPage')),
  },
  {
    path: '/purchases',
    title: 'Purchase Orders',
    subtitle: 'Manage supplier orders and deliveries',
    module: 'purchase_orders',
    page: lazy(() => import('./pages/purchases/PurchaseOrdersPage')),
  },
  {
    path: '/recipes',
    title: 'Recipes',
    subtitle: 'Manage bread recipes and formulations',
    module: 'recipes',
    page: lazy(() => import('./pages/recipes/RecipesPage')),
  },
  {
    path: '/production',
    title: 'Production',
    subtitle: 'Manage production batches and schedules',
    module: 'production',
    page: lazy(() => import('./pages/production/ProductionPage')),
  },
  {
    path: '/sales',
    title: 'Sales Management',
    subtitle: 'Record sales transactions and track available inventory',
    module: 'sales',
    page: lazy(() => import('./pages/sales/SalesPage')),
  },
  {
    path: '/distributors',
    title: 'Distributor Management',
    subtitle: 'Manage distributors and track their account balances',
    module: 'distributors',
    page: lazy(() => import('./pages/distributors/DistributorsPage')),
  },
  {
    path: '/distributors/:id/statement',
    title: 'Distributor Statement',
    subtitle: 'Sales, payments and returns with the running balance',
    module: 'distributors',
    page: lazy(() => import('./pages/distributors/StatementPage')),
  },
  {
    path: '/history',
    title: 'Production History',
    subtitle: 'Track completed production batches',
    module: 'production_history',
    page: lazy(() => import('./pages/history/ProductionHistoryPage')),
  },
  {
    path: '/accounting',
    title: 'Accounting',
    subtitle: 'View financial reports and analytics',
    module: 'accounting',
    page: lazy(() => import('./pages/accounting/AccountingPage')),
  },
  {
    path: '/reports',
    title: 'Reports & Analytics',
    subtitle: 'Comprehensive business insights and performance metrics',
    module: null,
    page: lazy(() => import('./pages/reports/ReportsPage')),
  },
  {
    path: '/admin',
    title: 'Admin Panel',
    subtitle: 'Manage users and system settings',
    module: null,
    adminOnly: true,
    page: lazy(() => import('./pages/admin/AdminPage')),
  },
];
