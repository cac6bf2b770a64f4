import { describe, expect, it } from 'vitest';
import { splitByMonths, splitForSums } from './bakery-months';

describe('splitByMonths', () => {
  it('keeps a span inside one month as days', () => {
    expect(splitByMonths({ from: '2026-11-03', to: '2026-11-20' })).toEqual({
      months: null,
      edges: [{ from: '2026-11-03', to: '2026-11-20' }],
    });
  });

  it('answers a calendar month from the month alone', () => {
    expect(splitByMonths({ from: '2026-02-01', to: '2026-02-28' })).toEqual({
      months: { from: '2026-02-01', to: '2026-02-01' },
      edges: [],
    });
  });

  it('cuts this year so far into whole months and this month’s days', () => {
    expect(splitByMonths({ from: '2026-01-01', to: '2026-11-25' })).toEqual({
      months: { from: '2026-01-01', to: '2026-10-01' },
      edges: [{ from: '2026-11-01', to: '2026-11-25' }],
    });
  });

  it('puts both ragged ends in edges, across a leap February and a year end', () => {
    expect(splitByMonths({ from: '2023-12-15', to: '2024-03-10' })).toEqual({
      months: { from: '2024-01-01', to: '2024-02-01' },
      edges: [
        { from: '2023-12-15', to: '2023-12-31' },
        { from: '2024-03-01', to: '2024-03-10' },
      ],
    });
  });

  it('leaves open ends open', () => {
    expect(splitByMonths({ from: null, to: '2026-11-25' })).toEqual({
      months: { from: null, to: '2026-10-01' },
      edges: [{ from: '2026-11-01', to: '2026-11-25' }],
    });
    expect(splitByMonths({ from: '2026-11-25', to: null })).toEqual({
      months: { from: '2026-12-01', to: null },
      edges: [{ from: '2026-11-25', to: '2026-11-30' }],
    });
  });

  it('reaches the last day a date takes, 9999-12-31, without stepping past it', () => {
    expect(splitByMonths({ from: null, to: '9999-12-31' })).toEqual({
      months: { from: null, to: '9999-12-01' },
      edges: [],
    });
    expect(splitByMonths({ from: '1900-01-01', to: '9999-12-30' })).toEqual({
      months: { from: '1900-01-01', to: '9999-11-01' },
      edges: [{ from: '9999-12-01', to: '9999-12-30' }],
    });
    // No month starts after a day of the last month: the rest of the calendar is days.
    for (const to of [null, '9999-12-31']) {
      expect(splitByMonths({ from: '9999-12-15', to })).toEqual({
        months: null,
        edges: [{ from: '9999-12-15', to: '9999-12-31' }],
      });
    }
  });

  it('treats a span that ends before the next whole month as days', () => {
    expect(splitByMonths({ from: '2026-10-02', to: '2026-11-29' })).toEqual({
      months: null,
      edges: [{ from: '2026-10-02', to: '2026-11-29' }],
    });
  });
});

describe('splitForSums', () => {
  it('reads this year so far as its months less the rest of this month', () => {
    expect(splitForSums({ from: '2026-01-01', to: '2026-11-27' })).toEqual({
      months: { from: '2026-01-01', to: '2026-11-01' },
      edges: [],
      outside: [{ from: '2026-11-28', to: '2026-11-30' }],
    });
  });

  it('reads this month so far as the month less its days to come', () => {
    expect(splitForSums({ from: '2026-11-01', to: '2026-11-27' })).toEqual({
      months: { from: '2026-11-01', to: '2026-11-01' },
      edges: [],
      outside: [{ from: '2026-11-28', to: '2026-11-30' }],
    });
  });

  it('keeps a short ragged end as days', () => {
    expect(splitForSums({ from: '2026-01-01', to: '2026-11-10' })).toEqual({
      months: { from: '2026-01-01', to: '2026-10-01' },
      edges: [{ from: '2026-11-01', to: '2026-11-10' }],
      outside: [],
    });
  });

  it('subtracts both sides of a span in the middle of a month', () => {
    expect(splitForSums({ from: '2026-11-05', to: '2026-11-27' })).toEqual({
      months: { from: '2026-11-01', to: '2026-11-01' },
      edges: [],
      outside: [
        { from: '2026-11-01', to: '2026-11-04' },
        { from: '2026-11-28', to: '2026-11-30' },
      ],
    });
  });

  it('makes whole only the ragged month that is mostly inside, across a month end', () => {
    expect(splitForSums({ from: '2026-10-25', to: '2026-11-29' })).toEqual({
      months: { from: '2026-11-01', to: '2026-11-01' },
      edges: [{ from: '2026-10-25', to: '2026-10-31' }],
      outside: [{ from: '2026-11-30', to: '2026-11-30' }],
    });
    expect(splitForSums({ from: '2026-10-02', to: '2026-11-29' })).toEqual({
      months: { from: '2026-10-01', to: '2026-11-01' },
      edges: [],
      outside: [
        { from: '2026-10-01', to: '2026-10-01' },
        { from: '2026-11-30', to: '2026-11-30' },
      ],
    });
  });

  it('extends open months, and a leap February counts 29 days', () => {
    expect(splitForSums({ from: null, to: '2024-02-20' })).toEqual({
      months: { from: null, to: '2024-02-01' },
      edges: [],
      outside: [{ from: '2024-02-21', to: '2024-02-29' }],
    });
    expect(splitForSums({ from: '2023-12-20', to: null })).toEqual({
      months: { from: '2024-01-01', to: null },
      edges: [{ from: '2023-12-20', to: '2023-12-31' }],
      outside: [],
    });
  });

  it.each([
    ['in the middle of the calendar', '2023-11-01', '2024-04-30'],
    ['at its first days', '1900-01-01', '1900-04-30'],
    ['at its last days, up to 9999-12-31', '9999-09-01', '9999-12-31'],
  ])('covers exactly the span: each day once, over many spans %s', (_, first, last) => {
    const all = daysFrom(first, last);
    for (let i = 0; i < all.length; i += 3) {
      for (let j = i; j < all.length; j += 7) {
        const span = { from: all[i] as string, to: all[j] as string };
        expect(timesCounted(splitForSums(span), all), `${span.from}..${span.to}`).toEqual(
          daysFrom(span.from, span.to).map((day) => [day, 1]),
        );
      }
      const toTheEnd = { from: all[i] as string, to: all.at(-1) as string };
      expect(timesCounted(splitForSums(toTheEnd), all)).toEqual(
        daysFrom(toTheEnd.from, toTheEnd.to).map((day) => [day, 1]),
      );
    }
  });
});

const nextDay = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
};

/** The days from one to the other, both included (never the day after 9999-12-31). */
function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = nextDay(day)) {
    days.push(day);
    if (day === to) break;
  }
  return days;
}

const lastOfMonth = (month: string) => {
  const date = new Date(`${month}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 1, 0);
  return date.toISOString().slice(0, 10);
};

/** How many times each day of `all` is counted by a split (months and edges +1, outside −1), those not 0. */
function timesCounted(split: ReturnType<typeof splitForSums>, all: string[]): [string, number][] {
  const count = new Map<string, number>();
  const add = (days: string[], n: number) => {
    for (const day of days) count.set(day, (count.get(day) ?? 0) + n);
  };
  const { months, edges, outside } = split;
  const inMonths = (month: string) =>
    months !== null && month >= (months.from ?? '') && month <= (months.to ?? '9999');
  for (const month of all.filter((day) => day.endsWith('-01') && inMonths(day))) {
    add(daysFrom(month, lastOfMonth(month)), 1);
  }
  for (const edge of edges) add(daysFrom(edge.from ?? '', edge.to ?? ''), 1);
  for (const out of outside) add(daysFrom(out.from ?? '', out.to ?? ''), -1);
  return [...count].filter(([, n]) => n !== 0).sort(([a], [b]) => a.localeCompare(b));
}
