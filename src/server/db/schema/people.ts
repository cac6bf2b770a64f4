/** Who uses the app and what they did: users, roles and rights, sessions, sign-in attempts, the audit trail, settings. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, id, moment, updatedAt } from './columns';

/** Who made a record; users are deactivated, never deleted, so the name stays. */
export const byUser = (name: string) =>
  uuid(name).references(() => users.id, { onDelete: 'set null' });

export const users = pgTable(
  'users',
  {
    id: id(),
    email: varchar('email', { length: 254 }).notNull(),
    username: varchar('username', { length: 50 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: varchar('first_name', { length: 100 }),
    lastName: varchar('last_name', { length: 100 }),
    profileImageUrl: text('profile_image_url'),
    isAdmin: boolean('is_admin').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // "Baker" and "baker" are one person: uniqueness ignores case.
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    sid: varchar('sid', { length: 255 }).primaryKey(),
    sess: jsonb('sess').notNull(),
    expire: moment('expire').notNull(),
  },
  (t) => [index('sessions_expire_idx').on(t.expire)],
);

export const roles = pgTable('roles', {
  id: id(),
  name: varchar('name', { length: 100 }).notNull().unique(),
  description: text('description'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const permissions = pgTable('permissions', {
  id: id(),
  module: varchar('module', { length: 50 }).notNull().unique(),
  displayName: varchar('display_name', { length: 100 }).notNull(),
  description: text('description'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    assignedAt: moment('assigned_at').notNull().defaultNow(),
    assignedBy: uuid('assigned_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('user_roles_user_role_unique').on(t.userId, t.roleId)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    id: id(),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: uuid('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
    canRead: boolean('can_read').notNull().default(true),
    canWrite: boolean('can_write').notNull().default(false),
    canDelete: boolean('can_delete').notNull().default(false),
    assignedAt: moment('assigned_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('role_permissions_role_permission_unique').on(t.roleId, t.permissionId)],
);

/**
 * Sign-in and registration attempts within the throttle window, one row per
 * attempt and scope ('username' or 'address'). `key` is the SHA-256 of the
 * username key (`usernameKey`), of the client address, or of "registration " +
 * the address for the registrations from it, so the table never holds what
 * someone typed (people type passwords into the username field). Rows older
 * than the window are pruned.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: id(),
    scope: varchar('scope', { length: 16 }).$type<'username' | 'address'>().notNull(),
    key: varchar('key', { length: 64 }).notNull(),
    attemptedAt: moment('attempted_at').notNull().defaultNow(),
  },
  (t) => [
    check('login_attempts_scope_check', sql`${t.scope} in ('username', 'address')`),
    index('login_attempts_key_idx').on(t.scope, t.key, t.attemptedAt),
    index('login_attempts_attempted_at_idx').on(t.attemptedAt),
  ],
);

/**
 * The audit trail: one row per write to the API, answered or refused, and per
 * sign-in, sign-out and failed sign-in (src/server/modules/audit). `username`
 * is kept as it was at the time, so a row still names a user who was renamed
 * or deleted (`user_id` then becomes null). `summary` is a small JSON of what
 * was sent, with passwords redacted and long values cut; never a hash.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    at: moment('at').notNull().defaultNow(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: varchar('username', { length: 50 }),
    /** "<module>.<verb>", e.g. 'sales.create', 'auth.login_failed'. */
    action: varchar('action', { length: 80 }).notNull(),
    method: varchar('method', { length: 10 }).notNull(),
    /** The route as the router knows it, e.g. '/api/inventory/:id'. */
    route: varchar('route', { length: 200 }).notNull(),
    recordType: varchar('record_type', { length: 40 }),
    recordId: uuid('record_id'),
    status: integer('status').notNull(),
    clientAddress: varchar('client_address', { length: 100 }),
    summary: jsonb('summary').$type<Record<string, unknown>>(),
  },
  (t) => [
    // Ascending, read backward for the trail's `at desc, id desc`: an index
    // declared desc() is DESC NULLS LAST, an order no query asks for, so the
    // first page sorted every row (migration 0013).
    index('audit_events_at_id_idx').on(t.at, t.id),
    index('audit_events_user_at_id_idx').on(t.userId, t.at, t.id),
    // The Module filter compares the action's first part.
    index('audit_events_module_at_id_idx').on(sql`split_part(${t.action}, '.', 1)`, t.at, t.id),
    index('audit_events_record_idx').on(t.recordId, t.recordType),
  ],
);

/**
 * The notifications (src/domain/notifications.ts, by their key) each user has
 * marked read. A notification is computed from the data, never stored; a mark
 * whose notification no longer holds is pruned when that user next marks one.
 */
export const notificationReads = pgTable(
  'notification_reads',
  {
    // The marks are the user's own state, no record of the bakery's: they go with the user.
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notificationKey: varchar('notification_key', { length: 200 }).notNull(),
    readAt: moment('read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.notificationKey] })],
);

export const appSettings = pgTable('app_settings', {
  key: varchar('key', { length: 100 }).primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});
