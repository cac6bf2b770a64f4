import { createHash } from 'node:crypto';
import { and, desc, eq, gt, inArray, lt, notInArray, or } from 'drizzle-orm';
import { usernameKey } from '../../domain/auth-schemas';
import type { Database } from '../db/connection';
import { loginAttempts } from '../db/schema';

/**
 * Slows down password guessing: too many failed sign-ins for one username, or
 * from one client address, within the window are refused with 429 until the
 * window has passed. The attempts are rows of `login_attempts`, so every app
 * process on one database shares the counts.
 */
export interface ThrottleLimits {
  perUsername: number;
  perAddress: number;
  windowMs: number;
}

export const DEFAULT_THROTTLE: ThrottleLimits = {
  perUsername: 5,
  perAddress: 20,
  windowMs: 15 * 60 * 1000,
};

type Scope = 'username' | 'address';

/** One attempt in progress: counted as a failure unless `succeeded()` is called. */
export interface ThrottledAttempt {
  /** Minutes until another attempt is allowed; 0 when this one may go ahead. */
  readonly waitMinutes: number;
  /** A success: this attempt is not a failure, and the username's failures are forgotten. */
  succeeded(): Promise<void>;
}

/** The table holds digests, never what was typed (people type passwords into the username field). */
const digest = (value: string) => createHash('sha256').update(value).digest('hex');

export class LoginThrottle {
  constructor(
    private readonly db: Database,
    private readonly limits: ThrottleLimits = DEFAULT_THROTTLE,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Records the attempt first, as a failure, and only then counts the others:
   * of any number of attempts made at the same moment (by any app process), at
   * most the limit can find fewer than the limit before them, so a burst of
   * parallel guesses gets no more tries than a slow one. A refused attempt is
   * not kept, so "wait N minutes" stays true for someone who retries early.
   * Without a username only the address is counted (registration).
   */
  async begin(who: { username?: string; address: string }): Promise<ThrottledAttempt> {
    const at = this.now();
    const nameDigest = who.username === undefined ? undefined : digest(usernameKey(who.username));
    const counted: { scope: Scope; key: string; limit: number }[] = [
      { scope: 'address', key: digest(who.address), limit: this.limits.perAddress },
    ];
    if (nameDigest !== undefined) {
      counted.push({ scope: 'username', key: nameDigest, limit: this.limits.perUsername });
    }
    const ownIds = (
      await this.db
        .insert(loginAttempts)
        .values(counted.map(({ scope, key }) => ({ scope, key, attemptedAt: new Date(at) })))
        .returning({ id: loginAttempts.id })
    ).map((row) => row.id);

    let waitMs = 0;
    for (const { scope, key, limit } of counted) {
      // The limit-th most recent other attempt: once it leaves the window, one more is allowed.
      const [oldestCounted] = await this.db
        .select({ attemptedAt: loginAttempts.attemptedAt })
        .from(loginAttempts)
        .where(
          and(
            eq(loginAttempts.scope, scope),
            eq(loginAttempts.key, key),
            gt(loginAttempts.attemptedAt, new Date(at - this.limits.windowMs)),
            notInArray(loginAttempts.id, ownIds),
          ),
        )
        .orderBy(desc(loginAttempts.attemptedAt))
        .limit(1)
        .offset(limit - 1);
      if (oldestCounted) {
        waitMs = Math.max(waitMs, oldestCounted.attemptedAt.getTime() + this.limits.windowMs - at);
      }
    }
    if (waitMs > 0) {
      await this.db.delete(loginAttempts).where(inArray(loginAttempts.id, ownIds));
      return { waitMinutes: Math.max(1, Math.ceil(waitMs / 60_000)), succeeded: async () => {} };
    }
    return {
      waitMinutes: 0,
      succeeded: async () => {
        await this.db
          .delete(loginAttempts)
          .where(
            or(
              inArray(loginAttempts.id, ownIds),
              nameDigest === undefined
                ? undefined
                : and(eq(loginAttempts.scope, 'username'), eq(loginAttempts.key, nameDigest)),
            ),
          );
      },
    };
  }

  /** Removes attempts that no longer count. */
  async prune(): Promise<void> {
    await this.db
      .delete(loginAttempts)
      .where(lt(loginAttempts.attemptedAt, new Date(this.now() - this.limits.windowMs)));
  }
}
