import { describe, expect, it } from 'vitest';
import { dayOrderSchema, pauseSchema } from './order-schemas';
import {
  addDays,
  closedDaysFrom,
  isOrderDayOpen,
  orderBook,
  orderCutoffInstant,
  weekdayOf,
} from './orders';

const LAGOS = 'Africa/Lagos';
const A = { id: 'a', name: 'Ade Stores' };
const B = { id: 'b', name: 'Bisi Kiosk' };
// 2026-11-24 is a Tuesday (weekday 2).
const TUESDAY = '2026-11-24';
const standing = [
  { distributorId: 'a', recipeName: 'Agege Bread', weekday: 2, loaves: 100 },
  { distributorId: 'a', recipeName: 'Wheat Bread', weekday: 2, loaves: 40 },
  { distributorId: 'a', recipeName: 'Agege Bread', weekday: 3, loaves: 999 },
  { distributorId: 'b', recipeName: 'Agege Bread', weekday: 2, loaves: 60 },
];
const book = (extra: Partial<Parameters<typeof orderBook>[0]> = {}) =>
  orderBook({
    day: TUESDAY,
    breads: ['Agege Bread', 'Wheat Bread'],
    distributors: [A, B],
    standing,
    pauses: [],
    changes: [],
    ...extra,
  });
const ordered = (result: ReturnType<typeof orderBook>) =>
  result.lines.map((line) => [line.name, line.breads.map((b) => b.ordered), line.total]);

describe('calendar days', () => {
  it('moves across months and years and names ISO weekdays', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(weekdayOf(TUESDAY)).toBe(2);
    expect(weekdayOf('2026-11-29')).toBe(7);
    expect(weekdayOf('2026-11-23')).toBe(1);
  });
});

describe('the order book of a day', () => {
  it("is the weekday's standing orders, with totals per bread", () => {
    const result = book();
    expect(ordered(result)).toEqual([
      ['Ade Stores', [100, 40], 140],
      ['Bisi Kiosk', [60, 0], 60],
    ]);
    expect([...result.totals]).toEqual([
      ['Agege Bread', 160],
      ['Wheat Bread', 40],
    ]);
  });

  it("takes that day's change in place of the standing order, 0 meaning none", () => {
    const result = book({
      changes: [
        { distributorId: 'a', recipeName: 'Agege Bread', day: TUESDAY, loaves: 120 },
        { distributorId: 'b', recipeName: 'Agege Bread', day: TUESDAY, loaves: 0 },
        { distributorId: 'b', recipeName: 'Wheat Bread', day: '2026-11-25', loaves: 9 },
      ],
    });
    expect(ordered(result)).toEqual([
      ['Ade Stores', [120, 40], 160],
      ['Bisi Kiosk', [0, 0], 0],
    ]);
    expect(result.lines[0]?.breads[0]).toEqual({
      recipeName: 'Agege Bread',
      standing: 100,
      change: 120,
      ordered: 120,
    });
  });

  it("orders nothing for a paused distributor, except that day's own changes", () => {
    const pauses = [{ distributorId: 'a', fromDay: '2026-11-20', toDay: TUESDAY }];
    expect(ordered(book({ pauses }))).toEqual([
      ['Ade Stores', [0, 0], 0],
      ['Bisi Kiosk', [60, 0], 60],
    ]);
    const withChange = book({
      pauses,
      changes: [{ distributorId: 'a', recipeName: 'Wheat Bread', day: TUESDAY, loaves: 5 }],
    });
    expect(withChange.lines[0]?.paused).toBe(true);
    expect(ordered(withChange)[0]).toEqual(['Ade Stores', [0, 5], 5]);
    const ended = [{ distributorId: 'a', fromDay: '2026-11-20', toDay: '2026-11-23' }];
    expect(ordered(book({ pauses: ended }))[0]).toEqual(['Ade Stores', [100, 40], 140]);
  });

  it('leaves out distributors not given (archived) and breads not offered', () => {
    const result = book({ distributors: [B], breads: ['Wheat Bread'] });
    expect(ordered(result)).toEqual([['Bisi Kiosk', [0], 0]]);
  });
});

describe('the cut-off', () => {
  it('is the time on the day before, on the Lagos clock', () => {
    expect(orderCutoffInstant(TUESDAY, '18:00', LAGOS).toISOString()).toBe(
      '2026-11-23T17:00:00.000Z',
    );
    expect(orderCutoffInstant('2027-01-01', '00:30', LAGOS).toISOString()).toBe(
      '2026-12-30T23:30:00.000Z',
    );
  });

  it('follows the wall clock across a daylight-saving change', () => {
    // London went to summer time at 01:00 UTC on 29 March 2026.
    expect(orderCutoffInstant('2026-03-30', '18:00', 'Europe/London').toISOString()).toBe(
      '2026-03-29T17:00:00.000Z',
    );
    expect(orderCutoffInstant('2026-03-29', '18:00', 'Europe/London').toISOString()).toBe(
      '2026-03-28T18:00:00.000Z',
    );
  });

  it('closes a day at the cut-off instant to the millisecond', () => {
    const cutoff = new Date('2026-11-23T17:00:00.000Z');
    expect(isOrderDayOpen(TUESDAY, '18:00', LAGOS, new Date(cutoff.getTime() - 1))).toBe(true);
    expect(isOrderDayOpen(TUESDAY, '18:00', LAGOS, cutoff)).toBe(false);
  });

  it('counts today as closed, and tomorrow once today’s cut-off has passed', () => {
    const before = new Date('2026-11-23T16:59:59.999Z');
    const after = new Date('2026-11-23T17:00:00.000Z');
    expect(closedDaysFrom('2026-11-23', '18:00', LAGOS, before)).toEqual(['2026-11-23']);
    expect(closedDaysFrom('2026-11-23', '18:00', LAGOS, after)).toEqual(['2026-11-23', TUESDAY]);
  });
});

describe('order inputs', () => {
  it('names the field at fault', () => {
    const pause = pauseSchema.safeParse({
      distributorId: '00000000-0000-4000-8000-000000000000',
      fromDay: TUESDAY,
      toDay: '2026-11-23',
    });
    expect(pause.error?.issues[0]).toMatchObject({
      path: ['toDay'],
      message: 'To cannot be before From',
    });
    const order = dayOrderSchema.safeParse({
      day: TUESDAY,
      breads: [{ recipeName: 'Agege Bread', loaves: -1 }],
    });
    expect(order.error?.issues[0]?.message).toBe('Loaves cannot be negative');
  });
});
