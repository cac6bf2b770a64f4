import type { FastifyInstance } from 'fastify';
import { adminApi } from '../../../domain/contracts/admin';
import { serve } from '../../contract-route';
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
  serve(app, adminApi.audit, async ({ query }) => listEvents(db, query, timeZone));
}
