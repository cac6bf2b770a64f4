import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cachedGzip, cachedJson, ReadCache } from './read-cache';

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
};

describe('ReadCache', () => {
  it('computes once and serves the stored result until invalidated', async () => {
    const cache = new ReadCache();
    let calls = 0;
    const compute = async () => ++calls;
    expect(await cache.get('k', compute)).toBe(1);
    expect(await cache.get('k', compute)).toBe(1);
    cache.invalidate();
    expect(await cache.get('k', compute)).toBe(2);
  });

  it('lets concurrent requests for one key share a single computation', async () => {
    const cache = new ReadCache();
    const gate = deferred<string>();
    let calls = 0;
    const compute = () => {
      calls += 1;
      return gate.promise;
    };
    const both = Promise.all([cache.get('k', compute), cache.get('k', compute)]);
    gate.resolve('report');
    expect(await both).toEqual(['report', 'report']);
    expect(calls).toBe(1);
  });

  it('does not store a result computed across a write, nor share it with later readers', async () => {
    const cache = new ReadCache();
    const before = deferred<string>();
    const first = cache.get('k', () => before.promise);
    cache.invalidate();
    // A reader arriving after the write starts afresh instead of joining the old computation.
    const second = cache.get('k', async () => 'after the write');
    before.resolve('before the write');
    expect(await first).toBe('before the write');
    expect(await second).toBe('after the write');
    expect(await cache.get('k', async () => 'recomputed')).toBe('after the write');
  });

  it('forgets entries older than the maximum age', async () => {
    const cache = new ReadCache({ maxAgeMs: 0 });
    let calls = 0;
    await cache.get('k', async () => ++calls);
    expect(await cache.get('k', async () => ++calls)).toBe(2);
  });

  it('keeps and shares nothing when switched off (READ_CACHE=off)', async () => {
    const cache = new ReadCache({ enabled: false });
    let calls = 0;
    const [first, second] = await Promise.all([
      cache.get('k', async () => ++calls),
      cache.get('k', async () => ++calls),
    ]);
    expect([first, second]).toEqual([1, 2]);
    expect(await cache.get('k', async () => ++calls)).toBe(3);
  });

  it('does not keep a failed computation', async () => {
    const cache = new ReadCache();
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow(
      'db down',
    );
    expect(await cache.get('k', async () => 'fine')).toBe('fine');
  });
});

describe('cachedJson and cachedGzip', () => {
  it('make the JSON and gzip of a cached value once, and nothing for values not cached', async () => {
    const cache = new ReadCache();
    const report = await cache.get('report', async () => ({ rows: [{ loaves: 400 }] }));
    const json = cachedJson(report);
    expect(json).toBe('{"rows":[{"loaves":400}]}');
    // Kept, not remade: the same string comes back.
    report.rows.push({ loaves: 1 });
    expect(cachedJson(report)).toBe(json);
    // Too small to be worth gzip.
    expect(cachedGzip(report)).toBeUndefined();

    const big = await cache.get('big', async () => ({
      rows: Array.from({ length: 200 }, (_, n) => ({ batch: `B-${n}`, loaves: 400 })),
    }));
    const gzip = cachedGzip(big);
    expect(gunzipSync(gzip as Buffer).toString('utf8')).toBe(cachedJson(big));
    expect(cachedGzip(big)).toBe(gzip);

    expect(cachedJson({ rows: [] })).toBeUndefined();
    expect(cachedJson('text')).toBeUndefined();
    expect(cachedJson(null)).toBeUndefined();
    expect(cachedGzip({ rows: [] })).toBeUndefined();
  });
});
