import { z } from 'zod';
import { ADMIN, SIGNED_IN } from '../access';
import {
  adminUserCreateSchema,
  adminUserUpdateSchema,
  idParamsSchema,
  rolePermissionsSchema,
  roleSchema,
  roleUpdateSchema,
} from '../admin-schemas';
import { auditEventSchema, auditQuerySchema } from '../audit';
import { MODULE_KEYS } from '../modules';
import { modulePermissionSchema } from '../permissions';
import { appSettingsSchema, letterheadSchema, settingsSchema } from '../settings-schemas';
import { messageSchema } from './auth';
import { defineRoute, instant } from './contract';

/** What the admin screens show of a user: never a password hash. */
export const adminUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  isAdmin: z.boolean(),
  isActive: z.boolean(),
  /** The first role assigned: the Admin Panel shows one role per user. */
  roleId: z.string().nullable(),
  roleName: z.string().nullable(),
  createdAt: instant,
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** A user with recorded activity is deactivated instead of deleted; the message says which. */
export const userDeletionSchema = z.object({
  action: z.enum(['deleted', 'deactivated']),
  message: z.string(),
});
export type UserDeletion = z.infer<typeof userDeletionSchema>;

export const roleWithPermissionsSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  userCount: z.number(),
  permissions: z.array(modulePermissionSchema),
});
export type RoleWithPermissions = z.infer<typeof roleWithPermissionsSchema>;

/** A module whose access roles control, as the permission matrix names it. */
export const moduleInfoSchema = z.object({
  module: z.enum(MODULE_KEYS),
  displayName: z.string(),
  description: z.string().nullable(),
});
export type ModuleInfo = z.infer<typeof moduleInfoSchema>;

/** A JSON schema in the API document: the parts the API tab reads, the rest kept as it is. */
const jsonSchemaSchema = z.looseObject({
  type: z.union([z.string(), z.array(z.string())]).optional(),
  get properties() {
    return z.record(z.string(), jsonSchemaSchema).optional();
  },
  required: z.array(z.string()).optional(),
  get items() {
    return jsonSchemaSchema.optional();
  },
  enum: z.array(z.unknown()).optional(),
  minLength: z.number().optional(),
  maxLength: z.number().optional(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  format: z.string().optional(),
  get anyOf() {
    return z.array(jsonSchemaSchema).optional();
  },
  const: z.unknown().optional(),
});
export type JsonSchema = z.infer<typeof jsonSchemaSchema>;

/** An operation: the parts the API tab reads (its section, who may call it, its body). */
const operationSchema = z.looseObject({
  tags: z.array(z.string()).optional(),
  'x-required-access': z.string().optional(),
  requestBody: z
    .looseObject({
      content: z
        .looseObject({
          'application/json': z.looseObject({ schema: jsonSchemaSchema.optional() }).optional(),
        })
        .optional(),
    })
    .optional(),
});

/** The OpenAPI document, built from the routes' contracts (src/server/openapi.ts). */
export const openApiDocumentSchema = z.looseObject({
  info: z.looseObject({ title: z.string(), description: z.string().optional() }),
  paths: z.record(z.string(), z.record(z.string(), operationSchema)),
});

const withId = { params: idParamsSchema };

export const adminApi = {
  users: defineRoute({
    method: 'GET',
    url: '/api/admin/users',
    summary: 'Every user, by username, with their role',
    access: ADMIN,
    response: { 200: z.array(adminUserSchema) },
  }),
  createUser: defineRoute({
    method: 'POST',
    url: '/api/admin/users',
    summary: 'Add a user, with a role or none',
    access: ADMIN,
    audit: { action: 'users.create', recordType: 'user' },
    body: adminUserCreateSchema,
    response: { 201: adminUserSchema },
    errors: ['USERNAME_TAKEN', 'EMAIL_TAKEN'],
  }),
  updateUser: defineRoute({
    method: 'PATCH',
    url: '/api/admin/users/:id',
    summary: 'Change a user; deactivating or a new password signs them out everywhere',
    access: ADMIN,
    audit: { action: 'users.update', recordType: 'user' },
    ...withId,
    body: adminUserUpdateSchema,
    response: { 200: adminUserSchema },
    errors: ['USERNAME_TAKEN', 'EMAIL_TAKEN', 'OWN_ACCOUNT', 'LAST_ADMIN'],
  }),
  deleteUser: defineRoute({
    method: 'DELETE',
    url: '/api/admin/users/:id',
    summary: 'Delete a user, or deactivate one with recorded activity',
    access: ADMIN,
    audit: { action: 'users.delete', recordType: 'user' },
    ...withId,
    response: { 200: userDeletionSchema },
    errors: ['OWN_ACCOUNT', 'LAST_ADMIN', 'USER_ALREADY_DEACTIVATED'],
  }),
  settings: defineRoute({
    method: 'GET',
    url: '/api/admin/settings',
    summary: 'Self-registration and the letterhead',
    access: ADMIN,
    response: { 200: settingsSchema },
  }),
  saveSettings: defineRoute({
    method: 'PUT',
    url: '/api/admin/settings',
    summary: 'Change self-registration and the letterhead (a letterhead field left out is kept)',
    access: ADMIN,
    audit: { action: 'settings.update', recordType: 'settings' },
    body: appSettingsSchema,
    response: { 200: settingsSchema },
  }),
  // The bakery's name, address and phone head every printed document, and
  // every signed-in user may print a statement.
  letterhead: defineRoute({
    method: 'GET',
    url: '/api/letterhead',
    summary: "The bakery's name, address and phone for printed documents",
    access: SIGNED_IN,
    response: { 200: letterheadSchema },
  }),
  modules: defineRoute({
    method: 'GET',
    url: '/api/admin/modules',
    summary: 'The modules whose access roles control, in menu order',
    access: ADMIN,
    response: { 200: z.array(moduleInfoSchema) },
  }),
  roles: defineRoute({
    method: 'GET',
    url: '/api/admin/roles',
    summary: 'Every role, by name, with its rights and number of users',
    access: ADMIN,
    response: { 200: z.array(roleWithPermissionsSchema) },
  }),
  createRole: defineRoute({
    method: 'POST',
    url: '/api/admin/roles',
    summary: 'Add a role (with no rights until they are set)',
    access: ADMIN,
    audit: { action: 'roles.create', recordType: 'role' },
    body: roleSchema,
    response: { 201: roleWithPermissionsSchema },
    errors: ['ROLE_NAME_TAKEN'],
  }),
  updateRole: defineRoute({
    method: 'PATCH',
    url: '/api/admin/roles/:id',
    summary: 'Rename, describe, or switch a role on or off',
    access: ADMIN,
    audit: { action: 'roles.update', recordType: 'role' },
    ...withId,
    body: roleUpdateSchema,
    response: { 200: roleWithPermissionsSchema },
    errors: ['ROLE_NAME_TAKEN'],
  }),
  deleteRole: defineRoute({
    method: 'DELETE',
    url: '/api/admin/roles/:id',
    summary: 'Delete a role (its users keep their accounts)',
    access: ADMIN,
    audit: { action: 'roles.delete', recordType: 'role' },
    ...withId,
    response: { 200: messageSchema },
  }),
  setRolePermissions: defineRoute({
    method: 'PUT',
    url: '/api/admin/roles/:id/permissions',
    summary: "Replace a role's rights on every module",
    access: ADMIN,
    audit: { action: 'roles.permissions', recordType: 'role' },
    ...withId,
    body: rolePermissionsSchema,
    response: { 200: roleWithPermissionsSchema },
  }),
  audit: defineRoute({
    method: 'GET',
    url: '/api/admin/audit',
    summary: 'The audit trail, newest first, with filters',
    access: ADMIN,
    query: auditQuerySchema,
    response: { 200: z.array(auditEventSchema) },
  }),
  openApi: defineRoute({
    method: 'GET',
    url: '/api/openapi.json',
    summary: 'This API document',
    access: ADMIN,
    response: { 200: openApiDocumentSchema },
  }),
};
