import { eq } from 'drizzle-orm';
import {
  MODULE_DESCRIPTIONS,
  MODULE_DISPLAY_NAMES,
  MODULE_KEYS,
  type ModuleKey,
} from '../../domain/modules';
import type { Database } from './connection';
import { lockFor } from './locks';
import { appSettings, permissions, rolePermissions, roles } from './schema';

type Grant = 'r' | 'rw' | 'rwd';

/** The three roles a new bakery starts with; admins may change or remove them. */
const STARTER_ROLES: {
  name: string;
  description: string;
  grants: Partial<Record<ModuleKey, Grant>>;
}[] = [
  {
    name: 'Production Staff',
    description: 'Bakes: reads stock and recipes, records production batches',
    grants: { inventory: 'r', recipes: 'r', production: 'rw', production_history: 'r' },
  },
  {
    name: 'Sales Team',
    description: 'Sells loaves and looks after distributor accounts',
    grants: { sales: 'rw', distributors: 'rw', production_history: 'r' },
  },
  {
    name: 'Manager',
    description: 'Runs the bakery: every module, including deletions and accounting',
    grants: {
      inventory: 'rwd',
      purchase_orders: 'rwd',
      recipes: 'rwd',
      production: 'rwd',
      sales: 'rwd',
      distributors: 'rwd',
      accounting: 'r',
      production_history: 'r',
    },
  },
];

/**
 * Makes sure every module has its permission row, and on the very first start
 * creates the starter roles. A flag in app_settings records that they were
 * made, so a starter role an admin deleted does not come back on restart.
 */
export async function ensureStarterData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    // Two app processes starting together on one PostgreSQL take turns here.
    await lockFor(tx, 'bakery:starter-data');
    await tx
      .insert(permissions)
      .values(
        MODULE_KEYS.map((module) => ({
          module,
          displayName: MODULE_DISPLAY_NAMES[module],
          description: MODULE_DESCRIPTIONS[module],
        })),
      )
      .onConflictDoNothing({ target: permissions.module });

    const [seeded] = await tx
      .select()
      .from(appSettings)
      .where(eq(appSettings.key, 'starter_roles_created'));
    if (seeded) return;

    const permissionRows = await tx
      .select({ id: permissions.id, module: permissions.module })
      .from(permissions);
    const permissionId = new Map(permissionRows.map((row) => [row.module, row.id]));
    for (const starter of STARTER_ROLES) {
      const [role] = await tx
        .insert(roles)
        .values({ name: starter.name, description: starter.description })
        .onConflictDoNothing({ target: roles.name })
        .returning({ id: roles.id });
      if (!role) continue; // An admin already made a role of that name.
      const grants = Object.entries(starter.grants) as [ModuleKey, Grant][];
      await tx.insert(rolePermissions).values(
        grants.map(([module, grant]) => ({
          roleId: role.id,
          permissionId: permissionId.get(module) as string,
          canRead: true,
          canWrite: grant !== 'r',
          canDelete: grant === 'rwd',
        })),
      );
    }
    await tx.insert(appSettings).values({ key: 'starter_roles_created', value: 'true' });
  });
}
