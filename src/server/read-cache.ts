import { gzipSync } from 'node:zlib';

/**
 * Results of reads kept until anything is written: expensive ones (reports
 * over years of sales, summaries) and the ones nearly every call makes (its
 * session and its user, in a cache of their own). Every write request, in
 * this process or, through the database's change feed, in another one,
 * empties the cache before its answer goes out, so a reader never gets a
 * result older than the last write it could have seen. Concurrent requests
 * for one key share a single computation. Entries also expire after
 * `maxAgeMs`, a bound for changes made outside the app (a restore, psql).
 */
export class ReadCache {
  private readonly entries = new Map<string, { value: unknown; storedAt: number }>();
  private readonly running = new Map<string, Promise<unknown>>();
  /** Bumped by every invalidation; a computation started before one is not stored. */
  private generation = 0;

  private readonly maxAgeMs: number;
  private readonly maxEntries: number;
  /** false (READ_CACHE=off): nothing kept or shared, so every read pays its full cost. */
  private readonly enabled: boolean;
  /** The time in ms since the epoch; tests pass a clock they move, instead of waiting. */
  private readonly now: () => number;

  constructor({
    maxAgeMs = 60_000,
    maxEntries = 1_000,
    enabled = true,
    now = Date.now,
  }: { maxAgeMs?: number; maxEntries?: number; enabled?: boolean; now?: () => number } = {}) {
    this.maxAgeMs = maxAgeMs;
    this.maxEntries = maxEntries;
    this.enabled = enabled;
    this.now = now;
  }

  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
    this.running.clear();
  }

  async get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    if (!this.enabled) return compute();
    const entry = this.entries.get(key);
    if (entry && this.now() - entry.storedAt < this.maxAgeMs) return entry.value as T;
    const shared = this.running.get(key);
    if (shared) return shared as Promise<T>;
    const startedIn = this.generation;
    const computation = compute().then((value) => {
      if (this.generation === startedIn) this.store(key, value);
      return value;
    });
    this.running.set(key, computation);
    try {
      return await computation;
    } finally {
      if (this.running.get(key) === computation) this.running.delete(key);
    }
  }

  private store(key: string, value: unknown) {
    if (typeof value === 'object' && value !== null) cachedValues.add(value);
    if (this.entries.size >= this.maxEntries) {
      // Oldest first: a Map iterates in insertion order.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, storedAt: this.now() });
  }
}

/** Values some ReadCache holds: they stay as they are until dropped, so their JSON can be kept. */
const cachedValues = new WeakSet<object>();
const jsonOf = new WeakMap<object, string>();
const gzipOf = new WeakMap<object, Buffer>();

/** Below this, gzip saves too little to be worth a header. */
const GZIP_FROM_CHARACTERS = 1024;

/** A cached value's JSON, made once per value; undefined for anything not cached. */
export function cachedJson(
  value: unknown,
  serialize: (value: unknown) => string = JSON.stringify,
): string | undefined {
  if (typeof value !== 'object' || value === null || !cachedValues.has(value)) return;
  let json = jsonOf.get(value);
  if (json === undefined) {
    json = serialize(value);
    jsonOf.set(value, json);
  }
  return json;
}

/**
 * A cached value's JSON gzipped, made once per value; undefined for anything
 * not cached or too small. Reports and lists of hundreds of rows shrink about
 * tenfold, which a phone on a slow network feels.
 */
export function cachedGzip(value: unknown): Buffer | undefined {
  const json = cachedJson(value);
  // Characters, not bytes: counting the bytes would read the whole answer on every call.
  if (json === undefined || json.length < GZIP_FROM_CHARACTERS) return;
  const key = value as object;
  let gzip = gzipOf.get(key);
  if (gzip === undefined) {
    gzip = gzipSync(json);
    gzipOf.set(key, gzip);
  }
  return gzip;
}
