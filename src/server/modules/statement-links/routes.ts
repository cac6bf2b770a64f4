import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { statementLinksApi as api } from '../../../domain/contracts/statement-links';
import {
  PUBLIC_STATEMENT_LIMIT,
  TOO_MANY_STATEMENT_REQUESTS,
} from '../../../domain/statement-links';
import { signedInUser } from '../../auth/guard';
import { serve } from '../../contract-route';
import type { Database } from '../../db/connection';
import { AppError } from '../../errors';
import * as links from './service';

export async function statementLinkRoutes(
  app: FastifyInstance,
  ctx: { db: Database; timeZone: string; now: () => number },
) {
  const now = () => new Date(ctx.now());
  serve(app, api.create, async (request) =>
    links.createLink(
      ctx.db,
      request.params.id,
      {
        expiresInDays: request.body.expiresInDays,
        userId: signedInUser(request).id,
        // As the browser reached the app (behind a trusted proxy, as it says).
        origin: `${request.protocol}://${request.host}`,
      },
      now(),
    ),
  );
  serve(app, api.list, async ({ params, query }) =>
    links.listLinks(ctx.db, params.id, query, now()),
  );
  serve(app, api.revoke, async (request) =>
    links.revokeLink(ctx.db, request.params.id, signedInUser(request).id, now()),
  );
  // The one route anyone on the internet may call: its own scope, so the
  // limit counts only these requests, per client address (this process's count).
  await app.register(async (open) => {
    await open.register(fastifyRateLimit, {
      max: PUBLIC_STATEMENT_LIMIT.max,
      timeWindow: PUBLIC_STATEMENT_LIMIT.windowMs,
      errorResponseBuilder: () => new AppError('TOO_MANY_ATTEMPTS', TOO_MANY_STATEMENT_REQUESTS),
    });
    serve(open, api.open, async ({ params, query }, reply) => {
      // A statement is the distributor's business: no shared cache or search engine keeps it.
      reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex');
      return links.openStatement(ctx.db, params.token, query, {
        timeZone: ctx.timeZone,
        now: now(),
      });
    });
  });
}

/** A request's address as the log keeps it: a statement link's token opens a statement, so it is left out. */
export const withoutToken = (url: string) =>
  url.replace(/^(\/s\/|\/api\/public\/statements\/)[^/?#]*/, '$1[token]');
