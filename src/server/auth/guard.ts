import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CurrentUser } from '../../domain/user';
import type { Database } from '../db/connection';
import { forbidden, notSignedIn } from '../errors';
import { loadCurrentUser } from '../modules/auth/service';
import { type Access, denialMessage, isAllowed, ROUTE_ACCESS, routeKey } from './access';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route as the router registered it, for tests that must miss none. */
    apiRoutes: { method: string; url: string }[];
  }
  interface FastifyRequest {
    /** The signed-in user, loaded fresh on every call so changed rights apply at once. */
    user: CurrentUser | null;
  }
  interface Session {
    userId?: string;
    /** When the idle timer was last pushed back (ms since epoch). */
    refreshedAt?: number;
  }
}

const REFRESH_EVERY_MS = 15 * 60 * 1000;

export function accessOf(request: FastifyRequest): Access | undefined {
  const url = request.routeOptions.url;
  return url === undefined ? undefined : ROUTE_ACCESS[routeKey(request.method, url)];
}

/**
 * Runs before every handler: finds the route's entry in ROUTE_ACCESS, loads
 * the session's user and refuses with 401/403 what the entry does not allow.
 */
export function installGuard(app: FastifyInstance, db: Database): void {
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
      request.user = await loadCurrentUser(db, userId);
      if (!request.user) {
        // Deleted or deactivated: the session ends here.
        await request.session.destroy();
      } else {
        keepSessionAlive(request);
      }
    }
    if (access.kind === 'public') return;
    if (!request.user) throw notSignedIn();
    if (!isAllowed(access, request.user)) throw forbidden(denialMessage(access));
  });
}

/** Idle timeout: push the expiry back, but write the session at most every 15 minutes. */
function keepSessionAlive(request: FastifyRequest): void {
  const last = request.session.get('refreshedAt') ?? 0;
  if (Date.now() - last < REFRESH_EVERY_MS) return;
  request.session.touch();
  request.session.set('refreshedAt', Date.now());
}

/** The caller of a route the guard has let through as signed in. */
export function signedInUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw notSignedIn();
  return request.user;
}
