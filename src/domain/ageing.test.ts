import { describe, expect, it } from 'vitest';
import { addAgeings, ageBalance, bucketOf, daysBetween, NOTHING_OWED } from './ageing';

const today = '2026-06-30';

describe('bucketOf', () => {
  it('puts the boundaries where the report says', () => {
    expect([0, 1, 30, 31, 60, 61, 90, 91, -5].map(bucketOf)).toEqual([
      'current',
      'days1to30',
      'days1to30',
      'days31to60',
      'days31to60',
      'days61to90',
      'days61to90',
      'over90',
      'current',
    ]);
  });
});

describe('daysBetween', () => {
  it('counts calendar days across months and leap days', () => {
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2026-06-30', '2026-06-01')).toBe(-29);
  });
});

describe('ageBalance', () => {
  it('owes nothing at a balance of 0 or a credit', () => {
    expect(ageBalance(0, [{ day: '2026-01-01', charged: 100 }], 7, today)).toEqual(NOTHING_OWED);
    expect(ageBalance(-50, [{ day: '2026-01-01', charged: 100 }], 7, today)).toEqual(NOTHING_OWED);
  });

  it('puts the balance on the newest days, part of the last one reached', () => {
    const charges = [
      { day: '2026-03-01', charged: 1000 },
      { day: '2026-06-29', charged: 300.25 },
      { day: '2026-05-15', charged: 500 },
    ];
    const ageing = ageBalance(900.25, charges, 0, today);
    expect(ageing).toEqual({
      current: 0,
      days1to30: 300.25,
      days31to60: 500,
      days61to90: 0,
      over90: 100,
      overdue: 900.25,
      oldestDueDay: '2026-03-01',
      daysOverdue: 121,
    });
  });

  it('counts terms from the sale day, so a sale within its terms is current', () => {
    const ageing = ageBalance(200, [{ day: '2026-06-20', charged: 200 }], 14, today);
    expect(ageing).toMatchObject({
      current: 200,
      overdue: 0,
      oldestDueDay: '2026-07-04',
      daysOverdue: 0,
    });
  });

  it('skips a day paid in full or overpaid at the sale', () => {
    const ageing = ageBalance(
      100,
      [
        { day: '2026-06-29', charged: -40 },
        { day: '2026-06-28', charged: 0 },
        { day: '2026-05-01', charged: 100 },
      ],
      0,
      today,
    );
    expect(ageing).toMatchObject({ days31to60: 100, oldestDueDay: '2026-05-01' });
  });

  it('puts a balance older than the days given on the oldest of them', () => {
    const ageing = ageBalance(700, [{ day: '2026-06-01', charged: 200 }], 0, today);
    expect(ageing).toMatchObject({ days1to30: 700, overdue: 700 });
  });

  it('adds kobo exactly, with no floating-point residue', () => {
    const ageing = ageBalance(
      0.3,
      [
        { day: '2026-06-29', charged: 0.1 },
        { day: '2026-06-28', charged: 0.2 },
      ],
      0,
      today,
    );
    expect(ageing.overdue).toBe(0.3);
    expect(addAgeings([ageing, ageing, ageing]).overdue).toBe(0.9);
  });
});
