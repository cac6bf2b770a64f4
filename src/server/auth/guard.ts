import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Access, denialMessage, isAllowed, routeKey } from '../../domain/access';
import type { RouteAudit } from '../../domain/contracts/contract';
import type { CurrentUser } from '../../domain/user';
import { contractOf } from '../contract-route';
import type { Database } from '../db/connection';
import { forbidden, notSignedIn } from '../errors';
import { loadCurrentUser } from '../modules/auth/service';
import type { ReadCache } from '../read-cache';
import { ROUTE_ACCESS } from './legacy-access';
import type { Sessions } from './sessions';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every API route as the router registered it, with the access and audit
     * action its contract declares: the tables tests walk so they miss none.
     */
    apiRoutes: ApiRoute[];
  }
  interface FastifyRequest {
    /** The signed-in user with their rights as of the last write (the sign-in cache). */
    user: CurrentUser | null;
  }
}

export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
  audit?: RouteAudit;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function accessOf(request: FastifyRequest): Access | undefined {
  const contract = contractOf(request);
  if (contract) return contract.access;
  const url = request.routeOptions.url;
  return url === undefined ? undefined : ROUTE_ACCESS[routeKey(request.method, url)];
}

/**
 * Runs before every handler: finds the access the route's contract declares,
 * loads the session's user and refuses with 401/403 what it does not allow.
 * A route that declares no access, or a write no audit action, refuses to
 * register, so a new route cannot be left open or unrecorded by accident.
 */
export function installGuard(
  app: FastifyInstance,
  { db, sessions, signedIn }: { db: Database; sessions: Sessions; signedIn: ReadCache },
): void {
  app.decorateRequest('user', null);
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const contract = route.config?.contract;
    for (const method of methods) {
      const access = contract?.access ?? ROUTE_ACCESS[routeKey(method, route.url)];
      if (!access) throw new Error(`${method} ${route.url} declares no access: give it a contract`);
      if (contract && WRITES.has(method) && !contract.audit) {
        throw new Error(`${method} ${route.url} declares no audit action`);
      }
      if (method !== 'HEAD')
        apiRoutes.push({ method, url: route.url, access, audit: contract?.audit });
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
