import { describe, expect, it } from 'vitest';
import { canDelete, canRead, canWrite, hasRight, mergePermissions } from './permissions';

const staff = (permissions: Parameters<typeof mergePermissions>[0]) => ({
  isAdmin: false,
  permissions,
});

describe('hasRight', () => {
  it('gives admins every right on every module', () => {
    const admin = { isAdmin: true, permissions: [] };
    expect(canRead(admin, 'accounting')).toBe(true);
    expect(canWrite(admin, 'inventory')).toBe(true);
    expect(canDelete(admin, 'distributors')).toBe(true);
  });

  it('checks each flag of the module independently', () => {
    const user = staff([{ module: 'inventory', canRead: true, canWrite: false, canDelete: true }]);
    expect(hasRight(user, 'inventory', 'read')).toBe(true);
    expect(hasRight(user, 'inventory', 'write')).toBe(false);
    expect(hasRight(user, 'inventory', 'delete')).toBe(true);
  });

  it('refuses a module the user has no row for', () => {
    const user = staff([{ module: 'inventory', canRead: true, canWrite: true, canDelete: true }]);
    expect(canRead(user, 'sales')).toBe(false);
  });
});

describe('mergePermissions', () => {
  it('ORs the flags of several roles per module', () => {
    const merged = mergePermissions([
      { module: 'sales', canRead: true, canWrite: false, canDelete: false },
      { module: 'sales', canRead: false, canWrite: true, canDelete: false },
      { module: 'recipes', canRead: true, canWrite: false, canDelete: false },
    ]);
    expect(merged).toEqual([
      { module: 'sales', canRead: true, canWrite: true, canDelete: false },
      { module: 'recipes', canRead: true, canWrite: false, canDelete: false },
    ]);
  });

  it('returns nothing for no rows', () => {
    expect(mergePermissions([])).toEqual([]);
  });
});
