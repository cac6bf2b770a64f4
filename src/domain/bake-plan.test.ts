import { describe, expect, it } from 'vitest';
import {
  averageYield,
  mixNeeds,
  orderQuantity,
  planBatchNumber,
  planBread,
  shortfallOf,
  sumNeeds,
} from './bake-plan';

const settings = { marginPercent: 5, mixerCapacityKg: 25 };

describe('planBread', () => {
  it('adds the margin rounded up to whole loaves, then the adjustment', () => {
    const plan = planBread({ ordered: 130, adjustment: 4, loavesPerKg: 2.5, ...settings });
    // 5% of 130 is 6.5 → 7 loaves; 130 + 7 + 4 = 141 loaves ÷ 2.5 = 56.4 kg.
    expect(plan).toEqual({ margin: 7, loaves: 141, flourKg: 56.4, mixes: [18.8, 18.8, 18.8] });
  });

  it('rounds the flour up to the gram and gives the odd grams to the first mixes', () => {
    const plan = planBread({ ordered: 100, adjustment: 0, loavesPerKg: 3, ...settings });
    // 105 ÷ 3 = 35 kg exactly: 2 mixes of 17.5 kg.
    expect(plan.mixes).toEqual([17.5, 17.5]);
    const odd = planBread({ ordered: 10, adjustment: 0, loavesPerKg: 3, ...settings });
    // 11 loaves ÷ 3 = 3.6666… kg → 3.667 kg, one mix.
    expect(odd).toEqual({ margin: 1, loaves: 11, flourKg: 3.667, mixes: [3.667] });
    const split = planBread({
      ordered: 100,
      adjustment: 0,
      loavesPerKg: 1,
      marginPercent: 0,
      mixerCapacityKg: 40,
    });
    expect(split.mixes).toEqual([33.334, 33.333, 33.333]);
    expect(split.flourKg).toBe(100);
  });

  it('never plans below 0 loaves and leaves flour out without a yield', () => {
    expect(planBread({ ordered: 10, adjustment: -50, loavesPerKg: 2, ...settings })).toEqual({
      margin: 1,
      loaves: 0,
      flourKg: 0,
      mixes: [],
    });
    expect(planBread({ ordered: 10, adjustment: 0, loavesPerKg: null, ...settings })).toEqual({
      margin: 1,
      loaves: 11,
      flourKg: null,
      mixes: null,
    });
  });

  it('plans no mixes past 500 for a bread, from a yield or mixer typed wrong', () => {
    const typo = { ordered: 1000, adjustment: 0, marginPercent: 0, mixerCapacityKg: 0.001 };
    // 1000 loaves ÷ 2 per kg = 500 kg in mixes of 1 g: 500,000 mixes, none listed.
    expect(planBread({ ...typo, loavesPerKg: 2 })).toEqual({
      margin: 0,
      loaves: 1000,
      flourKg: 500,
      mixes: null,
      overMixes: 500_000,
    });
    const atTheLimit = planBread({ ...typo, loavesPerKg: 2, mixerCapacityKg: 1 });
    expect(atTheLimit.mixes).toHaveLength(500);
    expect(atTheLimit.overMixes).toBeUndefined();
    expect(planBread({ ...typo, loavesPerKg: 0.001, mixerCapacityKg: 0.001 }).overMixes).toBe(
      1_000_000_000,
    );
  });

  it('takes a margin with decimals exactly', () => {
    expect(
      planBread({
        ordered: 200,
        adjustment: 0,
        loavesPerKg: 2,
        marginPercent: 2.5,
        mixerCapacityKg: 25,
      }).margin,
    ).toBe(5);
    expect(planBread({ ordered: 0, adjustment: 3, loavesPerKg: 2, ...settings }).loaves).toBe(3);
  });
});

describe('ingredient needs', () => {
  const items = new Map([
    ['flour', { id: 'flour', unit: 'kg', currentStock: 30 }],
    ['yeast', { id: 'yeast', unit: 'g', currentStock: 100 }],
  ]);
  const recipe = {
    baseFlourKg: 10,
    ingredients: [
      { itemId: 'flour', quantity: 10, unit: 'kg' },
      { itemId: 'yeast', quantity: 0.1, unit: 'kg' },
      { itemId: 'gone', quantity: 1, unit: 'kg' },
    ],
  };

  it('scales each mix as its batch will and sums per item', () => {
    const needs = [18.8, 18.8, 18.8].flatMap((kg) => mixNeeds(recipe, kg, items));
    expect(sumNeeds(needs)).toEqual(
      new Map([
        ['flour', 56.4],
        ['yeast', 564],
      ]),
    );
  });

  it('gives the shortfall, never below 0', () => {
    expect(shortfallOf(56.4, 30)).toBe(26.4);
    expect(shortfallOf(10, 30)).toBe(0);
    expect(shortfallOf(0.3, -0.1)).toBe(0.4);
    expect(orderQuantity(2.2, 'units')).toBe(3);
    expect(orderQuantity(2.2, 'kg')).toBe(2.2);
  });
});

describe('the rest', () => {
  it('averages the yield of completed batches', () => {
    expect(averageYield(250, 100)).toBe(2.5);
    expect(averageYield(10, 3)).toBe(3.333);
    expect(averageYield(0, 0)).toBeNull();
  });

  it('numbers the plan batches by day', () => {
    expect(planBatchNumber('2026-11-26', 3)).toBe('PLAN-20261126-03');
  });
});
