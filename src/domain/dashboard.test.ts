import { describe, expect, it } from 'vitest';
import { dashboardParts, quickActions } from './dashboard';
import type { ModuleKey } from './modules';
import type { AccessSubject } from './permissions';

const role = (grants: Partial<Record<ModuleKey, 'r' | 'rw'>>): AccessSubject => ({
  isAdmin: false,
  permissions: Object.entries(grants).map(([module, flags]) => ({
    module: module as ModuleKey,
    canRead: true,
    canWrite: flags === 'rw',
    canDelete: false,
  })),
});

const labels = (user: AccessSubject) => quickActions(user).map((action) => action.label);

describe('dashboardParts', () => {
  it('gives an admin every part', () => {
    expect(dashboardParts({ isAdmin: true, permissions: [] })).toEqual([
      'inventory',
      'production',
      'purchaseOrders',
      'sales',
      'moneyOwed',
    ]);
  });

  it("gives the sales team today's sales, loaves and money owed only", () => {
    expect(
      dashboardParts(role({ sales: 'rw', distributors: 'rw', production_history: 'r' })),
    ).toEqual(['sales', 'moneyOwed']);
  });

  it('gives production staff the production part only', () => {
    expect(dashboardParts(role({ production: 'rw', recipes: 'r' }))).toEqual(['production']);
  });

  it('gives a user without roles nothing', () => {
    expect(dashboardParts(role({}))).toEqual([]);
  });
});

describe('quickActions', () => {
  it("gives an admin the spec's four", () => {
    expect(labels({ isAdmin: true, permissions: [] })).toEqual([
      'New Production',
      'Purchase Order',
      'New Recipe',
      'View Reports',
    ]);
  });

  it('gives a sales clerk Record Sale, not the actions they may not carry through', () => {
    expect(labels(role({ sales: 'rw', distributors: 'rw' }))).toEqual([
      'Record Sale',
      'View Reports',
    ]);
  });

  it('gives production staff New Production, and New Recipe only with the recipes write right', () => {
    expect(labels(role({ production: 'rw', recipes: 'r' }))).toEqual([
      'New Production',
      'View Reports',
    ]);
    expect(labels(role({ production: 'rw', recipes: 'rw' }))).toEqual([
      'New Production',
      'New Recipe',
      'View Reports',
    ]);
  });

  it('needs the write right, not just read, for a create action', () => {
    expect(labels(role({ purchase_orders: 'r' }))).toEqual([]);
    expect(labels(role({ purchase_orders: 'rw' }))).toEqual(['Purchase Order']);
  });

  it('opens each create dialog directly', () => {
    expect(quickActions(role({ production: 'rw', sales: 'rw' })).map((a) => a.href)).toEqual([
      '/production?new',
      '/sales?new',
      '/reports',
    ]);
  });
});
