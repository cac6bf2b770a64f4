import { describe, expect, it } from 'vitest';
import { ReadCache, serializeReply } from './read-cache';

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
    const cache = new ReadCache(0);
    let calls = 0;
    await cache.get('k', async () => ++calls);
    expect(await cache.get('k', async () => ++calls)).toBe(2);
  });

  it('does not keep a failed computation', async () => {
    const cache = new ReadCache();
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow(
      'db down',
    );
    expect(await cache.get('k', async () => 'fine')).toBe('fine');
  });
});

describe('serializeReply', () => {
  it('serializes a cached value once, and anything else every time', async () => {
    const cache = new ReadCache();
    const report = await cache.get('report', async () => ({ rows: [{ loaves: 400 }] }));
    const json = serializeReply(report);
    expect(json).toBe('{"rows":[{"loaves":400}]}');
    // A second call hands back the very string kept from the first.
    report.rows.push({ loaves: 1 });
    expect(serializeReply(report)).toBe(json);

    const fresh = { rows: [{ loaves: 400 }] };
    expect(serializeReply(fresh)).toBe(json);
    fresh.rows.push({ loaves: 1 });
    expect(serializeReply(fresh)).toBe('{"rows":[{"loaves":400},{"loaves":1}]}');
    expect(serializeReply('text')).toBe('"text"');
    expect(serializeReply(null)).toBe('null');
  });
});
