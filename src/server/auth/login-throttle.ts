/**
 * Slows down password guessing: too many failed sign-ins for one username, or
 * from one address, within the window are refused with 429 until the window
 * has passed. Counts are per app process.
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

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limits: ThrottleLimits = DEFAULT_THROTTLE,
    private readonly now: () => number = Date.now,
  ) {}

  /** Minutes until another attempt is allowed, or 0 when one is allowed now. */
  waitMinutes(username: string, address: string): number {
    const userWait = this.wait(`u:${username.toLowerCase()}`, this.limits.perUsername);
    const addressWait = this.wait(`a:${address}`, this.limits.perAddress);
    return Math.ceil(Math.max(userWait, addressWait) / 60_000);
  }

  recordFailure(username: string, address: string): void {
    for (const key of [`u:${username.toLowerCase()}`, `a:${address}`]) {
      const recent = this.recent(key);
      recent.push(this.now());
      this.failures.set(key, recent);
    }
  }

  recordSuccess(username: string): void {
    this.failures.delete(`u:${username.toLowerCase()}`);
  }

  private wait(key: string, limit: number): number {
    const recent = this.recent(key);
    if (recent.length < limit) return 0;
    const oldestCounted = recent[recent.length - limit] ?? this.now();
    return oldestCounted + this.limits.windowMs - this.now();
  }

  private recent(key: string): number[] {
    const since = this.now() - this.limits.windowMs;
    const recent = (this.failures.get(key) ?? []).filter((at) => at > since);
    if (recent.length === 0) this.failures.delete(key);
    return recent;
  }
}
