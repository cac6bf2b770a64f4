import type { ModulePermission } from './permissions';

/** The signed-in user as `GET /api/auth/user` returns it. */
export interface CurrentUser {
  id: string;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  isAdmin: boolean;
  roles: { id: string; name: string }[];
  permissions: ModulePermission[];
}

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
