import { describe, expect, it } from 'vitest';
import { formatClock } from './time';

describe('formatClock', () => {
  it('shows the date and 24-hour time in the business time zone', () => {
    // 23:30 UTC is already the next day, 00:30, in Lagos (UTC+1).
    const clock = formatClock(new Date('2026-11-21T23:30:00Z'), 'Africa/Lagos');
    expect(clock.time).toBe('00:30');
    expect(clock.date).toContain('22');
    expect(clock.date).toContain('Nov');
    expect(clock.date).toContain('2026');
  });

  it('follows another zone when configured', () => {
    expect(formatClock(new Date('2026-11-21T23:30:00Z'), 'UTC').time).toBe('23:30');
  });
});
