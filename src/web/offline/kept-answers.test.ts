import { describe, expect, it } from 'vitest';
import {
  answersToKeep,
  isKeptOffline,
  isMissingOffline,
  KEPT_FOR_MS,
  type ShownQuery,
  shownFiguresAt,
} from './kept-answers';

const HOUR = 60 * 60 * 1000;
const NOW = Date.parse('2026-11-26T13:32:00Z'); // 14:32 in Lagos

describe('which answers are kept offline', () => {
  it('keeps the floor pages and the shell, by the route a query asks', () => {
    expect(isKeptOffline(['/api/auth/user'])).toBe(true);
    expect(isKeptOffline(['/api/dashboard/summary'])).toBe(true);
    expect(isKeptOffline(['/api/distributors', 'list', false])).toBe(true);
    expect(isKeptOffline(['/api/orders/book', null])).toBe(true);
    expect(isKeptOffline(['/api/settlements', '2026-11-26'])).toBe(true);
  });

  it('leaves out what is read at the office', () => {
    expect(isKeptOffline(['/api/reports', 'sales'])).toBe(false);
    expect(isKeptOffline(['/api/admin/users'])).toBe(false);
    expect(isKeptOffline(['/api/inventory', false])).toBe(false);
  });
});

describe('the answers to keep', () => {
  const answer = (queryHash: string, age: number, data = queryHash) => ({
    queryHash,
    state: { dataUpdatedAt: NOW - age },
    data,
  });

  it('keeps answers seen before beside those fetched since, the newest of each query', () => {
    const before = [answer('sales', 3 * HOUR, 'old sales'), answer('distributors', 5 * HOUR)];
    const since = [answer('sales', 0, 'new sales'), answer('dashboard', HOUR)];
    expect(answersToKeep([...before, ...since], NOW)).toEqual([
      answer('sales', 0, 'new sales'),
      answer('distributors', 5 * HOUR),
      answer('dashboard', HOUR),
    ]);
  });

  it('keeps the newer answer whichever comes first', () => {
    expect(answersToKeep([answer('sales', 0, 'new'), answer('sales', HOUR, 'old')], NOW)).toEqual([
      answer('sales', 0, 'new'),
    ]);
  });

  it('drops answers older than a week', () => {
    expect(answersToKeep([answer('a', KEPT_FOR_MS), answer('b', KEPT_FOR_MS + 1)], NOW)).toEqual([
      answer('a', KEPT_FOR_MS),
    ]);
  });
});

describe('what the offline banner says', () => {
  const query = (queryKey: unknown[], shown: Partial<ShownQuery> = {}): ShownQuery => ({
    queryKey,
    observed: true,
    hasData: true,
    dataUpdatedAt: NOW,
    waitingForNetwork: false,
    ...shown,
  });

  it('dates the screen by the oldest answer it shows, not by the user, the clock or the bell', () => {
    const queries = [
      query(['/api/auth/user'], { dataUpdatedAt: NOW - 9 * HOUR }),
      query(['/api/notifications'], { dataUpdatedAt: NOW - 8 * HOUR }),
      query(['/api/sales-transactions', 'recent'], { dataUpdatedAt: NOW - HOUR }),
      query(['/api/available-loaves'], { dataUpdatedAt: NOW - 2 * HOUR }),
      query(['/api/distributors', 'list', false], { observed: false, dataUpdatedAt: 0 }),
    ];
    expect(shownFiguresAt(queries)).toBe(NOW - 2 * HOUR);
    expect(shownFiguresAt([queries[0] as ShownQuery])).toBeNull();
  });

  it('finds a screen asking for an answer never fetched online', () => {
    const missing = query(['/api/reports', 'sales'], { hasData: false, waitingForNetwork: true });
    expect(isMissingOffline([query(['/api/dashboard/summary']), missing])).toBe(true);
    expect(isMissingOffline([{ ...missing, observed: false }])).toBe(false);
  });

  it('does not call a page with its figures missing because the bell, the clock or the letterhead waits', () => {
    const waiting = { hasData: false, waitingForNetwork: true };
    const shell = [
      query(['/api/notifications'], waiting),
      query(['/api/app-info'], waiting),
      query(['/api/letterhead'], waiting),
    ];
    expect(isMissingOffline([query(['/api/dispatch', null]), ...shell])).toBe(false);
    expect(isMissingOffline([query(['/api/dispatch', null], waiting), ...shell])).toBe(true);
  });
});
