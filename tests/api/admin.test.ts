import { randomUUID } from 'node:crypto';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser, RoleWithPermissions } from '../../src/domain/contracts/admin';
import { sessions, stockMovements, users } from '../../src/server/db/schema';
import { ApiClient } from '../support/api-client';
import { createRole, firstAdmin, userWithRole } from '../support/personas';
import { createTestApp, type TestApp } from '../support/test-app';

let testApp: TestApp;
let admin: ApiClient;
let adminId: string;
beforeAll(async () => {
  testApp = await createTestApp();
  admin = await firstAdmin(testApp);
  adminId = (await admin.get<{ id: string }>('/api/auth/user')).body.id;
});
afterAll(() => testApp.close());

const newUser = (n: string, extra: Record<string, unknown> = {}) => ({
  username: `staff_${n}`,
  email: `staff${n}@bakery.ng`,
  password: 'secret1',
  firstName: 'Chidi',
  lastName: n,
  ...extra,
});

async function roleNamed(name: string): Promise<RoleWithPermissions> {
  const roles = await admin.get<RoleWithPermissions[]>('/api/admin/roles');
  const role = roles.body.find((r) => r.name === name);
  if (!role) throw new Error(`no role ${name}`);
  return role;
}

describe('users', () => {
  it('creates a user with a role, lists them, and never returns a hash', async () => {
    const role = await roleNamed('Sales Team');
    const created = await admin.post<AdminUser>(
      '/api/admin/users',
      newUser('a', { roleId: role.id }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      username: 'staff_a',
      isAdmin: false,
      isActive: true,
      roleId: role.id,
      roleName: 'Sales Team',
    });
    const list = await admin.get<AdminUser[]>('/api/admin/users');
    expect(list.body.map((u) => u.username)).toContain('staff_a');
    expect(JSON.stringify(list.body)).not.toMatch(/password|hash/i);
  });

  it.each([
    ['username', 'ab', 'Username must be at least 3 characters'],
    ['email', 'not-mail', 'Invalid email address'],
    ['password', '12345', 'Password must be at least 6 characters'],
    ['firstName', '', 'First name is required'],
    ['lastName', '   ', 'Last name is required'],
    ['roleId', 'not-a-uuid', 'Choose a role from the list'],
  ])('refuses %s = %j with "%s"', async (field, value, message) => {
    const reply = await admin.post('/api/admin/users', newUser('bad', { [field]: value }));
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      message,
      code: 'INVALID_INPUT',
      errors: [{ path: field, message }],
    });
  });

  it('refuses a duplicate username or email with 409', async () => {
    expect((await admin.post('/api/admin/users', newUser('a'))).status).toBe(409);
    const email = await admin.post('/api/admin/users', newUser('z', { email: 'STAFFA@bakery.ng' }));
    expect(email.status).toBe(409);
    expect(email.body).toMatchObject({ errors: [{ path: 'email' }] });
  });

  it('answers 404 for an unknown role or user', async () => {
    expect(
      (await admin.post('/api/admin/users', newUser('q', { roleId: randomUUID() }))).status,
    ).toBe(404);
    expect((await admin.patch(`/api/admin/users/${randomUUID()}`, { lastName: 'X' })).status).toBe(
      404,
    );
    expect((await admin.delete(`/api/admin/users/${randomUUID()}`)).status).toBe(404);
  });

  it('keeps the password when edited without one, and changes it when given', async () => {
    const created = await admin.post<AdminUser>('/api/admin/users', newUser('pw'));
    const edited = await admin.patch<AdminUser>(`/api/admin/users/${created.body.id}`, {
      lastName: 'Renamed',
      roleId: null,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.lastName).toBe('Renamed');
    const signIn = (password: string) =>
      new ApiClient(testApp).post('/api/auth/login', { username: 'staff_pw', password });
    expect((await signIn('secret1')).status).toBe(200);

    await admin.patch(`/api/admin/users/${created.body.id}`, { password: 'another1' });
    expect((await signIn('secret1')).status).toBe(401);
    expect((await signIn('another1')).status).toBe(200);
  });

  it('changes a role assignment, and the user sees the new rights on the next call', async () => {
    const sales = await roleNamed('Sales Team');
    const manager = await roleNamed('Manager');
    const client = await userWithRole(testApp, admin, 'switch', sales.id);
    const me = async () =>
      (await client.get<{ id: string; roles: { name: string }[] }>('/api/auth/user')).body;
    expect((await me()).roles.map((r) => r.name)).toEqual(['Sales Team']);

    await admin.patch(`/api/admin/users/${(await me()).id}`, { roleId: manager.id });
    expect((await me()).roles.map((r) => r.name)).toEqual(['Manager']);
  });

  it('signs a deactivated user out everywhere', async () => {
    const client = await userWithRole(testApp, admin, 'deactivated', null);
    const id = (await client.get<{ id: string }>('/api/auth/user')).body.id;
    const reply = await admin.patch<AdminUser>(`/api/admin/users/${id}`, { isActive: false });
    expect(reply.body.isActive).toBe(false);
    expect((await client.get('/api/auth/user')).status).toBe(401);
    const rows = await testApp.database.db.select().from(sessions);
    expect(rows.some((row) => (row.sess as { userId?: string }).userId === id)).toBe(false);
  });

  it('deletes a user who has done nothing yet', async () => {
    const created = await admin.post<AdminUser>('/api/admin/users', newUser('gone'));
    const reply = await admin.delete(`/api/admin/users/${created.body.id}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ action: 'deleted', message: 'User deleted successfully' });
    const list = await admin.get<AdminUser[]>('/api/admin/users');
    expect(list.body.some((u) => u.id === created.body.id)).toBe(false);
  });
});

describe('history is never erased: a user with history is deactivated', () => {
  it('keeps a storekeeper who moved stock, with their movements and trail', async () => {
    const role = await createRole(
      admin,
      'Storekeepers',
      { canRead: true, canWrite: true, canDelete: false },
      ['inventory'],
    );
    const keeper = await userWithRole(testApp, admin, 'keeper', role);
    const keeperId = (await keeper.get<{ id: string }>('/api/auth/user')).body.id;
    const item = await keeper.post<{ id: string }>('/api/inventory', {
      name: 'Kept Flour',
      category: 'ingredients',
      unit: 'kg',
      currentStock: 10,
    });

    const reply = await admin.delete(`/api/admin/users/${keeperId}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      action: 'deactivated',
      message:
        'baker_keeper has recorded activity, so the account was deactivated instead of deleted',
    });
    const listed = (await admin.get<AdminUser[]>('/api/admin/users')).body;
    expect(listed.find((u) => u.id === keeperId)).toMatchObject({
      isActive: false,
      roleName: 'Storekeepers',
    });
    expect((await keeper.get('/api/auth/user')).status).toBe(401);
    const movements = await admin.get<{ userName: string | null }[]>(
      `/api/inventory/${item.body.id}/movements`,
    );
    expect(movements.body.map((m) => m.userName)).toEqual(['Test keeper']);
    const trail = await admin.get<{ userId: string | null }[]>(
      `/api/admin/audit?userId=${keeperId}`,
    );
    expect(trail.body.length).toBeGreaterThan(0);

    const again = await admin.delete(`/api/admin/users/${keeperId}`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      message: 'baker_keeper is already deactivated',
      code: 'USER_ALREADY_DEACTIVATED',
    });
  });

  it('lets the database refuse to delete a user whose stock movements name them', async () => {
    const mover = await userWithRole(testApp, admin, 'mover', null);
    const moverId = (await mover.get<{ id: string }>('/api/auth/user')).body.id;
    const item = await admin.post<{ id: string }>('/api/inventory', {
      name: 'Moved Sugar',
      category: 'ingredients',
      unit: 'kg',
    });
    await testApp.database.db.insert(stockMovements).values({
      itemId: item.body.id,
      quantityChange: 1,
      reason: 'manual_adjustment',
      userId: moverId,
    });
    await expect(testApp.database.db.delete(users).where(eq(users.id, moverId))).rejects.toThrow();
  });
});

describe('protecting the administrators', () => {
  it('refuses to let an admin delete, deactivate or demote themself', async () => {
    const del = await admin.delete(`/api/admin/users/${adminId}`);
    expect(del.status).toBe(409);
    expect(del.body).toEqual({
      message: 'You cannot delete your own account',
      code: 'OWN_ACCOUNT',
    });
    const demote = await admin.patch(`/api/admin/users/${adminId}`, { isAdmin: false });
    expect(demote.status).toBe(409);
    expect(demote.body).toEqual({
      message: 'You cannot remove your own administrator rights',
      code: 'OWN_ACCOUNT',
    });
    const deactivate = await admin.patch(`/api/admin/users/${adminId}`, { isActive: false });
    expect(deactivate.body).toEqual({
      message: 'You cannot deactivate your own account',
      code: 'OWN_ACCOUNT',
    });
  });

  it('never removes the last active admin, even through another admin', async () => {
    const second = await admin.post<AdminUser>(
      '/api/admin/users',
      newUser('boss', { isAdmin: true }),
    );
    const boss = new ApiClient(testApp);
    await boss.post('/api/auth/login', { username: 'staff_boss', password: 'secret1' });

    // With two admins, one may demote the other...
    expect((await boss.patch(`/api/admin/users/${adminId}`, { isAdmin: false })).status).toBe(200);
    // ...but then the remaining one is the last: nobody can remove it.
    await admin.post('/api/auth/login', { username: 'baker_admin', password: 'correct-horse-1' });
    const reply = await boss.patch(`/api/admin/users/${second.body.id}`, { isAdmin: false });
    expect(reply.status).toBe(409);
    expect(reply.body).toMatchObject({ code: 'OWN_ACCOUNT' });

    // Restore the first admin for the other tests.
    expect((await boss.patch(`/api/admin/users/${adminId}`, { isAdmin: true })).status).toBe(200);
  });

  it('refuses with LAST_ADMIN when the caller has meanwhile stopped being an admin', async () => {
    const created = await admin.post<AdminUser>(
      '/api/admin/users',
      newUser('acting', { isAdmin: true }),
    );
    const acting = new ApiClient(testApp);
    await acting.post('/api/auth/login', { username: 'staff_acting', password: 'secret1' });
    expect((await acting.get('/api/auth/user')).status).toBe(200);
    // Every other admin demoted outside the app (psql): the sign-in cache still
    // lets the acting one in, but the admins are counted in the database.
    const others = await testApp.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.isAdmin, true), ne(users.id, adminId)));
    const otherIds = others.map((row) => row.id);
    expect(otherIds).toContain(created.body.id);
    await testApp.database.db
      .update(users)
      .set({ isAdmin: false })
      .where(inArray(users.id, otherIds));
    try {
      const reply = await acting.patch(`/api/admin/users/${adminId}`, { isAdmin: false });
      expect(reply.status).toBe(409);
      expect(reply.body).toEqual({
        message:
          'The last active administrator cannot be removed. Make another user an administrator first.',
        code: 'LAST_ADMIN',
      });
    } finally {
      await testApp.database.db
        .update(users)
        .set({ isAdmin: true })
        .where(inArray(users.id, otherIds));
    }
  });

  it('signs out an administrator who is deactivated by another', async () => {
    const created = await admin.post<AdminUser>(
      '/api/admin/users',
      newUser('helper', { isAdmin: true }),
    );
    const helper = new ApiClient(testApp);
    await helper.post('/api/auth/login', { username: 'staff_helper', password: 'secret1' });
    expect((await helper.get('/api/admin/users')).status).toBe(200);
    await admin.patch(`/api/admin/users/${created.body.id}`, { isActive: false });
    expect((await helper.get('/api/admin/users')).status).toBe(401);
  });
});

describe('roles and their permissions', () => {
  it('creates, renames, deactivates and deletes a role', async () => {
    const created = await admin.post<RoleWithPermissions>('/api/admin/roles', {
      name: 'Night Shift',
      description: 'Bakes overnight',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Night Shift',
      isActive: true,
      userCount: 0,
      permissions: [],
    });

    const renamed = await admin.patch<RoleWithPermissions>(`/api/admin/roles/${created.body.id}`, {
      name: 'Night Bakers',
      isActive: false,
    });
    expect(renamed.body).toMatchObject({ name: 'Night Bakers', isActive: false });

    expect((await admin.delete(`/api/admin/roles/${created.body.id}`)).status).toBe(200);
    expect((await admin.delete(`/api/admin/roles/${created.body.id}`)).status).toBe(404);
  });

  it('refuses a blank or duplicate role name', async () => {
    const blank = await admin.post('/api/admin/roles', { name: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({
      message: 'Role name is required',
      code: 'INVALID_INPUT',
      errors: [{ path: 'name', message: 'Role name is required' }],
    });
    const duplicate = await admin.post('/api/admin/roles', { name: 'manager' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual({
      message: 'A role with this name already exists',
      code: 'ROLE_NAME_TAKEN',
      errors: [{ path: 'name', message: 'A role with this name already exists' }],
    });
  });

  it('replaces the matrix, dropping modules with no right', async () => {
    const roleId = await createRole(
      admin,
      'Matrix',
      { canRead: true, canWrite: false, canDelete: false },
      ['inventory', 'sales'],
    );
    const reply = await admin.call<RoleWithPermissions>(
      'PUT',
      `/api/admin/roles/${roleId}/permissions`,
      {
        permissions: [
          { module: 'inventory', canRead: true, canWrite: true, canDelete: false },
          { module: 'sales', canRead: false, canWrite: false, canDelete: false },
        ],
      },
    );
    expect(reply.status).toBe(200);
    expect(reply.body.permissions).toEqual([
      { module: 'inventory', canRead: true, canWrite: true, canDelete: false },
    ]);
  });

  it('refuses an unknown module or a module listed twice', async () => {
    const roleId = await createRole(
      admin,
      'Strict',
      { canRead: true, canWrite: false, canDelete: false },
      [],
    );
    const unknown = await admin.call('PUT', `/api/admin/roles/${roleId}/permissions`, {
      permissions: [{ module: 'bakery_secrets', canRead: true, canWrite: false, canDelete: false }],
    });
    expect(unknown.status).toBe(400);
    const twice = await admin.call('PUT', `/api/admin/roles/${roleId}/permissions`, {
      permissions: [
        { module: 'sales', canRead: true, canWrite: false, canDelete: false },
        { module: 'sales', canRead: true, canWrite: true, canDelete: false },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body).toMatchObject({ message: 'Each module may appear only once' });
  });

  it('takes a role’s rights away from its users when it is deactivated', async () => {
    const roleId = await createRole(
      admin,
      'Temporary',
      { canRead: true, canWrite: true, canDelete: false },
      ['inventory'],
    );
    const client = await userWithRole(testApp, admin, 'temp', roleId);
    const rights = async () =>
      (await client.get<{ permissions: unknown[]; roles: unknown[] }>('/api/auth/user')).body;
    expect((await rights()).permissions).toHaveLength(1);
    await admin.patch(`/api/admin/roles/${roleId}`, { isActive: false });
    expect(await rights()).toMatchObject({ permissions: [], roles: [] });
  });
});
