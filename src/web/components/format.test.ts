import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatPercent } from './format';

describe('the one date format (DD MMM YYYY)', () => {
  it('writes a calendar date with a two-digit day and the pickers’ month names', () => {
    expect(formatDate('2026-11-01')).toBe('01 Nov 2026');
    expect(formatDate('2026-09-30')).toBe('30 Sep 2026');
  });

  it('writes an instant the same way, at the bakery’s wall-clock time', () => {
    expect(formatDateTime('2026-11-02T08:19:00Z', 'Africa/Lagos')).toBe('02 Nov 2026, 09:19');
    // 23:30 UTC on 30 September is 00:30 on 1 October in Lagos.
    expect(formatDateTime('2026-09-30T23:30:00Z', 'Africa/Lagos')).toBe('01 Oct 2026, 00:30');
  });

  it('adds the seconds when asked, as the audit trail does', () => {
    expect(formatDateTime('2026-11-21T13:05:09Z', 'Africa/Lagos', { seconds: true })).toBe(
      '21 Nov 2026, 14:05:09',
    );
  });
});

describe('a rate in percent', () => {
  it('keeps the one decimal the server rounded to, and "-" when there is no rate', () => {
    expect(formatPercent(12.5)).toBe('12.5%');
    expect(formatPercent(0)).toBe('0.0%');
    expect(formatPercent(100)).toBe('100.0%');
    expect(formatPercent(null)).toBe('-');
  });
});
