import type { SessionStore } from '@fastify/session';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { sessions } from '../db/schema';

/** The session cookie's name. */
export const SESSION_COOKIE = 'bakery.sid';

type StoredSession = Parameters<SessionStore['set']>[1];

function expiryOf(session: StoredSession, fallbackMs: number): Date {
  const expires = session.cookie?.expires;
  return expires ? new Date(expires) : new Date(Date.now() + fallbackMs);
}

/**
 * Sessions live in the database, so any number of app processes share them and
 * signing out (or an admin deactivating a user) takes effect everywhere.
 */
export class DatabaseSessionStore implements SessionStore {
  constructor(
    private readonly db: Database,
    private readonly maxAgeMs: number,
  ) {}

  get(sid: string, callback: (err: unknown, result?: StoredSession | null) => void): void {
    this.db
      .select({ sess: sessions.sess })
      .from(sessions)
      .where(and(eq(sessions.sid, sid), gt(sessions.expire, new Date())))
      .limit(1)
      .then(([row]) => callback(null, (row?.sess as StoredSession | undefined) ?? null), callback);
  }

  set(sid: string, session: StoredSession, callback: (err?: unknown) => void): void {
    const expire = expiryOf(session, this.maxAgeMs);
    const sess = JSON.parse(JSON.stringify(session));
    this.db
      .insert(sessions)
      .values({ sid, sess, expire })
      .onConflictDoUpdate({ target: sessions.sid, set: { sess, expire } })
      .then(() => callback(), callback);
  }

  destroy(sid: string, callback: (err?: unknown) => void): void {
    this.db
      .delete(sessions)
      .where(eq(sessions.sid, sid))
      .then(() => callback(), callback);
  }

  /** Expired sessions are refused by `get`; this removes their rows. */
  async removeExpired(): Promise<void> {
    await this.db.delete(sessions).where(lt(sessions.expire, new Date()));
  }
}
