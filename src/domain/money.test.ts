import { describe, expect, it } from 'vitest';
import { formatNaira, fromKobo, hasAtMostDecimals, sumKobo, toKobo } from './money';

describe('toKobo', () => {
  it('converts naira to whole kobo exactly', () => {
    expect(toKobo(1234.5)).toBe(123450);
    expect(toKobo('0.10')).toBe(10);
    expect(toKobo(0.1 + 0.2)).toBe(30);
    expect(toKobo(-12.34)).toBe(-1234);
  });

  it('rounds a third kobo decimal half away from zero', () => {
    expect(toKobo(1.005)).toBe(101);
    expect(toKobo(2.675)).toBe(268);
    expect(toKobo(-1.005)).toBe(-101);
  });

  it('refuses what is not an amount', () => {
    expect(() => toKobo(Number.NaN)).toThrow(RangeError);
    expect(() => toKobo('abc')).toThrow(RangeError);
  });
});

describe('sumKobo', () => {
  it('adds 0.1 three times to exactly 0.30', () => {
    const tenKobo = toKobo(0.1);
    expect(fromKobo(sumKobo([tenKobo, tenKobo, tenKobo]))).toBe(0.3);
  });
});

describe('formatNaira', () => {
  it('shows the naira sign, thousands separators and exactly 2 decimals', () => {
    expect(formatNaira(1234567.5)).toBe('₦1,234,567.50');
    expect(formatNaira(0)).toBe('₦0.00');
    expect(formatNaira(0.1 + 0.2)).toBe('₦0.30');
  });

  it('shows a negative amount with a minus sign', () => {
    expect(formatNaira(-50)).toBe('-₦50.00');
  });
});

describe('hasAtMostDecimals', () => {
  it('accepts up to the given places, float noise included', () => {
    expect(hasAtMostDecimals(12.34, 2)).toBe(true);
    expect(hasAtMostDecimals(0.1 + 0.2, 2)).toBe(true);
    expect(hasAtMostDecimals(12.345, 2)).toBe(false);
    expect(hasAtMostDecimals(1.001, 3)).toBe(true);
  });
});
