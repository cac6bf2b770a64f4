import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminUserCreateSchema,
  adminUserUpdateSchema,
  idParamsSchema,
  rolePermissionsSchema,
  roleSchema,
  roleUpdateSchema,
} from '../../../domain/admin-schemas';
import { appSettingsSchema } from '../../../domain/settings-schemas';
import { signedInUser } from '../../auth/guard';
import type { Database } from '../../db/connection';
import * as admin from './service';
import { readLetterhead, readSettings, saveSettings } from './settings';

export function adminRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const withId = { params: idParamsSchema };

  api.get('/api/admin/users', () => admin.listUsers(db));

  api.post(
    '/api/admin/users',
    { schema: { body: adminUserCreateSchema } },
    async (request, reply) => {
      const user = await admin.createUser(db, request.body, signedInUser(request).id);
      reply.code(201);
      return user;
    },
  );

  api.patch(
    '/api/admin/users/:id',
    { schema: { ...withId, body: adminUserUpdateSchema } },
    (request) => admin.updateUser(db, request.params.id, request.body, signedInUser(request).id),
  );

  api.delete('/api/admin/users/:id', { schema: withId }, (request) =>
    admin.deleteUser(db, request.params.id, signedInUser(request).id),
  );

  api.get('/api/admin/settings', () => readSettings(db));

  api.put('/api/admin/settings', { schema: { body: appSettingsSchema } }, (request) =>
    saveSettings(db, request.body),
  );

  // Every signed-in user may print a statement, so every one reads its letterhead.
  api.get('/api/letterhead', () => readLetterhead(db));

  api.get('/api/admin/modules', () => admin.listModules(db));

  api.get('/api/admin/roles', () => admin.listRoles(db));

  api.post('/api/admin/roles', { schema: { body: roleSchema } }, async (request, reply) => {
    const role = await admin.createRole(db, request.body);
    reply.code(201);
    return role;
  });

  api.patch('/api/admin/roles/:id', { schema: { ...withId, body: roleUpdateSchema } }, (request) =>
    admin.updateRole(db, request.params.id, request.body),
  );

  api.delete('/api/admin/roles/:id', { schema: withId }, (request) =>
    admin.deleteRole(db, request.params.id),
  );

  api.put(
    '/api/admin/roles/:id/permissions',
    { schema: { ...withId, body: rolePermissionsSchema } },
    (request) => admin.setRolePermissions(db, request.params.id, request.body),
  );
}
