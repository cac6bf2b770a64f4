import { describe, expect, it } from 'vitest';
import { businessDateDigits, businessMonth } from './time';

const LAGOS = 'Africa/Lagos';
const iso = (range: { start: Date; end: Date }) => ({
  start: range.start.toISOString(),
  end: range.end.toISOString(),
});

describe('businessMonth', () => {
  it('runs from Lagos midnight on the 1st to Lagos midnight on the 1st of the next month', () => {
    expect(iso(businessMonth(new Date('2026-11-15T12:00:00Z'), LAGOS))).toEqual({
      start: '2026-10-31T23:00:00.000Z',
      end: '2026-11-30T23:00:00.000Z',
    });
  });

  it('puts 00:30 Lagos on the 1st in the new month, though UTC is still in the old one', () => {
    expect(iso(businessMonth(new Date('2026-11-30T23:30:00Z'), LAGOS))).toEqual({
      start: '2026-11-30T23:00:00.000Z',
      end: '2026-12-31T23:00:00.000Z',
    });
  });

  it('puts 23:30 Lagos on the last day in that month', () => {
    expect(iso(businessMonth(new Date('2026-11-30T22:30:00Z'), LAGOS))).toEqual({
      start: '2026-10-31T23:00:00.000Z',
      end: '2026-11-30T23:00:00.000Z',
    });
  });

  it('gives last month with monthsAgo = 1', () => {
    expect(iso(businessMonth(new Date('2026-11-15T12:00:00Z'), LAGOS, 1))).toEqual({
      start: '2026-09-30T23:00:00.000Z',
      end: '2026-10-31T23:00:00.000Z',
    });
  });

  it('crosses a year end going back', () => {
    // 00:30 Lagos on 1 January 2027: this month is January, last month December 2026.
    const newYear = new Date('2026-12-31T23:30:00Z');
    expect(iso(businessMonth(newYear, LAGOS))).toEqual({
      start: '2026-12-31T23:00:00.000Z',
      end: '2027-01-31T23:00:00.000Z',
    });
    expect(iso(businessMonth(newYear, LAGOS, 1))).toEqual({
      start: '2026-11-30T23:00:00.000Z',
      end: '2026-12-31T23:00:00.000Z',
    });
    expect(iso(businessMonth(new Date('2027-02-10T12:00:00Z'), LAGOS, 3))).toEqual({
      start: '2026-10-31T23:00:00.000Z',
      end: '2026-11-30T23:00:00.000Z',
    });
    expect(iso(businessMonth(new Date('2027-01-10T12:00:00Z'), LAGOS, 12))).toEqual({
      start: '2025-12-31T23:00:00.000Z',
      end: '2026-01-31T23:00:00.000Z',
    });
  });

  it('has the right length for February in a leap year', () => {
    expect(iso(businessMonth(new Date('2028-02-29T12:00:00Z'), LAGOS))).toEqual({
      start: '2028-01-31T23:00:00.000Z',
      end: '2028-02-29T23:00:00.000Z',
    });
  });

  it('follows another zone when configured', () => {
    expect(iso(businessMonth(new Date('2026-11-30T23:30:00Z'), 'UTC'))).toEqual({
      start: '2026-11-01T00:00:00.000Z',
      end: '2026-12-01T00:00:00.000Z',
    });
  });

  it('follows daylight saving in the zone (Europe/London, March 2026)', () => {
    expect(iso(businessMonth(new Date('2026-03-15T12:00:00Z'), 'Europe/London'))).toEqual({
      start: '2026-03-01T00:00:00.000Z',
      end: '2026-03-31T23:00:00.000Z',
    });
  });
});

describe('businessDateDigits', () => {
  it('gives yyyyMMdd of the Lagos calendar day', () => {
    expect(businessDateDigits(new Date('2026-11-21T23:30:00Z'), LAGOS)).toBe('20261122');
    expect(businessDateDigits(new Date('2026-11-21T22:30:00Z'), LAGOS)).toBe('20261121');
    expect(businessDateDigits(new Date('2026-12-31T23:00:00Z'), LAGOS)).toBe('20270101');
    expect(businessDateDigits(new Date('2026-01-05T10:00:00Z'), LAGOS)).toBe('20260105');
  });
});
