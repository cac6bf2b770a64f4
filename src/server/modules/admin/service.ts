import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type {
  AdminUserCreateInput,
  AdminUserUpdateInput,
  RoleInput,
  RolePermissionsInput,
  RoleUpdateInput,
} from '../../../domain/admin-schemas';
import type {
  AdminUser,
  ModuleInfo,
  RoleWithPermissions,
  UserDeletion,
} from '../../../domain/contracts/admin';
import { isModuleKey, MODULE_KEYS } from '../../../domain/modules';
import { hashPassword } from '../../auth/password';
import type { Database, Transaction } from '../../db/connection';
import { lockFor } from '../../db/locks';
import { rowsOf } from '../../db/raw-results';
import {
  auditEvents,
  permissions,
  rolePermissions,
  roles,
  sessions,
  stockMovements,
  userRoles,
  users,
} from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { refuseTakenAccount } from '../auth/service';

const LAST_ADMIN =
  'The last active administrator cannot be removed. Make another user an administrator first.';

const adminUserColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  isAdmin: users.isAdmin,
  isActive: users.isActive,
  createdAt: users.createdAt,
};

export async function listUsers(db: Database): Promise<AdminUser[]> {
  const rows = await db
    .select({ ...adminUserColumns, roleId: roles.id, roleName: roles.name })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(roles, eq(roles.id, userRoles.roleId))
    .orderBy(asc(users.username), asc(userRoles.assignedAt));
  // One role per user in the Admin Panel: the first assigned one is shown.
  const byId = new Map<string, AdminUser>();
  for (const row of rows) {
    if (byId.has(row.id)) continue;
    byId.set(row.id, { ...row, createdAt: row.createdAt.toISOString() });
  }
  return [...byId.values()];
}

async function getUser(db: Database | Transaction, id: string): Promise<AdminUser> {
  const [row] = await db
    .select({ ...adminUserColumns, roleId: roles.id, roleName: roles.name })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(users.id, id))
    .orderBy(asc(userRoles.assignedAt))
    .limit(1);
  if (!row) throw notFound('User');
  return { ...row, createdAt: row.createdAt.toISOString() };
}

async function assignRole(tx: Transaction, userId: string, roleId: string | null, adminId: string) {
  if (roleId) {
    const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, roleId));
    if (!role) throw notFound('Role');
  }
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roleId) await tx.insert(userRoles).values({ userId, roleId, assignedBy: adminId });
}

/** Admin changes to users take turns, so two of them cannot each remove "the other" last admin. */
async function lockAdminChanges(tx: Transaction) {
  await lockFor(tx, 'bakery:admins');
}

async function otherActiveAdmins(tx: Transaction, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.isActive, true), ne(users.id, userId)));
  return Number(row?.n ?? 0);
}

async function endSessionsOf(tx: Transaction, userId: string) {
  await tx.delete(sessions).where(sql`${sessions.sess}->>'userId' = ${userId}`);
}

export async function createUser(
  db: Database,
  input: AdminUserCreateInput & { roleId?: string | null },
  adminId: string,
): Promise<AdminUser> {
  const passwordHash = await hashPassword(input.password);
  const id = await db.transaction(async (tx) => {
    await refuseTakenAccount(tx, input);
    const [created] = await tx
      .insert(users)
      .values({
        username: input.username,
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        isAdmin: input.isAdmin ?? false,
        isActive: input.isActive ?? true,
      })
      .returning({ id: users.id });
    if (!created) throw new Error('insert returned no row');
    await assignRole(tx, created.id, input.roleId ?? null, adminId);
    return created.id;
  });
  return getUser(db, id);
}

/**
 * An admin may not take away their own admin rights or their own account,
 * nor leave the bakery without an active administrator.
 */
async function refuseLosingAdmins(
  tx: Transaction,
  target: { id: string; isAdmin: boolean; isActive: boolean },
  input: AdminUserUpdateInput,
  adminId: string,
) {
  const losesAdmin =
    target.isAdmin && target.isActive && (input.isAdmin === false || input.isActive === false);
  if (!losesAdmin) return;
  if (target.id === adminId) {
    throw new AppError(
      'OWN_ACCOUNT',
      input.isActive === false
        ? 'You cannot deactivate your own account'
        : 'You cannot remove your own administrator rights',
    );
  }
  if ((await otherActiveAdmins(tx, target.id)) === 0) throw new AppError('LAST_ADMIN', LAST_ADMIN);
}

export async function updateUser(
  db: Database,
  id: string,
  input: AdminUserUpdateInput & { roleId?: string | null },
  adminId: string,
): Promise<AdminUser> {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  await db.transaction(async (tx) => {
    await lockAdminChanges(tx);
    const [current] = await tx
      .select({ isAdmin: users.isAdmin, isActive: users.isActive })
      .from(users)
      .where(eq(users.id, id));
    if (!current) throw notFound('User');
    await refuseLosingAdmins(tx, { id, ...current }, input, adminId);
    await refuseTakenAccount(tx, input, id);
    const { password: _password, roleId, ...fields } = input;
    await tx
      .update(users)
      .set({ ...fields, ...(passwordHash ? { passwordHash } : {}), updatedAt: new Date() })
      .where(eq(users.id, id));
    if (roleId !== undefined) await assignRole(tx, id, roleId, adminId);
    // A deactivated user, or one whose password was reset, is signed out everywhere.
    if (input.isActive === false || passwordHash) await endSessionsOf(tx, id);
  });
  return getUser(db, id);
}

/** What the user did stays theirs: any audit event or stock movement naming them. */
async function hasHistory(tx: Transaction, userId: string) {
  const [row] = await rowsOf<{ used: boolean }>(
    tx,
    sql`select
      exists (select 1 from ${auditEvents} where ${auditEvents.userId} = ${userId})
      or exists (select 1 from ${stockMovements} where ${stockMovements.userId} = ${userId}) as used`,
  );
  return row?.used === true;
}

/**
 * A user with history is deactivated instead of deleted (signed out, kept with
 * their roles, able to be reactivated), so the trail and the stock movements
 * keep naming them; one with none is deleted.
 */
export async function deleteUser(db: Database, id: string, adminId: string): Promise<UserDeletion> {
  if (id === adminId) throw new AppError('OWN_ACCOUNT', 'You cannot delete your own account');
  return db.transaction(async (tx) => {
    await lockAdminChanges(tx);
    const [target] = await tx
      .select({ username: users.username, isAdmin: users.isAdmin, isActive: users.isActive })
      .from(users)
      .where(eq(users.id, id))
      .for('update');
    if (!target) throw notFound('User');
    if (target.isAdmin && target.isActive && (await otherActiveAdmins(tx, id)) === 0) {
      throw new AppError('LAST_ADMIN', LAST_ADMIN);
    }
    const kept = await hasHistory(tx, id);
    if (kept && !target.isActive) {
      throw new AppError('USER_ALREADY_DEACTIVATED', `${target.username} is already deactivated`);
    }
    await endSessionsOf(tx, id);
    if (kept) {
      await tx
        .update(users)
        .set({ isActive: false, updatedAt: new Date() })
        .where(eq(users.id, id));
      return {
        action: 'deactivated' as const,
        message: `${target.username} has recorded activity, so the account was deactivated instead of deleted`,
      };
    }
    await tx.delete(users).where(eq(users.id, id));
    return { action: 'deleted' as const, message: 'User deleted successfully' };
  });
}

export async function listModules(db: Database): Promise<ModuleInfo[]> {
  const rows = await db
    .select({
      module: permissions.module,
      displayName: permissions.displayName,
      description: permissions.description,
    })
    .from(permissions)
    .where(eq(permissions.isActive, true));
  const order = new Map(MODULE_KEYS.map((key, index) => [key, index]));
  return rows
    .flatMap((row) => (isModuleKey(row.module) ? [{ ...row, module: row.module }] : []))
    .sort((a, b) => (order.get(a.module) ?? 0) - (order.get(b.module) ?? 0));
}

export async function listRoles(db: Database): Promise<RoleWithPermissions[]> {
  const roleRows = await db
    .select({
      id: roles.id,
      name: roles.name,
      description: roles.description,
      isActive: roles.isActive,
      userCount: sql<number>`(select count(*)::int from ${userRoles} where ${userRoles.roleId} = ${roles.id})`,
    })
    .from(roles)
    .orderBy(asc(roles.name));
  const grantRows = await db
    .select({
      roleId: rolePermissions.roleId,
      module: permissions.module,
      canRead: rolePermissions.canRead,
      canWrite: rolePermissions.canWrite,
      canDelete: rolePermissions.canDelete,
    })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId));
  return roleRows.map((role) => ({
    ...role,
    userCount: Number(role.userCount),
    permissions: grantRows
      .filter((grant) => grant.roleId === role.id)
      .flatMap(({ roleId: _roleId, module, ...flags }) =>
        isModuleKey(module) ? [{ module, ...flags }] : [],
      ),
  }));
}

async function getRole(db: Database, id: string): Promise<RoleWithPermissions> {
  const role = (await listRoles(db)).find((r) => r.id === id);
  if (!role) throw notFound('Role');
  return role;
}

const ROLE_TAKEN = 'A role with this name already exists';

async function refuseTakenRoleName(tx: Transaction, name: string, exceptId?: string) {
  const [taken] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        sql`lower(${roles.name}) = lower(${name})`,
        exceptId ? ne(roles.id, exceptId) : undefined,
      ),
    );
  if (taken)
    throw new AppError('ROLE_NAME_TAKEN', ROLE_TAKEN, [{ path: 'name', message: ROLE_TAKEN }]);
}

export async function createRole(db: Database, input: RoleInput): Promise<RoleWithPermissions> {
  const id = await db.transaction(async (tx) => {
    await refuseTakenRoleName(tx, input.name);
    const [created] = await tx
      .insert(roles)
      .values({
        name: input.name,
        description: input.description || null,
        isActive: input.isActive ?? true,
      })
      .returning({ id: roles.id });
    if (!created) throw new Error('insert returned no row');
    return created.id;
  });
  return getRole(db, id);
}

export async function updateRole(
  db: Database,
  id: string,
  input: RoleUpdateInput,
): Promise<RoleWithPermissions> {
  await db.transaction(async (tx) => {
    const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, id));
    if (!role) throw notFound('Role');
    if (input.name) await refuseTakenRoleName(tx, input.name, id);
    await tx
      .update(roles)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description || null } : {}),
        ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
        updatedAt: new Date(),
      })
      .where(eq(roles.id, id));
  });
  return getRole(db, id);
}

export async function deleteRole(db: Database, id: string): Promise<{ message: string }> {
  const deleted = await db.delete(roles).where(eq(roles.id, id)).returning({ id: roles.id });
  if (deleted.length === 0) throw notFound('Role');
  return { message: 'Role deleted successfully' };
}

/** Replaces the role's whole matrix; a module with no right at all keeps no row. */
export async function setRolePermissions(
  db: Database,
  id: string,
  input: RolePermissionsInput,
): Promise<RoleWithPermissions> {
  await db.transaction(async (tx) => {
    const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, id));
    if (!role) throw notFound('Role');
    const permissionRows = await tx
      .select({ id: permissions.id, module: permissions.module })
      .from(permissions);
    const permissionId = new Map(permissionRows.map((row) => [row.module, row.id]));
    await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, id));
    const granted = input.permissions.filter((p) => p.canRead || p.canWrite || p.canDelete);
    if (granted.length > 0) {
      await tx.insert(rolePermissions).values(
        granted.map((p) => ({
          roleId: id,
          permissionId: permissionId.get(p.module) as string,
          canRead: p.canRead,
          canWrite: p.canWrite,
          canDelete: p.canDelete,
        })),
      );
    }
    await tx.update(roles).set({ updatedAt: new Date() }).where(eq(roles.id, id));
  });
  return getRole(db, id);
}
