import { MODULE_KEYS, type ModuleKey } from '../../src/domain/modules';
import { ApiClient, signedInClient, validUser } from './api-client';
import type { TestApp } from './test-app';

type Flags = { canRead: boolean; canWrite: boolean; canDelete: boolean };

/** Creates a role with the same flags on every module (or the given ones) through the admin API. */
export async function createRole(
  admin: ApiClient,
  name: string,
  flags: Flags,
  modules: readonly ModuleKey[] = MODULE_KEYS,
): Promise<string> {
  const role = await admin.post<{ id: string }>('/api/admin/roles', { name });
  if (role.status !== 201) throw new Error(`role: ${JSON.stringify(role.body)}`);
  const matrix = await admin.call('PUT', `/api/admin/roles/${role.body.id}/permissions`, {
    permissions: modules.map((module) => ({ module, ...flags })),
  });
  if (matrix.status !== 200) throw new Error(`matrix: ${JSON.stringify(matrix.body)}`);
  return role.body.id;
}

/** Creates a user (with a role, or none) through the admin API and signs them in. */
export async function userWithRole(
  testApp: TestApp,
  admin: ApiClient,
  name: string,
  roleId: string | null,
): Promise<ApiClient> {
  const user = validUser(name);
  const created = await admin.post('/api/admin/users', {
    username: user.username,
    email: user.email,
    password: user.password,
    firstName: 'Test',
    lastName: name,
    roleId,
  });
  if (created.status !== 201) throw new Error(`user: ${JSON.stringify(created.body)}`);
  const client = new ApiClient(testApp);
  const login = await client.post('/api/auth/login', {
    username: user.username,
    password: user.password,
  });
  if (login.status !== 200) throw new Error(`login: ${JSON.stringify(login.body)}`);
  return client;
}

/** The first account on a fresh database: the admin. */
export const firstAdmin = (testApp: TestApp) => signedInClient(testApp, 'admin');
