import type { FastifyInstance } from 'fastify';
import { notificationsApi } from '../../../domain/contracts/notifications';
import { signedInUser } from '../../auth/guard';
import { serve } from '../../contract-route';
import type { Database } from '../../db/connection';
import { listNotifications, markRead } from './service';

/** The bell. Never cached: batches run late by the minute. */
export function notificationRoutes(
  app: FastifyInstance,
  { db, timeZone }: { db: Database; timeZone: string },
) {
  serve(app, notificationsApi.list, async (request) =>
    listNotifications(db, signedInUser(request), { now: new Date(), timeZone }),
  );
  serve(app, notificationsApi.markRead, async (request) =>
    markRead(db, signedInUser(request), request.body, { now: new Date(), timeZone }),
  );
}
