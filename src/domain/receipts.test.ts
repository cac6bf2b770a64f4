import { describe, expect, it } from 'vitest';
import { nairaInWords, receiptLabel, receiptMessage, wholeInWords } from './receipts';

describe('receiptLabel', () => {
  it('pads to six digits and grows past them', () => {
    expect(receiptLabel(1)).toBe('RCT-000001');
    expect(receiptLabel(123)).toBe('RCT-000123');
    expect(receiptLabel(999_999)).toBe('RCT-999999');
    expect(receiptLabel(1_234_567)).toBe('RCT-1234567');
  });
});

describe('nairaInWords', () => {
  it.each([
    [0, 'Zero naira'],
    [0.01, 'One kobo'],
    [0.1, 'Ten kobo'],
    [0.99, 'Ninety-nine kobo'],
    [1, 'One naira'],
    [11, 'Eleven naira'],
    [21, 'Twenty-one naira'],
    [100, 'One hundred naira'],
    [110, 'One hundred and ten naira'],
    [999, 'Nine hundred and ninety-nine naira'],
    [1000, 'One thousand naira'],
    [1001, 'One thousand and one naira'],
    [1100, 'One thousand, one hundred naira'],
    [12_500.5, 'Twelve thousand, five hundred naira and fifty kobo'],
    [45_067.05, 'Forty-five thousand and sixty-seven naira and five kobo'],
    [100_000, 'One hundred thousand naira'],
    [1_000_000.5, 'One million naira and fifty kobo'],
    [1_000_001, 'One million and one naira'],
    [1_020_000, 'One million, twenty thousand naira'],
    [
      1_234_567.89,
      'One million, two hundred and thirty-four thousand, five hundred and sixty-seven naira and eighty-nine kobo',
    ],
    [
      999_999_999_999.99,
      'Nine hundred and ninety-nine billion, nine hundred and ninety-nine million, nine hundred and ninety-nine thousand, nine hundred and ninety-nine naira and ninety-nine kobo',
    ],
  ])('%s is "%s"', (amount, words) => {
    expect(nairaInWords(amount)).toBe(words);
  });

  it('is exact to the kobo where floating point is not', () => {
    expect(nairaInWords(0.1 + 0.2)).toBe('Thirty kobo');
    expect(nairaInWords(1.005)).toBe('One naira and one kobo');
  });

  it('refuses what is not an amount', () => {
    expect(() => nairaInWords(-1)).toThrow(RangeError);
    expect(() => wholeInWords(1.5)).toThrow(RangeError);
  });
});

describe('receiptMessage', () => {
  it('names the bakery, the receipt, the amount in figures and words, the date and the method', () => {
    expect(
      receiptMessage({
        bakery: 'Golden Crust Bakery',
        label: 'RCT-000042',
        amount: 12_500.5,
        amountInWords: 'Twelve thousand, five hundred naira and fifty kobo',
        date: 'Thu, 26 Nov 2026',
        paymentMethod: 'bank_transfer',
      }),
    ).toBe(
      'Receipt RCT-000042 from Golden Crust Bakery: received ₦12,500.50 (Twelve thousand, five hundred naira and fifty kobo) on Thu, 26 Nov 2026 by Bank Transfer. Thank you.',
    );
  });

  it('leaves out a bakery name not set yet', () => {
    expect(
      receiptMessage({
        bakery: '',
        label: 'RCT-000001',
        amount: 1,
        amountInWords: 'One naira',
        date: 'Thu, 26 Nov 2026',
        paymentMethod: 'cash',
      }),
    ).toMatch(/^Receipt RCT-000001: received ₦1\.00/);
  });
});
