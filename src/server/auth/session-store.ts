import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { sessions } from '../db/schema';
import type { ReadCache } from '../read-cache';

/**
 * What a session row holds: whose it is, when they signed in, when its expiry
 * was last pushed back, and that expiry.
 */
export interface StoredSession {
  userId: string;
  signedInAt: number;
  refreshedAt: number;
  expireMs: number;
}

const rowOf = (session: StoredSession) => ({
  sess: {
    userId: session.userId,
    signedInAt: session.signedInAt,
    refreshedAt: session.refreshedAt,
  },
  expire: new Date(session.expireMs),
});

/**
 * Sessions live in the database, so any number of app processes share them and
 * signing out (or an admin deactivating a user) takes effect everywhere.
 * Nearly every call reads its session, so reads go through the sign-in cache,
 * which every write of any process empties (app.ts); saving or removing a
 * session empties it too.
 */
export class DatabaseSessionStore {
  constructor(
    private readonly db: Database,
    private readonly signedIn: ReadCache,
    /** The time in ms since the epoch, expiries are judged by; tests move it instead of waiting. */
    private readonly now: () => number = Date.now,
  ) {}

  /** The live session with this id, or null. */
  async find(sid: string): Promise<StoredSession | null> {
    let found = await this.signedIn.get(`session:${sid}`, () => this.read(sid));
    // A copy that has run out may have been pushed back by another process: ask the database.
    if (found && found.expireMs <= this.now()) found = await this.read(sid);
    return found && found.expireMs > this.now() ? found : null;
  }

  /** A new session's row; its id is fresh random bytes, so it replaces none. */
  async create(sid: string, session: StoredSession): Promise<void> {
    await this.db.insert(sessions).values({ sid, ...rowOf(session) });
    this.signedIn.invalidate();
  }

  /**
   * Pushes a live session's expiry back; false when its row is gone or
   * expired (signed out meanwhile, perhaps by another process), which must
   * not bring it back.
   */
  async refresh(sid: string, session: StoredSession): Promise<boolean> {
    const updated = await this.db
      .update(sessions)
      .set(rowOf(session))
      .where(and(eq(sessions.sid, sid), gt(sessions.expire, new Date(this.now()))))
      .returning({ sid: sessions.sid });
    this.signedIn.invalidate();
    return updated.length > 0;
  }

  async remove(sid: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.sid, sid));
    this.signedIn.invalidate();
  }

  /** Expired sessions are refused by `find`; this removes their rows. */
  async removeExpired(): Promise<void> {
    await this.db.delete(sessions).where(lt(sessions.expire, new Date(this.now())));
  }

  private async read(sid: string): Promise<StoredSession | null> {
    const [row] = await this.db
      .select({ sess: sessions.sess, expire: sessions.expire })
      .from(sessions)
      .where(and(eq(sessions.sid, sid), gt(sessions.expire, new Date(this.now()))))
      .limit(1);
    const sess = row?.sess as
      | { userId?: unknown; signedInAt?: unknown; refreshedAt?: unknown }
      | undefined;
    // A row without a sign-in time predates the absolute lifetime: its user signs in again.
    if (!row || typeof sess?.userId !== 'string' || typeof sess.signedInAt !== 'number') {
      return null;
    }
    return {
      userId: sess.userId,
      signedInAt: sess.signedInAt,
      refreshedAt: typeof sess.refreshedAt === 'number' ? sess.refreshedAt : 0,
      expireMs: row.expire.getTime(),
    };
  }
}
