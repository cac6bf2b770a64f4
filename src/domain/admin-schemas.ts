import { z } from 'zod';
import { usernameField } from './auth-schemas';
import { isStorableText, recordId, someFieldOf, storable } from './fields';
import { MODULE_KEYS } from './modules';

/** The Admin Panel's user form (docs/screens/admin.md). */
const username = usernameField;
const email = z
  .string({ error: 'Invalid email address' })
  .trim()
  .max(254, { error: 'Invalid email address' })
  .regex(z.regexes.email, { error: 'Invalid email address' });
const password = z
  .string({ error: 'Password must be at least 6 characters' })
  .min(6, { error: 'Password must be at least 6 characters' })
  .max(128, { error: 'Password must be less than 128 characters' });
const name = (label: string, required: string, tooLong: string) =>
  z
    .string({ error: required })
    .refine(isStorableText, storable(label))
    .trim()
    .min(1, { error: required })
    .max(100, { error: tooLong });
/** A role id, or null / '' for "no role". */
const roleId = z
  .union([recordId('Choose a role from the list'), z.literal(''), z.null()])
  .transform((value) => value || null);

const userFields = {
  username,
  email,
  firstName: name(
    'First name',
    'First name is required',
    'First name must be less than 100 characters',
  ),
  lastName: name(
    'Last name',
    'Last name is required',
    'Last name must be less than 100 characters',
  ),
  isAdmin: z.boolean({ error: 'Admin must be true or false' }).default(false),
  isActive: z.boolean({ error: 'Active must be true or false' }).default(true),
  roleId: roleId.optional(),
};

export const adminUserCreateSchema = z.strictObject({ ...userFields, password });
export type AdminUserCreateInput = z.input<typeof adminUserCreateSchema>;

/** On edit every field may be left out; a blank password is simply not sent. */
export const adminUserUpdateSchema = someFieldOf(
  z.strictObject({
    username: username.optional(),
    email: email.optional(),
    password: password.optional(),
    firstName: userFields.firstName.optional(),
    lastName: userFields.lastName.optional(),
    isAdmin: z.boolean({ error: 'Admin must be true or false' }).optional(),
    isActive: z.boolean({ error: 'Active must be true or false' }).optional(),
    roleId: roleId.optional(),
  }),
);
export type AdminUserUpdateInput = z.input<typeof adminUserUpdateSchema>;

const roleFields = {
  name: z
    .string({ error: 'Role name is required' })
    .refine(isStorableText, storable('Role name'))
    .trim()
    .min(1, { error: 'Role name is required' })
    .max(100, { error: 'Role name must be less than 100 characters' }),
  description: z
    .string({ error: 'Description must be text' })
    .refine(isStorableText, storable('Description'))
    .trim()
    .max(500, { error: 'Description must be less than 500 characters' })
    .optional(),
  isActive: z.boolean({ error: 'Active must be true or false' }),
};

export const roleSchema = z.strictObject({
  ...roleFields,
  isActive: roleFields.isActive.default(true),
});
export type RoleInput = z.input<typeof roleSchema>;
/** No defaults here: renaming a deactivated role must not switch it back on. */
export const roleUpdateSchema = someFieldOf(z.strictObject(roleFields).partial());
export type RoleUpdateInput = z.input<typeof roleUpdateSchema>;

export const rolePermissionsSchema = z.strictObject({
  permissions: z
    .array(
      z.strictObject({
        module: z.enum(MODULE_KEYS, { error: 'Unknown module' }),
        canRead: z.boolean(),
        canWrite: z.boolean(),
        canDelete: z.boolean(),
      }),
    )
    .max(MODULE_KEYS.length)
    .refine((rows) => new Set(rows.map((r) => r.module)).size === rows.length, {
      error: 'Each module may appear only once',
    }),
});
export type RolePermissionsInput = z.infer<typeof rolePermissionsSchema>;

export const idParamsSchema = z.strictObject({ id: recordId('Not a valid id') });
