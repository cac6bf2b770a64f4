import { describe, expect, it } from 'vitest';
import { balanceAfterSale, creditPosition, creditTermsSchema, isOverLimit } from './credit';

describe('credit limits', () => {
  it('works out the balance after a sale and what is left under the limit, in kobo', () => {
    expect(balanceAfterSale(0.1, 0.2, 0)).toBe(0.3);
    expect(balanceAfterSale(100, 50, 75.5)).toBe(74.5);
    expect(creditPosition(9999.99, 10_000, 7).headroom).toBe(0.01);
    expect(creditPosition(500, null, null).headroom).toBeNull();
  });

  it('is over only above the limit and only when the sale raises the balance', () => {
    expect(isOverLimit(9000, 10_000, 10_000)).toBe(false);
    expect(isOverLimit(9000, 10_000.01, 10_000)).toBe(true);
    expect(isOverLimit(12_000, 12_000, 10_000)).toBe(false);
    expect(isOverLimit(12_000, 11_000, 10_000)).toBe(false);
    expect(isOverLimit(0, 1_000_000, null)).toBe(false);
  });

  it('takes null for no limit and no terms', () => {
    expect(creditTermsSchema.parse({ creditLimit: null, paymentTermsDays: null })).toEqual({
      creditLimit: null,
      paymentTermsDays: null,
    });
    expect(creditTermsSchema.safeParse({ creditLimit: 5 }).success).toBe(false);
  });
});
