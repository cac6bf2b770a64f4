import { describe, expect, it } from 'vitest';
import { businessDate, businessDateRange, businessDay, formatClock } from './time';

describe('formatClock', () => {
  it('shows the date and 24-hour time in the business time zone', () => {
    // 23:30 UTC is already the next day, 00:30, in Lagos (UTC+1).
    const clock = formatClock(new Date('2026-11-21T23:30:00Z'), 'Africa/Lagos');
    expect(clock.time).toBe('00:30');
    expect(clock.date).toContain('22');
    expect(clock.date).toContain('Nov');
    expect(clock.date).toContain('2026');
    expect(clock.shortDate).toBe('Sun, 22 Nov');
  });

  it('follows another zone when configured', () => {
    expect(formatClock(new Date('2026-11-21T23:30:00Z'), 'UTC').time).toBe('23:30');
  });
});

describe('businessDay', () => {
  it('puts 23:30 Lagos time in that Lagos day, though it is 22:30 UTC', () => {
    const day = businessDay(new Date('2026-11-21T22:30:00Z'), 'Africa/Lagos');
    expect(day.start.toISOString()).toBe('2026-11-20T23:00:00.000Z');
    expect(day.end.toISOString()).toBe('2026-11-21T23:00:00.000Z');
  });

  it('puts 00:30 Lagos time in the new Lagos day, though UTC is still on the old one', () => {
    const day = businessDay(new Date('2026-11-21T23:30:00Z'), 'Africa/Lagos');
    expect(day.start.toISOString()).toBe('2026-11-21T23:00:00.000Z');
    expect(day.end.toISOString()).toBe('2026-11-22T23:00:00.000Z');
  });

  it('crosses month and year ends', () => {
    const day = businessDay(new Date('2026-12-31T23:15:00Z'), 'Africa/Lagos');
    expect(day.start.toISOString()).toBe('2026-12-31T23:00:00.000Z');
    expect(day.end.toISOString()).toBe('2027-01-01T23:00:00.000Z');
  });

  it('gives a 23-hour day when clocks go forward (Europe/London)', () => {
    const day = businessDay(new Date('2026-03-29T12:00:00Z'), 'Europe/London');
    expect(day.start.toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(day.end.toISOString()).toBe('2026-03-29T23:00:00.000Z');
  });
});

describe('businessDate', () => {
  it('moves to the next day at the zone’s midnight, to the millisecond, whichever was asked before', () => {
    const lagos = (iso: string) => businessDate(new Date(iso), 'Africa/Lagos');
    expect(lagos('2026-11-21T12:00:00Z')).toBe('2026-11-21');
    expect(lagos('2026-11-21T22:59:59.999Z')).toBe('2026-11-21');
    expect(lagos('2026-11-21T23:00:00.000Z')).toBe('2026-11-22');
    expect(lagos('2026-11-20T23:00:00.000Z')).toBe('2026-11-21');
    expect(lagos('2026-11-20T22:59:59.999Z')).toBe('2026-11-20');
    // Each zone keeps its own day: London's does not answer for Lagos.
    expect(businessDate(new Date('2026-11-21T23:30:00Z'), 'Europe/London')).toBe('2026-11-21');
    expect(lagos('2026-11-21T23:30:00Z')).toBe('2026-11-22');
  });

  it('follows a 23-hour day when clocks go forward (Europe/London)', () => {
    const london = (iso: string) => businessDate(new Date(iso), 'Europe/London');
    expect(london('2026-03-29T12:00:00Z')).toBe('2026-03-29');
    expect(london('2026-03-29T22:59:59.999Z')).toBe('2026-03-29');
    expect(london('2026-03-29T23:00:00.000Z')).toBe('2026-03-30');
  });
});

describe('formatters', () => {
  it('are built once per zone, not once per date formatted', () => {
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 3_600_000);
    // Warm both zones, then count what formatting many dates constructs.
    businessDate(at(0), 'Africa/Lagos');
    formatClock(at(0), 'UTC');
    const Original = Intl.DateTimeFormat;
    let built = 0;
    Intl.DateTimeFormat = class extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args);
        built += 1;
      }
    } as typeof Intl.DateTimeFormat;
    try {
      for (let i = 0; i < 500; i += 1) {
        businessDate(at(i), 'Africa/Lagos');
        formatClock(at(i), 'UTC');
        businessDateRange('2026-03-01', 'Africa/Lagos');
      }
    } finally {
      Intl.DateTimeFormat = Original;
    }
    expect(built).toBe(0);
  });
});
