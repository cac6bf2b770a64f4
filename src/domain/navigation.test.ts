import { describe, expect, it } from 'vitest';
import { isActiveEntry, NAV_ENTRIES, visibleNavEntries } from './navigation';

describe('visibleNavEntries', () => {
  it('shows admins every entry in the spec order', () => {
    const names = visibleNavEntries({ isAdmin: true, permissions: [] }).map((e) => e.name);
    expect(names).toEqual([
      'Dashboard',
      'Inventory',
      'Purchase Orders',
      'Recipes',
      'Production',
      'Bake plan',
      'Sales',
      'Prices',
      'Orders',
      'Dispatch',
      'Settlement',
      'Waste',
      'Distributors',
      'Accounting',
      'Reports',
      'Production History',
    ]);
  });

  it('shows a user without rights only Dashboard and Reports', () => {
    const names = visibleNavEntries({ isAdmin: false, permissions: [] }).map((e) => e.name);
    expect(names).toEqual(['Dashboard', 'Reports']);
  });

  it('adds the modules the user can read, and not those with write only', () => {
    const names = visibleNavEntries({
      isAdmin: false,
      permissions: [
        { module: 'inventory', canRead: true, canWrite: false, canDelete: false },
        { module: 'sales', canRead: false, canWrite: true, canDelete: false },
      ],
    }).map((e) => e.name);
    expect(names).toEqual(['Dashboard', 'Inventory', 'Reports']);
  });

  it('maps every entry to the path and module key of the spec', () => {
    expect(NAV_ENTRIES.map((e) => [e.path, e.module])).toEqual([
      ['/', null],
      ['/inventory', 'inventory'],
      ['/purchases', 'purchase_orders'],
      ['/recipes', 'recipes'],
      ['/production', 'production'],
      ['/bake-plan', 'production'],
      ['/sales', 'sales'],
      ['/prices', 'sales'],
      ['/orders', 'sales'],
      ['/dispatch', 'sales'],
      ['/settlement', 'sales'],
      ['/waste', 'sales'],
      ['/distributors', 'distributors'],
      ['/accounting', 'accounting'],
      ['/reports', null],
      ['/history', 'production_history'],
    ]);
  });
});

describe('isActiveEntry', () => {
  it('matches the dashboard only on "/"', () => {
    expect(isActiveEntry('/', '/')).toBe(true);
    expect(isActiveEntry('/inventory', '/')).toBe(false);
  });

  it('matches an entry on its path and the paths below it', () => {
    expect(isActiveEntry('/inventory', '/inventory')).toBe(true);
    expect(isActiveEntry('/inventory/123', '/inventory')).toBe(true);
    expect(isActiveEntry('/recipes', '/inventory')).toBe(false);
  });

  it('does not match a different entry that shares a prefix', () => {
    expect(isActiveEntry('/production-history', '/production')).toBe(false);
  });
});
