import { describe, expect, it } from 'vitest';
import { type BakedBatch, placeLoavesLeft } from './bread-stock';

const batch = (n: number, loaves: number): BakedBatch => ({
  id: `id-${n}`,
  batchNumber: `B-${n}`,
  completedAt: `2026-11-${String(n).padStart(2, '0')}T08:00:00.000Z`,
  loaves,
});
// Newest first, as the database hands them over.
const baked = [batch(5, 100), batch(4, 0), batch(3, 80), batch(2, 120), batch(1, 50)];

describe('placeLoavesLeft', () => {
  it('puts the loaves left in the newest batches, listed oldest first', () => {
    expect(placeLoavesLeft(150, baked)).toEqual({
      holdings: [
        { id: 'id-3', batchNumber: 'B-3', completedAt: '2026-11-03T08:00:00.000Z', available: 50 },
        { id: 'id-5', batchNumber: 'B-5', completedAt: '2026-11-05T08:00:00.000Z', available: 100 },
      ],
      missing: 0,
    });
  });

  it('gives a whole batch when the loaves left end exactly at its edge', () => {
    const { holdings } = placeLoavesLeft(180, baked);
    expect(holdings.map((h) => [h.batchNumber, h.available])).toEqual([
      ['B-3', 80],
      ['B-5', 100],
    ]);
  });

  it('skips batches that baked nothing and lists none when nothing is left', () => {
    expect(placeLoavesLeft(0, baked)).toEqual({ holdings: [], missing: 0 });
    expect(placeLoavesLeft(-3, baked)).toEqual({ holdings: [], missing: 0 });
    expect(placeLoavesLeft(100, baked).holdings.map((h) => h.batchNumber)).toEqual(['B-5']);
  });

  it('says how many loaves the given batches could not place, so older ones are fetched', () => {
    const newest = baked.slice(0, 2);
    expect(placeLoavesLeft(130, newest)).toMatchObject({ missing: 30 });
    expect(placeLoavesLeft(350, baked)).toMatchObject({ missing: 0 });
    expect(placeLoavesLeft(351, baked).missing).toBe(1);
  });
});
