import { describe, expect, it } from 'vitest';
import { toKobo } from './money';
import {
  averageBatchKg,
  batchIngredientCost,
  type CostedItem,
  convertQuantity,
  costPerLoaf,
  defaultBatchNumber,
  durationHours,
  freeBatchNumber,
  isFlourItem,
  percentChange,
  scaledRequirement,
  unitMismatchMessage,
  unitsFit,
} from './production';

const LAGOS = 'Africa/Lagos';
const ITEM = '7f0c2a8e-7a8a-4e43-9d36-1c2b6f3f1a11';

describe('unitsFit', () => {
  it.each([
    ['kg', 'kg'],
    ['kg', 'g'],
    ['g', 'kg'],
    ['g', 'g'],
    ['liters', 'liters'],
    ['ml', 'liters'],
    ['liters', 'ml'],
    ['units', 'units'],
  ])('lets a line in %s be taken from an item kept in %s', (recipeUnit, itemUnit) => {
    expect(unitsFit(recipeUnit, itemUnit)).toBe(true);
  });

  it.each([
    ['kg', 'liters'],
    ['ml', 'kg'],
    ['g', 'units'],
    ['units', 'kg'],
    ['liters', 'g'],
    ['kg', '%'],
    ['%', '%'],
    ['cups', 'kg'],
  ])('refuses a line in %s for an item kept in %s', (recipeUnit, itemUnit) => {
    expect(unitsFit(recipeUnit, itemUnit)).toBe(false);
  });

  it('names the ingredient, its unit and the refused unit in the mismatch message', () => {
    expect(unitMismatchMessage('Salt', 'liters', 'g')).toBe(
      'Salt is kept in g, so it cannot be measured in liters',
    );
  });
});

describe('convertQuantity', () => {
  it('converts between kg and g (1 kg = 1000 g)', () => {
    expect(convertQuantity(1, 'kg', 'g')).toBe(1000);
    expect(convertQuantity(2.5, 'kg', 'g')).toBe(2500);
    expect(convertQuantity(500, 'g', 'kg')).toBe(0.5);
    expect(convertQuantity(20, 'g', 'kg')).toBe(0.02);
    expect(convertQuantity(1234.5, 'g', 'kg')).toBe(1.235);
  });

  it('converts between liters and ml (1 liter = 1000 ml)', () => {
    expect(convertQuantity(750, 'ml', 'liters')).toBe(0.75);
    expect(convertQuantity(0.3, 'liters', 'ml')).toBe(300);
    expect(convertQuantity(1.5, 'liters', 'liters')).toBe(1.5);
  });

  it('keeps units as they are', () => {
    expect(convertQuantity(12, 'units', 'units')).toBe(12);
  });

  it('refuses to convert across families', () => {
    expect(() => convertQuantity(1, 'kg', 'ml')).toThrow(RangeError);
    expect(() => convertQuantity(1, 'kg', 'ml')).toThrow('Cannot convert kg to ml');
    expect(() => convertQuantity(1, 'liters', 'g')).toThrow(RangeError);
    expect(() => convertQuantity(1, 'units', 'kg')).toThrow(RangeError);
    expect(() => convertQuantity(1, 'kg', '%')).toThrow(RangeError);
  });

  it('rounds to 3 decimals without float noise', () => {
    // 0.1 + 0.2 is 0.30000000000000004 in floating point.
    expect(convertQuantity(0.1 + 0.2, 'kg', 'kg')).toBe(0.3);
    expect(convertQuantity(0.1 * 3, 'liters', 'liters')).toBe(0.3);
    // 1.005 kg is 1004.9999999999999 g as a float product.
    expect(convertQuantity(1.005, 'kg', 'g')).toBe(1005);
    expect(convertQuantity(0.07, 'kg', 'g')).toBe(70);
    expect(convertQuantity(1, 'g', 'kg')).toBe(0.001);
    expect(convertQuantity(0.4, 'g', 'kg')).toBe(0);
    expect(convertQuantity(0.5, 'g', 'kg')).toBe(0.001);
    expect(convertQuantity(1.0005, 'kg', 'kg')).toBe(1.001);
  });
});

describe('scaledRequirement', () => {
  it('scales 20 g of yeast per 1 kg base to 25 kg of flour, in an item kept in kg', () => {
    expect(scaledRequirement({ itemId: ITEM, quantity: 20, unit: 'g' }, 1, 25, 'kg')).toBe(0.5);
  });

  it('scales by flourKg / baseFlourKg', () => {
    // 30 g per 1.5 kg base, for 2.5 kg of flour: 50 g.
    expect(scaledRequirement({ itemId: ITEM, quantity: 30, unit: 'g' }, 1.5, 2.5, 'g')).toBe(50);
    expect(scaledRequirement({ itemId: ITEM, quantity: 30, unit: 'g' }, 1.5, 2.5, 'kg')).toBe(0.05);
    // 2 kg per 10 kg base, for 5 kg of flour: 1 kg.
    expect(scaledRequirement({ itemId: ITEM, quantity: 2, unit: 'kg' }, 10, 5, 'kg')).toBe(1);
  });

  it('converts millilitres to liters and kilograms to grams', () => {
    expect(scaledRequirement({ itemId: ITEM, quantity: 30, unit: 'ml' }, 1, 25, 'liters')).toBe(
      0.75,
    );
    // 0.018 × 25 is 0.44999999999999996 in floating point: 450 g exactly.
    expect(scaledRequirement({ itemId: ITEM, quantity: 0.018, unit: 'kg' }, 1, 25, 'g')).toBe(450);
  });

  it('has no float noise: 0.1 kg per kg for 3 kg is 0.3', () => {
    expect(scaledRequirement({ itemId: ITEM, quantity: 0.1, unit: 'kg' }, 1, 3, 'kg')).toBe(0.3);
    expect(scaledRequirement({ itemId: ITEM, quantity: 0.7, unit: 'kg' }, 1, 0.1, 'kg')).toBe(0.07);
  });

  it('counts units', () => {
    expect(scaledRequirement({ itemId: ITEM, quantity: 2, unit: 'units' }, 1, 12.5, 'units')).toBe(
      25,
    );
  });

  it('refuses a line that cannot be measured in the item unit', () => {
    expect(() =>
      scaledRequirement({ itemId: ITEM, quantity: 20, unit: 'g' }, 1, 25, 'liters'),
    ).toThrow(RangeError);
  });
});

const costed = (name: string, unitCost: number, extra: Partial<CostedItem> = {}): CostedItem => ({
  id: name,
  name,
  category: 'ingredients',
  unit: 'kg',
  unitCost,
  ...extra,
});

describe('isFlourItem', () => {
  it('is an ingredient whose name contains flour, in any case', () => {
    expect(isFlourItem(costed('Bread Flour', 1))).toBe(true);
    expect(isFlourItem(costed('FLOUR (Golden Penny)', 1))).toBe(true);
    expect(isFlourItem(costed('Wheat flour', 1))).toBe(true);
    expect(isFlourItem(costed('Flour sacks', 1, { category: 'packaging' }))).toBe(false);
    expect(isFlourItem(costed('Yeast', 1))).toBe(false);
  });
});

describe('batchIngredientCost and costPerLoaf', () => {
  const yeast = costed('Instant Yeast', 3500);
  const sugar = costed('Sugar', 900.25);
  const salt = costed('Salt', 0.35, { unit: 'g' });
  const flour = costed('Bread Flour', 1150.5);

  it('adds each quantity used times its unit cost, plus the flour when the recipe has none', () => {
    const cost = batchIngredientCost(
      [
        { item: yeast, quantity: 0.5 }, // 1,750.00
        { item: sugar, quantity: 2 }, // 1,800.50
        { item: salt, quantity: 450 }, // 157.50
      ],
      25,
      [flour], // 25 kg × 1,150.50 = 28,762.50
    );
    expect(cost).toBe(3_247_050);
    expect(costPerLoaf(cost, 100)).toBe(324.71);
  });

  it('adds no flour item when the recipe already uses one', () => {
    const otherFlour = costed('Whole Wheat Flour', 2000);
    const cost = batchIngredientCost(
      [
        { item: flour, quantity: 10 }, // 11,505.00
        { item: yeast, quantity: 0.15 }, // 525.00
      ],
      10,
      [otherFlour, flour],
    );
    expect(cost).toBe(1_203_000);
  });

  it('takes the first flour item from the inventory, in its order', () => {
    const cost = batchIngredientCost([], 2, [costed('Yeast', 99), flour, costed('Flour B', 1)]);
    expect(cost).toBe(230_100);
  });

  it('prices the flour in the flour item unit: 2 kg of a flour kept in g', () => {
    const cost = batchIngredientCost([], 2, [costed('Bread flour', 1.2, { unit: 'g' })]);
    // 2,000 g × 1.20 = 2,400.00
    expect(cost).toBe(240_000);
  });

  it('passes over items that are not ingredients or cannot be weighed', () => {
    const cost = batchIngredientCost([{ item: yeast, quantity: 1 }], 1, [
      costed('A flour bag', 99_999, { category: 'packaging' }),
      costed('Flour packs', 55_555, { unit: 'units' }),
      flour,
    ]);
    expect(cost).toBe(350_000 + 115_050);
  });

  it('adds nothing for the flour when the inventory has no flour item', () => {
    expect(batchIngredientCost([{ item: yeast, quantity: 1 }], 50, [yeast, sugar])).toBe(350_000);
    expect(batchIngredientCost([], 50, [])).toBe(0);
  });

  it('is exact to the kobo: three lines of 0.1 naira make 0.30', () => {
    const tenKobo = costed('Improver', 0.1);
    const cost = batchIngredientCost(
      [0, 1, 2].map((n) => ({ item: { ...tenKobo, id: `i${n}` }, quantity: 1 })),
      1,
      [],
    );
    expect(cost).toBe(30);
    // 0.3 × 0.1 is 0.030000000000000002 as a float: 3 kobo.
    expect(batchIngredientCost([{ item: tenKobo, quantity: 0.3 }], 1, [])).toBe(3);
  });

  it('adds the exact line values before rounding once, not each line to the kobo', () => {
    // 0.5 × 3,500.25 = 1,750.125 and 2.5 × 900.25 = 2,250.625: 4,000.75 exactly, not 4,000.76.
    const cost = batchIngredientCost(
      [
        { item: costed('Yeast', 3500.25), quantity: 0.5 },
        { item: sugar, quantity: 2.5 },
      ],
      1,
      [],
    );
    expect(cost).toBe(400_075);
  });

  it('divides the cost by whole loaves, rounded to the kobo; 0 without loaves', () => {
    expect(costPerLoaf(toKobo(1000), 3)).toBe(333.33);
    expect(costPerLoaf(toKobo(2000), 3)).toBe(666.67);
    expect(costPerLoaf(toKobo(32_470.5), 1)).toBe(32_470.5);
    expect(costPerLoaf(toKobo(1000), 0)).toBe(0);
    expect(costPerLoaf(toKobo(1000), -2)).toBe(0);
    expect(costPerLoaf(toKobo(1000), Number.NaN)).toBe(0);
  });
});

describe('defaultBatchNumber', () => {
  it('uses the Lagos calendar date and the last 3 digits of the timestamp', () => {
    // 23:30 UTC on the 21st is 00:30 on the 22nd in Lagos.
    expect(defaultBatchNumber(new Date('2026-11-21T23:30:00.042Z'), LAGOS)).toBe(
      'BATCH-20261122-042',
    );
    expect(defaultBatchNumber(new Date('2026-11-21T22:59:59.999Z'), LAGOS)).toBe(
      'BATCH-20261121-999',
    );
    expect(defaultBatchNumber(new Date('2027-01-05T08:00:00.000Z'), LAGOS)).toBe(
      'BATCH-20270105-000',
    );
  });

  it('follows another zone when configured', () => {
    expect(defaultBatchNumber(new Date('2026-11-21T23:30:00.123Z'), 'UTC')).toBe(
      'BATCH-20261121-123',
    );
  });

  it('matches the shape BATCH-yyyyMMdd-nnn', () => {
    expect(defaultBatchNumber(new Date(), LAGOS)).toMatch(/^BATCH-\d{8}-\d{3}$/);
  });
});

describe('freeBatchNumber', () => {
  it('keeps the default number when no batch of the day has it', () => {
    expect(freeBatchNumber('BATCH-20261121-314', new Set())).toBe('BATCH-20261121-314');
  });

  it('counts the last digits on past numbers taken, in any case, wrapping after 999', () => {
    const taken = new Set(['batch-20261121-998', 'batch-20261121-999', 'batch-20261121-000']);
    expect(freeBatchNumber('BATCH-20261121-998', taken)).toBe('BATCH-20261121-001');
  });

  it('adds a suffix when all thousand numbers of the day are taken', () => {
    const taken = new Set(
      Array.from({ length: 1000 }, (_, n) => `batch-20261121-${String(n).padStart(3, '0')}`),
    );
    taken.add('batch-20261121-314-2');
    expect(freeBatchNumber('BATCH-20261121-314', taken)).toBe('BATCH-20261121-314-3');
  });
});

describe('durationHours', () => {
  it('gives whole hours from start to completion', () => {
    expect(durationHours('2026-11-21T08:00:00.000Z', '2026-11-21T11:00:00.000Z')).toBe(3);
    expect(durationHours('2026-11-21T08:00:00.000Z', '2026-11-21T11:10:00.000Z')).toBe(3);
    expect(durationHours('2026-11-21T22:00:00.000Z', '2026-11-22T06:00:00.000Z')).toBe(8);
    expect(durationHours('2026-11-21T08:00:00.000Z', '2026-11-21T08:00:00.000Z')).toBe(0);
  });

  it('is null without a start or a completion', () => {
    expect(durationHours(null, '2026-11-21T11:00:00.000Z')).toBeNull();
    expect(durationHours('2026-11-21T08:00:00.000Z', null)).toBeNull();
    expect(durationHours(null, null)).toBeNull();
  });

  it('is never negative', () => {
    expect(durationHours('2026-11-21T11:00:00.000Z', '2026-11-21T08:00:00.000Z')).toBe(0);
  });
});

describe('percentChange', () => {
  it('compares this month with last, to 1 decimal', () => {
    expect(percentChange(120, 100)).toBe(20);
    expect(percentChange(50, 100)).toBe(-50);
    expect(percentChange(0, 100)).toBe(-100);
    expect(percentChange(1, 3)).toBe(-66.7);
    expect(percentChange(2, 3)).toBe(-33.3);
    expect(percentChange(4, 3)).toBe(33.3);
    expect(percentChange(75.5, 25)).toBe(202);
    expect(percentChange(100, 100)).toBe(0);
  });

  it('is null unless last month is above 0', () => {
    expect(percentChange(100, 0)).toBeNull();
    expect(percentChange(0, 0)).toBeNull();
    expect(percentChange(10, -5)).toBeNull();
  });
});

describe('averageBatchKg', () => {
  it('is the mean flour per batch to 1 decimal', () => {
    expect(averageBatchKg(100, 3)).toBe(33.3);
    expect(averageBatchKg(50, 2)).toBe(25);
    expect(averageBatchKg(10, 4)).toBe(2.5);
    expect(averageBatchKg(2, 3)).toBe(0.7);
    expect(averageBatchKg(75.5, 2)).toBe(37.8);
  });

  it('is 0 when there are no batches', () => {
    expect(averageBatchKg(0, 0)).toBe(0);
    expect(averageBatchKg(10, 0)).toBe(0);
  });
});
