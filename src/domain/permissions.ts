import { z } from 'zod';
import { MODULE_KEYS, type ModuleKey } from './modules';

export type Right = 'read' | 'write' | 'delete';

/** A role's rights on one module, and a user's once their roles' are merged. */
export const modulePermissionSchema = z.object({
  module: z.enum(MODULE_KEYS),
  canRead: z.boolean(),
  canWrite: z.boolean(),
  canDelete: z.boolean(),
});
export type ModulePermission = z.infer<typeof modulePermissionSchema>;

/** What the server needs to know about a signed-in user to decide access. */
export interface AccessSubject {
  isAdmin: boolean;
  permissions: readonly ModulePermission[];
}

const FLAG: Record<Right, keyof Omit<ModulePermission, 'module'>> = {
  read: 'canRead',
  write: 'canWrite',
  delete: 'canDelete',
};

/** Admins hold every right; anyone else needs the flag on that module. */
export function hasRight(subject: AccessSubject, module: ModuleKey, right: Right): boolean {
  if (subject.isAdmin) return true;
  return subject.permissions.some((p) => p.module === module && p[FLAG[right]]);
}

export const canRead = (s: AccessSubject, m: ModuleKey) => hasRight(s, m, 'read');
export const canWrite = (s: AccessSubject, m: ModuleKey) => hasRight(s, m, 'write');
export const canDelete = (s: AccessSubject, m: ModuleKey) => hasRight(s, m, 'delete');

/**
 * A user's right on a module is the OR over the permissions their active roles
 * grant; rows arrive one per (role, module).
 */
export function mergePermissions(rows: readonly ModulePermission[]): ModulePermission[] {
  const byModule = new Map<ModuleKey, ModulePermission>();
  for (const row of rows) {
    const seen = byModule.get(row.module);
    byModule.set(row.module, {
      module: row.module,
      canRead: (seen?.canRead ?? false) || row.canRead,
      canWrite: (seen?.canWrite ?? false) || row.canWrite,
      canDelete: (seen?.canDelete ?? false) || row.canDelete,
    });
  }
  return [...byModule.values()];
}
