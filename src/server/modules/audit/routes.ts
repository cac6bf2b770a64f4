import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditQuerySchema } from '../../../domain/audit';
import type { Database } from '../../db/connection';
import { installAuditRecorder } from './recorder';
import { listEvents } from './service';

/**
 * The audit trail: records every write (installed after the guard, so the
 * caller is known) and serves it to admins, newest first, with filters.
 */
export function auditTrail(
  app: FastifyInstance,
  { db, timeZone }: { db: Database; timeZone: string },
) {
  installAuditRecorder(app, db);
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/admin/audit', { schema: { querystring: auditQuerySchema } }, (request) =>
    listEvents(db, request.query, timeZone),
  );
}
