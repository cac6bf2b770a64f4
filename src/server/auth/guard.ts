import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CurrentUser } from '../../domain/user';
import type { Database } from '../db/connection';
import { forbidden, notSignedIn } from '../errors';
import { loadCurrentUser } from '../modules/auth/service';
import type { ReadCache } from '../read-cache';
import { type Access, denialMessage, isAllowed, ROUTE_ACCESS, routeKey } from './access';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route as the router registered it, for tests that must miss none. */
    apiRoutes: { method: string; url: string }[];
  }
  interface FastifyRequest {
    /** The signed-in user with their rights as of the last write (the sign-in cache). */
    user: CurrentUser | null;
  }
  interface Session {
    userId?: string;
    /** When the idle timer was last pushed back (ms since epoch). */
    refreshedAt?: number;
  }
}

/** The session's expiry is pushed back at most this often (and at most every quarter of the idle time). */
const REFRESH_EVERY_MS = 15 * 60 * 1000;

export function accessOf(request: FastifyRequest): Access | undefined {
  const url = request.routeOptions.url;
  return url === undefined ? undefined : ROUTE_ACCESS[routeKey(request.method, url)];
}

/**
 * Runs before every handler: finds the route's entry in ROUTE_ACCESS, loads
 * the session's user and refuses with 401/403 what the entry does not allow.
 */
export function installGuard(
  app: FastifyInstance,
  { db, sessionIdleMs, signedIn }: { db: Database; sessionIdleMs: number; signedIn: ReadCache },
): void {
  // A refresh interval longer than the idle time would end sessions that are in use.
  const refreshEveryMs = Math.min(REFRESH_EVERY_MS, sessionIdleMs / 4);
  app.decorateRequest('user', null);
  const apiRoutes: { method: string; url: string }[] = [];
  app.decorate('apiRoutes', apiRoutes);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (!ROUTE_ACCESS[routeKey(method, route.url)]) {
        throw new Error(`No access rule for ${method} ${route.url}: add it to ROUTE_ACCESS`);
      }
      if (method !== 'HEAD') apiRoutes.push({ method, url: route.url });
    }
  });

  // onRequest: before the body is even parsed, so a caller without the right
  // learns nothing from validation messages.
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (url === undefined || !url.startsWith('/api/')) return;
    const access = accessOf(request);
    if (!access) throw forbidden('This call is not open to anyone');

    const userId = request.session.get('userId');
    if (userId) {
      // Any write empties the cache, so changed rights or a deactivation apply at the next call.
      request.user = await signedIn.get(`user:${userId}`, () => loadCurrentUser(db, userId));
      if (!request.user) {
        // Deleted or deactivated: the session ends here.
        await request.session.destroy();
      } else {
        keepSessionAlive(request, refreshEveryMs);
      }
    }
    if (access.kind === 'public') return;
    if (!request.user) throw notSignedIn();
    if (!isAllowed(access, request.user)) throw forbidden(denialMessage(access));
  });
}

/** Idle timeout: push the expiry back, but write the session at most every `refreshEveryMs`. */
function keepSessionAlive(request: FastifyRequest, refreshEveryMs: number): void {
  const last = request.session.get('refreshedAt') ?? 0;
  if (Date.now() - last < refreshEveryMs) return;
  request.session.touch();
  request.session.set('refreshedAt', Date.now());
}

/** The caller of a route the guard has let through as signed in. */
export function signedInUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw notSignedIn();
  return request.user;
}
