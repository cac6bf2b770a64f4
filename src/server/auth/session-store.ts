import type { SessionStore } from '@fastify/session';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { sessions } from '../db/schema';
import type { ReadCache } from '../read-cache';

/** The session cookie's name. */
export const SESSION_COOKIE = 'bakery.sid';

type StoredSession = Parameters<SessionStore['set']>[1];
type Found = { sess: StoredSession; expireMs: number } | null;

function expiryOf(session: StoredSession, fallbackMs: number): Date {
  const expires = session.cookie?.expires;
  return expires ? new Date(expires) : new Date(Date.now() + fallbackMs);
}

/**
 * Sessions live in the database, so any number of app processes share them and
 * signing out (or an admin deactivating a user) takes effect everywhere.
 * Nearly every call reads its session, so reads go through the sign-in cache,
 * which every write of any process empties (app.ts); saving or ending a
 * session empties it too.
 */
export class DatabaseSessionStore implements SessionStore {
  constructor(
    private readonly db: Database,
    private readonly maxAgeMs: number,
    private readonly signedIn: ReadCache,
  ) {}

  get(sid: string, callback: (err: unknown, result?: StoredSession | null) => void): void {
    this.signedIn
      .get(`session:${sid}`, () => this.read(sid))
      // A copy that has run out may have been pushed back by another process: ask the database.
      .then((found) => (found && found.expireMs <= Date.now() ? this.read(sid) : found))
      .then(
        (found) => callback(null, found && found.expireMs > Date.now() ? found.sess : null),
        callback,
      );
  }

  set(sid: string, session: StoredSession, callback: (err?: unknown) => void): void {
    const expire = expiryOf(session, this.maxAgeMs);
    const sess = JSON.parse(JSON.stringify(session));
    this.db
      .insert(sessions)
      .values({ sid, sess, expire })
      .onConflictDoUpdate({ target: sessions.sid, set: { sess, expire } })
      .then(() => this.signedIn.invalidate())
      .then(() => callback(), callback);
  }

  destroy(sid: string, callback: (err?: unknown) => void): void {
    this.db
      .delete(sessions)
      .where(eq(sessions.sid, sid))
      .then(() => this.signedIn.invalidate())
      .then(() => callback(), callback);
  }

  private async read(sid: string): Promise<Found> {
    const [row] = await this.db
      .select({ sess: sessions.sess, expire: sessions.expire })
      .from(sessions)
      .where(and(eq(sessions.sid, sid), gt(sessions.expire, new Date())))
      .limit(1);
    return row ? { sess: row.sess as StoredSession, expireMs: row.expire.getTime() } : null;
  }

  /** Expired sessions are refused by `get`; this removes their rows. */
  async removeExpired(): Promise<void> {
    await this.db.delete(sessions).where(lt(sessions.expire, new Date()));
  }
}
