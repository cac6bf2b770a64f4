import type { FastifyInstance } from 'fastify';
import { signedInUser } from '../../auth/guard';
import type { Database } from '../../db/connection';
import { dashboardSummary } from './service';

export function dashboardRoutes(app: FastifyInstance, deps: { db: Database; timeZone: string }) {
  app.get('/api/dashboard/summary', (request) =>
    dashboardSummary(deps.db, signedInUser(request), deps.timeZone),
  );
}
