import { describe, expect, it } from 'vitest';
import { priceReturns, settlementFigures, settlementSchema } from './settlement';

const loaded = [
  { recipeName: 'Agege', loaded: 7, pricePerLoaf: 500 },
  { recipeName: 'Sardine', loaded: 3, pricePerLoaf: 250.15 },
  { recipeName: 'Wheat', loaded: 0, pricePerLoaf: 800 },
];

describe('priceReturns', () => {
  it('prices each return at the price its bread was loaded at that day', () => {
    const { returns, problems } = priceReturns(loaded, [
      { recipeName: 'Sardine', loaves: 1, reason: 'spoiled' },
      { recipeName: 'Sardine', loaves: 2, reason: 'damaged' },
    ]);
    expect(problems).toEqual([]);
    expect(returns.map((r) => [r.reason, r.loaves, r.pricePerLoaf])).toEqual([
      ['spoiled', 1, 250.15],
      ['damaged', 2, 250.15],
    ]);
  });

  it('refuses more of a bread, over all its reasons, than was loaded, and a bread not loaded', () => {
    const { problems } = priceReturns(loaded, [
      { recipeName: 'Agege', loaves: 5, reason: 'spoiled' },
      { recipeName: 'Agege', loaves: 3, reason: 'other' },
      { recipeName: 'Wheat', loaves: 1, reason: 'spoiled' },
      { recipeName: 'Coconut', loaves: 1, reason: 'spoiled' },
    ]);
    expect(problems).toEqual([
      { path: 'returns.1.loaves', message: 'At most 7 loaves of Agege were loaded that day' },
      { path: 'returns.2.loaves', message: 'No Wheat was loaded that day' },
      { path: 'returns.3.loaves', message: 'No Coconut was loaded that day' },
    ]);
  });
});

describe('settlementFigures', () => {
  it('sums loaded and returned values in kobo, exactly', () => {
    const { returns } = priceReturns(loaded, [
      { recipeName: 'Sardine', loaves: 3, reason: 'spoiled' },
      { recipeName: 'Agege', loaves: 1, reason: 'damaged' },
    ]);
    expect(settlementFigures(loaded, returns, 1000.1)).toEqual({
      loavesLoaded: 10,
      valueLoaded: 4250.45,
      loavesReturned: 4,
      valueReturned: 1250.45,
      netSold: 6,
      netValue: 3000,
      collected: 1000.1,
    });
  });

  it('is all zero for a day with nothing loaded, returned or collected', () => {
    expect(settlementFigures([], [], 0)).toEqual({
      loavesLoaded: 0,
      valueLoaded: 0,
      loavesReturned: 0,
      valueReturned: 0,
      netSold: 0,
      netValue: 0,
      collected: 0,
    });
  });
});

describe('settlementSchema', () => {
  it('takes 0 collected, cash by default, and refuses a negative amount with the field message', () => {
    expect(settlementSchema.parse({ day: '2026-03-02', returns: [], collected: 0 })).toMatchObject({
      collected: 0,
      paymentMethod: 'cash',
    });
    const refused = settlementSchema.safeParse({ day: '2026-03-02', returns: [], collected: -1 });
    expect(refused.error?.issues[0]?.message).toBe('Collected cannot be negative');
  });
});
