import type { ModuleKey } from './modules';
import { type AccessSubject, canRead } from './permissions';

export interface NavEntry {
  name: string;
  path: string;
  /** null: visible to every signed-in user (Dashboard, Reports). */
  module: ModuleKey | null;
}

/** The sidebar's entries in their order (docs/screens/shell.md). */
export const NAV_ENTRIES: readonly NavEntry[] = [
  { name: 'Dashboard', path: '/', module: null },
  { name: 'Inventory', path: '/inventory', module: 'inventory' },
  { name: 'Purchase Orders', path: '/purchases', module: 'purchase_orders' },
  { name: 'Recipes', path: '/recipes', module: 'recipes' },
  { name: 'Production', path: '/production', module: 'production' },
  { name: 'Bake plan', path: '/bake-plan', module: 'production' },
  { name: 'Sales', path: '/sales', module: 'sales' },
  { name: 'Prices', path: '/prices', module: 'sales' },
  { name: 'Orders', path: '/orders', module: 'sales' },
  { name: 'Dispatch', path: '/dispatch', module: 'sales' },
  { name: 'Settlement', path: '/settlement', module: 'sales' },
  { name: 'Waste', path: '/waste', module: 'sales' },
  { name: 'Distributors', path: '/distributors', module: 'distributors' },
  { name: 'Accounting', path: '/accounting', module: 'accounting' },
  { name: 'Reports', path: '/reports', module: null },
  { name: 'Production History', path: '/history', module: 'production_history' },
];

export function visibleNavEntries(user: AccessSubject): NavEntry[] {
  return NAV_ENTRIES.filter((entry) => entry.module === null || canRead(user, entry.module));
}

/** Highlighted when the path equals the entry's or lies under it; '/' only matches itself. */
export function isActiveEntry(currentPath: string, entryPath: string): boolean {
  if (entryPath === '/') return currentPath === '/';
  return currentPath === entryPath || currentPath.startsWith(`${entryPath}/`);
}
