import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Access, denialMessage, isAllowed } from '../../domain/access';
import type { RouteAudit, RouteContract } from '../../domain/contracts/contract';
import type { CurrentUser } from '../../domain/user';
import { contractOf } from '../contract-route';
import type { Database } from '../db/connection';
import { forbidden, notSignedIn } from '../errors';
import { loadCurrentUser } from '../modules/auth/service';
import type { ReadCache } from '../read-cache';
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

export const accessOf = (request: FastifyRequest): Access | undefined =>
  contractOf(request)?.access;

/** The route's entry for the tables, or why it may not register. */
function apiRouteOf(method: string, url: string, contract: RouteContract | undefined): ApiRoute {
  if (!contract) throw new Error(`${method} ${url} declares no contract (src/domain/contracts)`);
  if (WRITES.has(method) && !contract.audit) {
    throw new Error(`${method} ${url} declares no audit action`);
  }
  return { method, url, access: contract.access, audit: contract.audit };
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
    for (const method of methods) {
      const entry = apiRouteOf(method, route.url, route.config?.contract);
      if (method !== 'HEAD') apiRoutes.push(entry);
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
    if (userId) request.user = await sessionUser(request, reply, userId);
    if (access.kind === 'public') return;
    if (!request.user) throw notSignedIn();
    if (!isAllowed(access, request.user)) throw forbidden(denialMessage(access));
  });

  /** The session's user with their rights, or null when the session has ended. */
  async function sessionUser(request: FastifyRequest, reply: FastifyReply, userId: string) {
    // Any write empties the cache, so changed rights or a deactivation apply at the next call.
    const user = await signedIn.get(`user:${userId}`, () => loadCurrentUser(db, userId));
    if (!user) {
      // Deleted or deactivated: the session ends here.
      await sessions.end(request, reply);
      return null;
    }
    // Signed out meanwhile, perhaps in another process.
    return (await sessions.keepAlive(request, reply)) ? user : null;
  }
}

/** The caller of a route the guard has let through as signed in. */
export function signedInUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw notSignedIn();
  return request.user;
}
