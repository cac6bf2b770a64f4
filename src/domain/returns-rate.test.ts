import { describe, expect, it } from 'vitest';
import {
  isReturnsRateFlagged,
  returnsRatePercent,
  returnsRateThresholdSchema,
} from './returns-rate';

describe('returns rate', () => {
  it('is returned ÷ taken as a % to one decimal, none when nothing was taken', () => {
    expect(returnsRatePercent(300, 31)).toBe(10.3);
    expect(returnsRatePercent(3, 1)).toBe(33.3);
    expect(returnsRatePercent(40, 0)).toBe(0);
    expect(returnsRatePercent(0, 5)).toBeNull();
  });

  it('is flagged above the threshold, never at it, however the rate rounds', () => {
    expect(isReturnsRateFlagged(200, 20, 10)).toBe(false);
    expect(isReturnsRateFlagged(200, 21, 10)).toBe(true);
    // 10.004% shows as 10.0% but is above 10.
    expect(isReturnsRateFlagged(249_900, 25_001, 10)).toBe(true);
    expect(isReturnsRateFlagged(1000, 125, 12.5)).toBe(false);
    expect(isReturnsRateFlagged(1000, 126, 12.5)).toBe(true);
    expect(isReturnsRateFlagged(0, 3, 10)).toBe(true);
    expect(isReturnsRateFlagged(0, 0, 10)).toBe(false);
  });

  it('takes a threshold from 0 to 100 with at most 2 decimals', () => {
    expect(returnsRateThresholdSchema.safeParse(12.5).success).toBe(true);
    expect(returnsRateThresholdSchema.safeParse(-1).error?.issues[0]?.message).toBe(
      'Returns-rate threshold cannot be negative',
    );
    expect(returnsRateThresholdSchema.safeParse(100.5).success).toBe(false);
    expect(returnsRateThresholdSchema.safeParse(1.234).success).toBe(false);
  });
});
