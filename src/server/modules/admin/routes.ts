import type { FastifyInstance } from 'fastify';
import { adminApi } from '../../../domain/contracts/admin';
import { signedInUser } from '../../auth/guard';
import { serve } from '../../contract-route';
import type { Database } from '../../db/connection';
import * as admin from './service';
import { readLetterhead, readSettings, saveSettings } from './settings';

export function adminRoutes(app: FastifyInstance, { db }: { db: Database }) {
  serve(app, adminApi.users, async () => admin.listUsers(db));
  serve(app, adminApi.createUser, async (request) =>
    admin.createUser(db, request.body, signedInUser(request).id),
  );
  serve(app, adminApi.updateUser, async (request) =>
    admin.updateUser(db, request.params.id, request.body, signedInUser(request).id),
  );
  serve(app, adminApi.deleteUser, async (request) =>
    admin.deleteUser(db, request.params.id, signedInUser(request).id),
  );

  serve(app, adminApi.settings, async () => readSettings(db));
  serve(app, adminApi.saveSettings, async ({ body }) => saveSettings(db, body));
  serve(app, adminApi.letterhead, async () => readLetterhead(db));

  serve(app, adminApi.modules, async () => admin.listModules(db));
  serve(app, adminApi.roles, async () => admin.listRoles(db));
  serve(app, adminApi.createRole, async ({ body }) => admin.createRole(db, body));
  serve(app, adminApi.updateRole, async ({ params, body }) =>
    admin.updateRole(db, params.id, body),
  );
  serve(app, adminApi.deleteRole, async ({ params }) => admin.deleteRole(db, params.id));
  serve(app, adminApi.setRolePermissions, async ({ params, body }) =>
    admin.setRolePermissions(db, params.id, body),
  );
}
