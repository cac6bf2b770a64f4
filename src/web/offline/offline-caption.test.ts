import { describe, expect, it } from 'vitest';
import { momentText, offlineCaption } from './offline-caption';

const HOUR = 60 * 60 * 1000;
const NOW = Date.parse('2026-11-26T13:32:00Z'); // 14:32 in Lagos

describe('the offline banner’s caption', () => {
  it('writes the time in the bakery’s zone, and the date when it is not today', () => {
    const now = new Date(NOW);
    expect(offlineCaption(NOW, now, 'Africa/Lagos')).toBe('Offline: figures as of 14:32');
    expect(offlineCaption(NOW - 24 * HOUR, now, 'Africa/Lagos')).toBe(
      'Offline: figures as of 25 Nov 2026, 14:32',
    );
    // 22:30 UTC on the 25th is 23:30 in Lagos, still the day before.
    expect(offlineCaption(Date.parse('2026-11-25T22:30:00Z'), now, 'Africa/Lagos')).toBe(
      'Offline: figures as of 25 Nov 2026, 23:30',
    );
    expect(offlineCaption(null, now, 'Africa/Lagos')).toBe('Offline');
  });
});

describe('momentText', () => {
  const now = new Date('2026-11-26T20:00:00.000Z'); // 21:00 in Lagos

  it('shows the time alone on the bakery’s today, and the date on another day, by its zone', () => {
    expect(momentText(new Date('2026-11-26T13:32:05.000Z'), now, 'Africa/Lagos')).toBe('14:32');
    // 23:30 UTC on the 25th is 00:30 on the 26th in Lagos: today.
    expect(momentText(new Date('2026-11-25T23:30:00.000Z'), now, 'Africa/Lagos')).toBe('00:30');
    expect(momentText(new Date('2026-11-25T22:59:00.000Z'), now, 'Africa/Lagos')).toBe(
      '25 Nov 2026, 23:59',
    );
  });
});
