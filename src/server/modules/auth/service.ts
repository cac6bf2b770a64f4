import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { type RegisterInput, usernameKey } from '../../../domain/auth-schemas';
import type { AppInfo, Registration } from '../../../domain/contracts/auth';
import { isModuleKey } from '../../../domain/modules';
import { type ModulePermission, mergePermissions } from '../../../domain/permissions';
import { REGISTRATION_CLOSED } from '../../../domain/settings-schemas';
import type { CurrentUser } from '../../../domain/user';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from '../../auth/password';
import type { Database, Transaction } from '../../db/connection';
import { lockFor } from '../../db/locks';
import { permissions, rolePermissions, roles, userRoles, users } from '../../db/schema';
import { AppError } from '../../errors';
import { readSettings } from '../admin/settings';

/** The user with their active roles and the rights those roles grant, or null when gone or inactive. */
export async function loadCurrentUser(db: Database, userId: string): Promise<CurrentUser | null> {
  const [user] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      isAdmin: users.isAdmin,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isActive, true)))
    .limit(1);
  if (!user) return null;

  const grants = await db
    .select({
      roleId: roles.id,
      roleName: roles.name,
      module: permissions.module,
      canRead: rolePermissions.canRead,
      canWrite: rolePermissions.canWrite,
      canDelete: rolePermissions.canDelete,
    })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.isActive, true)))
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .leftJoin(
      permissions,
      and(eq(permissions.id, rolePermissions.permissionId), eq(permissions.isActive, true)),
    )
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(userRoles.assignedAt), asc(roles.name));

  const userRoleList = new Map<string, string>();
  const rows: ModulePermission[] = [];
  for (const grant of grants) {
    userRoleList.set(grant.roleId, grant.roleName);
    if (grant.module && isModuleKey(grant.module)) {
      rows.push({
        module: grant.module,
        canRead: grant.canRead ?? false,
        canWrite: grant.canWrite ?? false,
        canDelete: grant.canDelete ?? false,
      });
    }
  }
  return {
    ...user,
    roles: [...userRoleList].map(([id, name]) => ({ id, name })),
    permissions: mergePermissions(rows),
  };
}

/**
 * The account whose username has this key (`usernameKey`). Stored names are
 * folded under the "C" collation, whose lower() changes only ASCII letters, so
 * the database folds exactly as usernameKey does, whatever its locale.
 */
export const hasUsername = (username: string) =>
  sql`lower(${users.username} collate "C") = ${usernameKey(username)}`;

/** Usernames and e-mails are unique whatever their case; `exceptId` is the account being edited. */
export async function refuseTakenAccount(
  tx: Transaction,
  fields: { username?: string; email?: string },
  exceptId?: string,
): Promise<void> {
  const notSelf = exceptId ? ne(users.id, exceptId) : undefined;
  if (fields.username) {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(hasUsername(fields.username), notSelf))
      .limit(1);
    if (taken) {
      throw new AppError('USERNAME_TAKEN', 'Username already exists', [
        { path: 'username', message: 'Username already exists' },
      ]);
    }
  }
  if (fields.email) {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${fields.email})`, notSelf))
      .limit(1);
    if (taken) {
      throw new AppError('EMAIL_TAKEN', 'An account with this email already exists', [
        { path: 'email', message: 'An account with this email already exists' },
      ]);
    }
  }
}

/**
 * What the landing page needs before anyone signs in: whether the first
 * account is still to be made, and whether the Register form is open.
 */
export async function registrationState(db: Database): Promise<Omit<AppInfo, 'timeZone'>> {
  const [anyUser] = await db.select({ id: users.id }).from(users).limit(1);
  return {
    needsFirstAdmin: anyUser === undefined,
    registrationOpen: anyUser === undefined || (await readSettings(db)).allowSelfRegistration,
  };
}

/**
 * Creates an account. The first account on an empty database becomes the
 * admin; an advisory lock makes two simultaneous first registrations take
 * turns, so only one of them can be first. Once there is an account, an
 * administrator may have closed registration; the first one is always open,
 * or no one could ever sign in to open it.
 */
export async function registerUser(
  db: Database,
  input: RegisterInput,
): Promise<Registration['user']> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    await lockFor(tx, 'bakery:register');
    const [existing] = await tx.select({ id: users.id }).from(users).limit(1);
    // Before the taken-name check: a closed door says nothing about who is inside.
    if (existing && !(await readSettings(tx)).allowSelfRegistration) {
      throw new AppError('REGISTRATION_CLOSED', REGISTRATION_CLOSED);
    }
    await refuseTakenAccount(tx, input);
    const [created] = await tx
      .insert(users)
      .values({
        username: input.username,
        email: input.email,
        passwordHash,
        firstName: input.firstName || null,
        lastName: input.lastName || null,
        isAdmin: existing === undefined,
      })
      .returning({ id: users.id, username: users.username, isAdmin: users.isAdmin });
    if (!created) throw new Error('insert returned no row');
    return created;
  });
}

export const INVALID_CREDENTIALS = 'Invalid username or password';

/**
 * Checks a username and password; throws 401 with one message for every kind
 * of mismatch: unknown user, wrong password and deactivated account alike
 * (docs/screens/landing.md: 'Invalid username or password'). Telling a deactivated
 * account apart would confirm to a guesser that the password is right. An
 * unknown username is checked against a decoy hash, so it takes as long.
 */
export async function authenticate(db: Database, username: string, password: string) {
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, isActive: users.isActive })
    .from(users)
    .where(hasUsername(username))
    .limit(1);
  const valid = user
    ? await verifyPassword(user.passwordHash, password)
    : await verifyAgainstDecoy(password);
  if (!user || !valid || !user.isActive) {
    throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  }
  return user.id;
}
