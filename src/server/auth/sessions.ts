import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DatabaseSessionStore } from './session-store';

/** The session cookie's name. */
export const SESSION_COOKIE = 'bakery.sid';

/** The signed-in session of a request: its id (the cookie's value) and its row's contents. */
export interface Session {
  id: string;
  userId: string;
  /** When the user signed in (ms since epoch): the session ends a fixed time after, however busy. */
  signedInAt: number;
  /** When the idle timer was last pushed back (ms since epoch). */
  refreshedAt: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Null when the request carries no valid, live session cookie. */
    session: Session | null;
  }
}

/** The session's expiry is pushed back at most this often (and at most every quarter of the idle time). */
const REFRESH_EVERY_MS = 15 * 60 * 1000;
/** Verified cookies kept per process; emptied when full (a busy bakery has a few dozen). */
const SIGNED_COOKIES = 1000;

export interface Sessions {
  /** Signs in: a new session id, so an id planted or seen before sign-in is worthless after it. */
  start(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void>;
  /** Signs out: the row is deleted and the cookie cleared. */
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /**
   * Idle timeout: pushes the expiry back, writing at most every REFRESH_EVERY_MS.
   * False when the session ended meanwhile; the request is then signed out.
   */
  keepAlive(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

/**
 * Sessions on a signed cookie (@fastify/cookie's signer, registered with the
 * session secret) and a database row. Hand-written instead of @fastify/session,
 * which built, hashed and re-signed a session object on every call: a fifth of
 * a small read's time (docs/decisions.md, "Performance at five-year scale").
 */
export function installSessions(
  app: FastifyInstance,
  {
    store,
    idleMs,
    maxMs,
    now = Date.now,
  }: {
    store: DatabaseSessionStore;
    idleMs: number;
    maxMs: number;
    /** The time in ms since the epoch; tests pass a clock they move, instead of waiting. */
    now?: () => number;
  },
): Sessions {
  const refreshEveryMs = Math.min(REFRESH_EVERY_MS, idleMs / 4);
  // Cookies whose signature checked out, and their session ids: the check is an
  // HMAC, ~5% of a cached read's time, and a cookie valid once stays valid under
  // this process's secret. Only valid cookies are kept, at most SIGNED_COOKIES.
  const verified = new Map<string, string>();
  const sessionIdIn = (request: FastifyRequest, cookie: string): string | null => {
    const known = verified.get(cookie);
    if (known) return known;
    const unsigned = request.unsignCookie(cookie);
    if (!unsigned.valid || !unsigned.value) return null;
    if (verified.size >= SIGNED_COOKIES) verified.clear();
    verified.set(cookie, unsigned.value);
    return unsigned.value;
  };
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    const cookie = request.cookies[SESSION_COOKIE];
    if (!cookie) return;
    const id = sessionIdIn(request, cookie);
    if (!id) return;
    const found = await store.find(id);
    if (found) {
      request.session = {
        id,
        userId: found.userId,
        signedInAt: found.signedInAt,
        refreshedAt: found.refreshedAt,
      };
    }
  });

  // Idle for idleMs, or maxMs after sign-in, whichever comes first: the row's
  // expiry never passes the absolute limit, so `find` refuses it from then on.
  const stored = (session: Session) => ({
    userId: session.userId,
    signedInAt: session.signedInAt,
    refreshedAt: session.refreshedAt,
    expireMs: Math.min(session.refreshedAt + idleMs, session.signedInAt + maxMs),
  });
  function setCookie(reply: FastifyReply, session: Session) {
    reply.setCookie(SESSION_COOKIE, session.id, {
      signed: true,
      httpOnly: true,
      sameSite: 'lax',
      // Secure when the request came over HTTPS (directly or through a trusted proxy).
      secure: 'auto',
      path: '/',
      maxAge: Math.max(0, Math.floor((stored(session).expireMs - now()) / 1000)),
    });
  }

  return {
    async start(request, reply, userId) {
      if (request.session) await store.remove(request.session.id);
      const at = now();
      const session = {
        id: randomBytes(32).toString('base64url'),
        userId,
        signedInAt: at,
        refreshedAt: at,
      };
      await store.create(session.id, stored(session));
      request.session = session;
      setCookie(reply, session);
    },
    async end(request, reply) {
      if (request.session) await store.remove(request.session.id);
      request.session = null;
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
    },
    async keepAlive(request, reply) {
      const session = request.session;
      if (!session) return false;
      if (now() - session.refreshedAt < refreshEveryMs) return true;
      const refreshed = { ...session, refreshedAt: now() };
      if (!(await store.refresh(session.id, stored(refreshed)))) {
        request.session = null;
        return false;
      }
      request.session = refreshed;
      setCookie(reply, refreshed);
      return true;
    },
  };
}
