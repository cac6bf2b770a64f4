import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache';

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
