import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notificationReadSchema } from '../../../domain/notifications';
import { signedInUser } from '../../auth/guard';
import type { Database } from '../../db/connection';
import { listNotifications, markRead } from './service';

/**
 * The bell. Open to every signed-in user: the service shows each only the
 * kinds whose module they may read. Never cached: batches run late by the minute.
 */
export function notificationRoutes(
  app: FastifyInstance,
  { db, timeZone }: { db: Database; timeZone: string },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/notifications', (request) =>
    listNotifications(db, signedInUser(request), { now: new Date(), timeZone }),
  );

  api.post('/api/notifications/read', { schema: { body: notificationReadSchema } }, (request) =>
    markRead(db, signedInUser(request), request.body, { now: new Date(), timeZone }),
  );
}
