import { describe, expect, it } from 'vitest';
import {
  addKobo,
  costToKobo,
  divideKobo,
  exactCost,
  formatNaira,
  fromKobo,
  hasAtMostDecimals,
  multiplyKobo,
  roundNaira,
  subtractKobo,
  subtractNaira,
  sumKobo,
  sumNaira,
  toKobo,
} from './money';

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

describe('addKobo and subtractKobo', () => {
  it('add and take away whole kobo exactly', () => {
    expect(addKobo(toKobo(0.1), toKobo(0.2))).toBe(30);
    expect(fromKobo(addKobo(toKobo(0.1), toKobo(0.2)))).toBe(0.3);
    expect(subtractKobo(toKobo(0.3), toKobo(0.1))).toBe(20);
    expect(subtractKobo(toKobo(1), toKobo(2.5))).toBe(-150);
  });
});

describe('multiplyKobo', () => {
  it('multiplies by whole loaves exactly', () => {
    expect(multiplyKobo(toKobo(0.1), 3)).toBe(30);
    expect(multiplyKobo(toKobo(450.5), 1_000)).toBe(45_050_000);
    expect(multiplyKobo(toKobo(12.34), 0)).toBe(0);
  });

  it('rounds a fractional quantity once, half away from zero', () => {
    expect(multiplyKobo(toKobo(0.01), 0.5)).toBe(1);
    expect(multiplyKobo(toKobo(-0.01), 0.5)).toBe(-1);
    expect(multiplyKobo(toKobo(0.01), 0.499)).toBe(0);
    expect(multiplyKobo(toKobo(10.5), 0.105)).toBe(110);
  });
});

describe('divideKobo', () => {
  it('shares to the kobo, half away from zero', () => {
    expect(divideKobo(toKobo(1000), 3)).toBe(33_333);
    expect(divideKobo(toKobo(2000), 3)).toBe(66_667);
    expect(divideKobo(toKobo(0.05), 2)).toBe(3);
    expect(divideKobo(toKobo(-0.05), 2)).toBe(-3);
  });
});

describe('exactCost and costToKobo', () => {
  it('multiplies quantity by unit cost without float noise, then rounds once', () => {
    expect(costToKobo(exactCost(0.105, 10))).toBe(105);
    expect(costToKobo(exactCost(3, 0.3333))).toBe(100);
    expect(costToKobo(exactCost(1, 0.0049))).toBe(0);
    expect(costToKobo(exactCost(1, 0.005))).toBe(1);
    expect(costToKobo(exactCost(-1, 0.005))).toBe(-1);
  });

  it('adds lines before rounding, so three thirds of a kobo make one', () => {
    const third = exactCost(1, 0.0033) + exactCost(1, 0.0033) + exactCost(1, 0.0034);
    expect(costToKobo(third)).toBe(1);
  });
});

describe('roundNaira', () => {
  it('rounds to the kobo, half away from zero', () => {
    expect(roundNaira(1.005)).toBe(1.01);
    expect(roundNaira(-1.005)).toBe(-1.01);
    expect(roundNaira(0.1 + 0.2)).toBe(0.3);
  });
});

describe('sumNaira and subtractNaira', () => {
  it('adds 0.1 naira ten times to exactly 100 kobo', () => {
    const tenTimes = sumNaira(Array.from({ length: 10 }, () => 0.1));
    expect(tenTimes).toBe(1);
    expect(toKobo(tenTimes)).toBe(100);
    expect(sumKobo(Array.from({ length: 10 }, () => toKobo(0.1)))).toBe(100);
  });

  it('sums nothing to 0 and takes away exactly', () => {
    expect(sumNaira([])).toBe(0);
    expect(subtractNaira(0.3, 0.1)).toBe(0.2);
    expect(subtractNaira(100, 100.01)).toBe(-0.01);
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
