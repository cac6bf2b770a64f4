import { describe, expect, it } from 'vitest';
import { quantityDifference } from './quantity';

describe('quantityDifference', () => {
  it('is exact to the thousandth, without float noise', () => {
    expect(quantityDifference(10.1, 10)).toBe(0.1);
    expect(quantityDifference(0.3, 0.1)).toBe(0.2);
    expect(quantityDifference(5, 12.345)).toBe(-7.345);
    expect(quantityDifference(4, 4)).toBe(0);
  });
});
