import type { FastifyInstance } from 'fastify';
import { dashboardApi } from '../../../domain/contracts/dashboard';
import { dashboardParts } from '../../../domain/dashboard';
import { businessDate } from '../../../domain/time';
import { signedInUser } from '../../auth/guard';
import { serve } from '../../contract-route';
import type { Database } from '../../db/connection';
import type { ReadCache } from '../../read-cache';
import { dashboardSummary } from './service';

export function dashboardRoutes(
  app: FastifyInstance,
  deps: { db: Database; timeZone: string; cache: ReadCache; now: () => number },
) {
  // What the dashboard shows depends on the parts the user may read and on today's date.
  serve(app, dashboardApi.summary, async (request) => {
    const user = signedInUser(request);
    const shown = dashboardParts(user).join(',');
    const now = new Date(deps.now());
    const today = businessDate(now, deps.timeZone);
    return deps.cache.get(`dashboard:${today}:${shown}`, () =>
      dashboardSummary(deps.db, user, deps.timeZone, now),
    );
  });
}
