import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApi,
  adminUserSchema,
  type RoleWithPermissions,
} from '../../src/domain/contracts/admin';
import { serializerCompiler, serve } from '../../src/server/contract-route';
import { users } from '../../src/server/db/schema';
import { ApiClient } from '../support/api-client';
import { firstAdmin, userWithRole } from '../support/personas';
import { createTestApp, type TestApp } from '../support/test-app';

let testApp: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  testApp = await createTestApp();
  admin = await firstAdmin(testApp);
});
afterAll(() => testApp.close());

async function roleNamed(name: string): Promise<RoleWithPermissions> {
  const roles = await admin.get<RoleWithPermissions[]>('/api/admin/roles');
  const role = roles.body.find((r) => r.name === name);
  if (!role) throw new Error(`no role ${name}`);
  return role;
}

describe('starter data', () => {
  it('creates the three starter roles with sensible rights', async () => {
    const roles = await admin.get<RoleWithPermissions[]>('/api/admin/roles');
    expect(roles.body.map((r) => r.name)).toEqual(['Manager', 'Production Staff', 'Sales Team']);
    const production = await roleNamed('Production Staff');
    expect(production.permissions).toContainEqual({
      module: 'production',
      canRead: true,
      canWrite: true,
      canDelete: false,
    });
    expect(production.permissions.some((p) => p.module === 'accounting')).toBe(false);
  });

  it('lists one permission row per module with its display name', async () => {
    const modules =
      await admin.get<{ module: string; displayName: string }[]>('/api/admin/modules');
    expect(modules.body.map((m) => m.module)).toEqual([
      'inventory',
      'purchase_orders',
      'recipes',
      'production',
      'sales',
      'distributors',
      'accounting',
      'production_history',
    ]);
    expect(modules.body[1]?.displayName).toBe('Purchase Orders');
  });
});

describe('the API description', () => {
  it('documents every API route with its body schema and the access it needs', async () => {
    const doc = await admin.get<{ paths: Record<string, Record<string, Record<string, unknown>>> }>(
      '/api/openapi.json',
    );
    expect(doc.status).toBe(200);
    for (const route of testApp.app.apiRoutes) {
      const path = route.url.replace(/:([a-zA-Z]+)/g, '{$1}');
      const operation = doc.body.paths[path]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url}`).toBeDefined();
      expect(operation?.['x-required-access']).toEqual(expect.any(String));
    }
    expect(doc.body.paths['/api/admin/users']?.post?.requestBody).toBeDefined();
    // Each answer as its contract declares it, and the error codes a call may answer.
    const responses = (path: string, method: string) =>
      JSON.stringify(doc.body.paths[path]?.[method]?.responses);
    expect(responses('/api/admin/users', 'get')).toContain('"roleName"');
    expect(responses('/api/admin/users', 'get')).not.toContain('passwordHash');
    expect(responses('/api/auth/login', 'post')).toContain('INVALID_CREDENTIALS');
    expect(responses('/api/admin/users/{id}', 'delete')).toContain('LAST_ADMIN');
    expect(responses('/api/dashboard/summary', 'get')).toContain('"lowStockItems"');
    expect(responses('/api/notifications', 'get')).toContain('"unread"');
    expect(responses('/api/openapi.json', 'get')).toContain('"paths"');
  });

  it('is for admins only', async () => {
    expect((await new ApiClient(testApp).get('/api/openapi.json')).status).toBe(401);
    const staff = await userWithRole(testApp, admin, 'doc_reader', null);
    expect((await staff.get('/api/openapi.json')).status).toBe(403);
  });
});

describe('answers', () => {
  const declared = Object.keys(adminUserSchema.shape).sort();

  it('carry exactly the fields the contract declares', async () => {
    const listed = await admin.get<Record<string, unknown>[]>('/api/admin/users');
    for (const user of listed.body) expect(Object.keys(user).sort()).toEqual(declared);
  });

  it('never send an undeclared field, such as the password hash of a whole row', async () => {
    // The users' whole rows, as a careless handler might return them.
    const rows = await testApp.database.db.select().from(users);
    expect(rows[0]).toHaveProperty('passwordHash');
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    serve(app, adminApi.users, async () =>
      rows.map((row) => ({ ...row, roleId: null, roleName: null })),
    );
    const reply = await app.inject({ method: 'GET', url: adminApi.users.url });
    await app.close();
    expect(reply.statusCode).toBe(200);
    const sent = reply.json<Record<string, unknown>[]>();
    expect(sent).toHaveLength(rows.length);
    for (const user of sent) expect(Object.keys(user).sort()).toEqual(declared);
    expect(reply.body).not.toContain('passwordHash');
  });
});
