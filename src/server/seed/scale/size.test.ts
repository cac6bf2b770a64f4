import { describe, expect, it } from 'vitest';
import { FULL_SCALE, scaleOf } from './size';

describe('scaleOf', () => {
  it('is the five-year size itself at five years, so seed:scale makes the same data as before', () => {
    expect(scaleOf(5)).toEqual(FULL_SCALE);
  });

  it('keeps the bakery and scales its history with the years', () => {
    expect(scaleOf(1)).toEqual({
      years: 1,
      sales: 200_000,
      payments: 40_000,
      returns: 20_000,
      batches: 10_000,
      distributors: FULL_SCALE.distributors,
      items: FULL_SCALE.items,
    });
  });

  it('keeps at least one record of each kind for a few days of history', () => {
    expect(scaleOf(0.001)).toMatchObject({ returns: 20, payments: 40 });
    expect(scaleOf(0.00001).returns).toBe(1);
  });
});
