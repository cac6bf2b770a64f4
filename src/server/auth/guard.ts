import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CurrentUser } from '../../domain/user';
import type { Database } from '../db/connection';
import { forbidden, notSignedIn } from '../errors';
import { loadCurrentUser } from '../modules/auth/service';
import type { ReadCache } from '../read-cache';
import { type Access, denialMessage, isAllowed, ROUTE_ACCESS, routeKey } from './access';
import type { Sessions } from './sessions';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route as the router registered it, for tests that must miss none. */
    apiRoutes: { method: string; url: string }[];
  }
  interface FastifyRequest {
    /** The signed-in user with their rights as of the last write (the sign-in cache). */
    user: CurrentUser | null;
  }
}

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
  { db, sessions, signedIn }: { db: Database; sessions: Sessions; signedIn: ReadCache },
): void {
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
  app.addHook('onRequest', async (request, reply) => {
    const url = request.routeOptions.url;
    if (url === undefined || !url.startsWith('/api/')) return;
    const access = accessOf(request);
    if (!access) throw forbidden('This call is not open to anyone');

    const userId = request.session?.userId;
    if (userId) {
      // Any write empties the cache, so changed rights or a deactivation apply at the next call.
      request.user = await signedIn.get(`user:${userId}`, () => loadCurrentUser(db, userId));
      if (!request.user) {
        // Deleted or deactivated: the session ends here.
        await sessions.end(request, reply);
      } else if (!(await sessions.keepAlive(request, reply))) {
        request.user = null; // signed out meanwhile, perhaps in another process
      }
    }
    if (access.kind === 'public') return;
    if (!request.user) throw notSignedIn();
    if (!isAllowed(access, request.user)) throw forbidden(denialMessage(access));
  });
}

/** The caller of a route the guard has let through as signed in. */
export function signedInUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw notSignedIn();
  return request.user;
}
