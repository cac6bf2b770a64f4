import { createHash } from 'node:crypto';
import { and, desc, eq, gt, inArray, lt, notInArray, or, type SQL } from 'drizzle-orm';
import { usernameKey } from '../../domain/auth-schemas';
import type { Database } from '../db/connection';
import { loginAttempts } from '../db/schema';

/**
 * Slows down password guessing: too many failed sign-ins for one username, or
 * from one client address, within the window are refused with 429 until the
 * window has passed. Registration is limited too: so many per address in the
 * window, whatever their outcome, so open registration cannot mint accounts in
 * bulk. The attempts are rows of `login_attempts`, so every app process on one
 * database shares the counts.
 */
export interface ThrottleLimits {
  perUsername: number;
  perAddress: number;
  registrationsPerAddress: number;
  windowMs: number;
}

export const DEFAULT_THROTTLE: ThrottleLimits = {
  perUsername: 5,
  perAddress: 20,
  registrationsPerAddress: 5,
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

/** One count an attempt adds to; `kept` rows stay after a success (a registration is one). */
interface Counted {
  scope: Scope;
  key: string;
  limit: number;
  kept?: boolean;
}

/** The table holds digests, never what was typed (people type passwords into the username field). */
const digest = (value: string) => createHash('sha256').update(value).digest('hex');

export class LoginThrottle {
  private readonly limits: ThrottleLimits;

  constructor(
    private readonly db: Database,
    limits: Partial<ThrottleLimits> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.limits = { ...DEFAULT_THROTTLE, ...limits };
  }

  /** A sign-in: counted against the username (as `usernameKey` folds it) and the address. */
  signIn(who: { username: string; address: string }): Promise<ThrottledAttempt> {
    const nameDigest = digest(usernameKey(who.username));
    return this.attempt(
      [
        { scope: 'address', key: digest(who.address), limit: this.limits.perAddress },
        { scope: 'username', key: nameDigest, limit: this.limits.perUsername },
      ],
      and(eq(loginAttempts.scope, 'username'), eq(loginAttempts.key, nameDigest)),
    );
  }

  /**
   * A registration: a failure of the address unless it succeeds (a taken name
   * is named, so probing must be as slow as at the login form), and one of the
   * address's registrations either way. Those are kept under the 'address'
   * scope (the table's CHECK allows no other) with a key no address digests to.
   */
  register(address: string): Promise<ThrottledAttempt> {
    return this.attempt([
      { scope: 'address', key: digest(address), limit: this.limits.perAddress },
      {
        scope: 'address',
        key: digest(`registration ${address}`),
        limit: this.limits.registrationsPerAddress,
        kept: true,
      },
    ]);
  }

  /**
   * Records the attempt first, as a failure, and only then counts the others:
   * of any number of attempts made at the same moment (by any app process), at
   * most the limit can find fewer than the limit before them, so a burst of
   * parallel guesses gets no more tries than a slow one. A refused attempt is
   * not kept, so "wait N minutes" stays true for someone who retries early.
   */
  private async attempt(counted: Counted[], forgetOnSuccess?: SQL): Promise<ThrottledAttempt> {
    const at = this.now();
    const own = await this.db
      .insert(loginAttempts)
      .values(counted.map(({ scope, key }) => ({ scope, key, attemptedAt: new Date(at) })))
      .returning({ id: loginAttempts.id, key: loginAttempts.key });
    const ownIds = own.map((row) => row.id);

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
    const keptKeys = new Set(counted.filter((c) => c.kept).map((c) => c.key));
    const failureIds = own.filter((row) => !keptKeys.has(row.key)).map((row) => row.id);
    return {
      waitMinutes: 0,
      succeeded: async () => {
        await this.db
          .delete(loginAttempts)
          .where(or(inArray(loginAttempts.id, failureIds), forgetOnSuccess));
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
