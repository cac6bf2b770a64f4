import type { FastifyInstance } from 'fastify';
import { canRead } from '../../../domain/permissions';
import { businessDate } from '../../../domain/time';
import { signedInUser } from '../../auth/guard';
import type { Database } from '../../db/connection';
import type { ReadCache } from '../../read-cache';
import { DASHBOARD_MODULES, dashboardSummary } from './service';

export function dashboardRoutes(
  app: FastifyInstance,
  deps: { db: Database; timeZone: string; cache: ReadCache },
) {
  // What the dashboard shows depends on the user's read rights and on today's date.
  app.get('/api/dashboard/summary', (request) => {
    const user = signedInUser(request);
    const shown = DASHBOARD_MODULES.filter((module) => canRead(user, module)).join(',');
    const today = businessDate(new Date(), deps.timeZone);
    return deps.cache.get(`dashboard:${today}:${shown}`, () =>
      dashboardSummary(deps.db, user, deps.timeZone),
    );
  });
}
