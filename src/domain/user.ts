import { z } from 'zod';
import { modulePermissionSchema } from './permissions';

/**
 * The signed-in user as `GET /api/auth/user` and a sign-in answer it, with the
 * rights their active roles grant: what the guard decides by, and the web too.
 */
export const currentUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  isAdmin: z.boolean(),
  roles: z.array(z.object({ id: z.string(), name: z.string() })),
  permissions: z.array(modulePermissionSchema),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

type NamedUser = Pick<CurrentUser, 'firstName' | 'lastName' | 'email'>;

/** Full name, else the e-mail, else 'User' (docs/screens/shell.md). */
export function displayName(user: NamedUser): string {
  const fullName = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return fullName || user.email || 'User';
}

/** 'Admin' for admins, else the first role's name, else 'User' (docs/screens/shell.md). */
export function roleBadge(user: Pick<CurrentUser, 'isAdmin' | 'roles'>): string {
  if (user.isAdmin) return 'Admin';
  return user.roles[0]?.name ?? 'User';
}
