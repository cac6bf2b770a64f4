import { describe, expect, it } from 'vitest';
import { type BakedBatch, placeLoavesLeft, splitStale, staleFrom } from './bread-stock';

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

describe('staleFrom', () => {
  it('is the Lagos midnight starting the day after the last day on sale', () => {
    // 23:30 in Lagos on 24 November (22:30 UTC): baked on the 24th, a 1-day loaf.
    const completed = new Date('2026-11-24T22:30:00.000Z');
    expect(staleFrom(completed, 1, 'Africa/Lagos').toISOString()).toBe('2026-11-24T23:00:00.000Z');
    expect(staleFrom(completed, 2, 'Africa/Lagos').toISOString()).toBe('2026-11-25T23:00:00.000Z');
  });

  it('counts the bakery day, not UTC: 00:30 in Lagos is the next day already', () => {
    const completed = new Date('2026-11-24T23:30:00.000Z');
    expect(staleFrom(completed, 1, 'Africa/Lagos').toISOString()).toBe('2026-11-25T23:00:00.000Z');
  });
});

describe('splitStale', () => {
  const holdings = placeLoavesLeft(150, baked).holdings; // B-3: 50, B-5: 100
  const lagos = 'Africa/Lagos';

  it('keeps every loaf on sale when the bread has no shelf life', () => {
    const split = splitStale(holdings, null, new Date('2027-01-01T00:00:00Z'), lagos);
    expect(split).toEqual({ fresh: holdings, staleLoaves: 0, staleFrom: null });
  });

  it('sets aside the loaves of batches past their shelf life, from the Lagos midnight on', () => {
    // B-3 (baked 3 November, 09:00 Lagos) with 2 days: stale from 5 November 00:00 Lagos.
    const justBefore = splitStale(holdings, 2, new Date('2026-11-04T22:59:59.999Z'), lagos);
    expect(justBefore.staleLoaves).toBe(0);
    const atMidnight = splitStale(holdings, 2, new Date('2026-11-04T23:00:00.000Z'), lagos);
    expect(atMidnight.staleLoaves).toBe(50);
    expect(atMidnight.fresh.map((h) => h.batchNumber)).toEqual(['B-5']);
    expect(atMidnight.staleFrom?.toISOString()).toBe('2026-11-04T23:00:00.000Z');
  });

  it('gives the newest stale moment when several batches went stale', () => {
    const split = splitStale(holdings, 1, new Date('2026-11-10T12:00:00Z'), lagos);
    expect(split.staleLoaves).toBe(150);
    expect(split.fresh).toEqual([]);
    expect(split.staleFrom?.toISOString()).toBe('2026-11-05T23:00:00.000Z');
  });
});
