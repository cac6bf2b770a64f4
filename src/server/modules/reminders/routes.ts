import type { FastifyInstance } from 'fastify';
import { remindersApi as api } from '../../../domain/contracts/reminders';
import { signedInUser } from '../../auth/guard';
import { serve } from '../../contract-route';
import type { OrdersContext } from '../orders/book';
import * as reminders from './service';

export function reminderRoutes(app: FastifyInstance, ctx: OrdersContext) {
  serve(app, api.preview, async ({ params, query }) =>
    reminders.previewReminder(ctx, params.id, query),
  );
  serve(app, api.send, async (request) =>
    reminders.sendReminder(ctx, request.params.id, request.body, signedInUser(request)),
  );
  serve(app, api.list, async ({ params, query }) => reminders.listReminders(ctx, params.id, query));
}
