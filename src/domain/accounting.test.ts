import { describe, expect, it } from 'vitest';
import { accountingQuerySchema, periodRange, profitOf } from './accounting';

describe('periodRange', () => {
  it('runs weeks Monday to Sunday: a Sunday belongs to the week before the Monday', () => {
    // 22 Nov 2026 is a Sunday, 23 Nov a Monday.
    expect(periodRange('this_week', '2026-11-22')).toEqual({
      startDate: '2026-11-16',
      endDate: '2026-11-22',
    });
    expect(periodRange('this_week', '2026-11-23')).toEqual({
      startDate: '2026-11-23',
      endDate: '2026-11-29',
    });
  });

  it('crosses month and year ends for weeks', () => {
    expect(periodRange('this_week', '2027-01-01')).toEqual({
      startDate: '2026-12-28',
      endDate: '2027-01-03',
    });
  });

  it('gives whole calendar months, including February of a leap year', () => {
    expect(periodRange('this_month', '2028-02-10')).toEqual({
      startDate: '2028-02-01',
      endDate: '2028-02-29',
    });
    expect(periodRange('last_month', '2027-01-15')).toEqual({
      startDate: '2026-12-01',
      endDate: '2026-12-31',
    });
  });

  it('gives today, this year and last year', () => {
    expect(periodRange('today', '2026-11-21')).toEqual({
      startDate: '2026-11-21',
      endDate: '2026-11-21',
    });
    expect(periodRange('this_year', '2026-11-21')).toEqual({
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    });
    expect(periodRange('last_year', '2026-11-21')).toEqual({
      startDate: '2025-01-01',
      endDate: '2025-12-31',
    });
  });
});

describe('profitOf', () => {
  it('is income minus expenditure to the kobo, with the margin to 1 decimal', () => {
    expect(profitOf(0.3, 0.1)).toEqual({ amount: 0.2, margin: 66.7 });
    expect(profitOf(1000, 1250.5)).toEqual({ amount: -250.5, margin: -25.1 });
  });

  it('has a margin of 0 when there is no income', () => {
    expect(profitOf(0, 500)).toEqual({ amount: -500, margin: 0 });
  });
});

describe('accountingQuerySchema', () => {
  const issues = (query: Record<string, string>) => {
    const result = accountingQuerySchema.safeParse(query);
    return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
  };

  it('takes a period, or a start and end date', () => {
    expect(issues({ period: 'this_week' })).toEqual([]);
    expect(issues({ startDate: '2026-11-01', endDate: '2026-11-21' })).toEqual([]);
    expect(issues({})).toEqual([]);
  });

  it('refuses half a range, a range that ends first, both kinds at once and bad dates', () => {
    expect(issues({ startDate: '2026-11-01' })).toEqual([
      ['endDate', 'Please select both start and end dates'],
    ]);
    expect(issues({ startDate: '2026-11-21', endDate: '2026-11-01' })).toEqual([
      ['endDate', 'End date cannot be before the start date'],
    ]);
    expect(issues({ period: 'today', startDate: '2026-11-01', endDate: '2026-11-02' })).toEqual([
      ['period', 'Send a period or a start and end date, not both'],
    ]);
    expect(issues({ startDate: '1899-12-31', endDate: '2026-11-02' })).toEqual([
      ['startDate', 'Start date cannot be before 1900-01-01'],
    ]);
    expect(issues({ period: 'fortnight' })).toEqual([['period', 'Choose a period']]);
    expect(issues({ startDate: '2026-13-01', endDate: '2026-11-02' })[0]?.[1]).toBe(
      'Start date must be a date (yyyy-MM-dd)',
    );
  });
});
