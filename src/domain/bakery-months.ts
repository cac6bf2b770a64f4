/**
 * A range of bakery days (YYYY-MM-DD, both ends inclusive, null for open) cut
 * into the whole months inside it and the days at its edges: roll-ups kept
 * per month answer the months, the daily ones the edges, so a year costs
 * about twelve rows per distributor instead of 365.
 */
export interface DaySpan {
  from: string | null;
  to: string | null;
}

/** A span with both ends. */
export type ClosedSpan = { from: string; to: string };

export interface MonthSplit {
  /** First days of the first and last whole months (null: open), or null for none. */
  months: DaySpan | null;
  /** Day spans outside those months: none, one or two, each with both ends. */
  edges: ClosedSpan[];
}

const parse = (day: string) => new Date(`${day}T00:00:00Z`);
const format = (date: Date) => date.toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  const date = parse(day);
  date.setUTCDate(date.getUTCDate() + days);
  return format(date);
}

/** The latest day a date field takes (yyyy-MM-dd has four-digit years). */
const LAST_DAY = '9999-12-31';

/** The first day of the month a day is in. */
export const monthOf = (day: string) => `${day.slice(0, 7)}-01`;

/**
 * The last day of a month, without stepping into the next: a date field takes
 * days up to 9999-12-31, and the day after it has no four-digit form
 * (toISOString gives "+010000-01-01", which sorts before every date).
 */
function lastDayOf(month: string): string {
  const date = parse(month);
  return format(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)));
}

/** The first day of the month after a day's, or null after the last month a date field takes. */
const monthAfter = (day: string) => {
  const last = lastDayOf(monthOf(day));
  return last === LAST_DAY ? null : addDays(last, 1);
};

/** The first whole month from a day on: its own on its 1st, else the next (null: none). */
const firstWholeFrom = (day: string) => (day === monthOf(day) ? day : monthAfter(day));

/** The last whole month up to a day: its own on its last day, else the one before. */
const lastWholeTo = (day: string) =>
  day === lastDayOf(monthOf(day)) ? monthOf(day) : monthOf(addDays(monthOf(day), -1));

export function splitByMonths({ from, to }: DaySpan): MonthSplit {
  const firstWhole = from === null ? null : firstWholeFrom(from);
  const lastWhole = to === null ? null : lastWholeTo(to);
  if (from !== null && (firstWhole === null || (lastWhole !== null && firstWhole > lastWhole))) {
    // No whole month inside (none starts after a day of the last month): all days.
    return { months: null, edges: [{ from, to: to ?? LAST_DAY }] };
  }
  const edges: ClosedSpan[] = [];
  if (from !== null && firstWhole !== null && from < firstWhole) {
    edges.push({ from, to: addDays(firstWhole, -1) });
  }
  if (to !== null && lastWhole !== null) {
    const lastOfMonths = lastDayOf(lastWhole);
    if (lastOfMonths < to) edges.push({ from: addDays(lastOfMonths, 1), to });
  }
  return { months: { from: firstWhole, to: lastWhole }, edges };
}

/** A sum over days read from month totals: whole months plus the edge days, less the days outside. */
export interface MonthSums extends MonthSplit {
  /** Days inside a month summed whole but outside the span: subtracted. */
  outside: DaySpan[];
}

const daysIn = (span: ClosedSpan) =>
  Math.round((parse(span.to).getTime() - parse(span.from).getTime()) / 86_400_000) + 1;
/** The earlier of two days (YYYY-MM-DD sorts as dates do). */
const earlier = (a: string, b: string) => (a < b ? a : b);

/** A closed span cut at month ends, in order. */
function byMonth(span: ClosedSpan): ClosedSpan[] {
  const pieces: ClosedSpan[] = [];
  for (let from = span.from; ; ) {
    const to = earlier(lastDayOf(monthOf(from)), span.to);
    pieces.push({ from, to });
    if (to === span.to) return pieces;
    from = addDays(to, 1);
  }
}

/** The days of a piece's month outside it: before it, after it, or both. */
function outsideOf(piece: ClosedSpan): ClosedSpan[] {
  const month = monthOf(piece.from);
  const last = lastDayOf(month);
  return [
    ...(month < piece.from ? [{ from: month, to: addDays(piece.from, -1) }] : []),
    ...(piece.to < last ? [{ from: addDays(piece.to, 1), to: last }] : []),
  ];
}

/** The run of months with one more month, next to it (or the first). */
function withMonth(months: DaySpan | null, month: string): DaySpan {
  if (months === null) return { from: month, to: month };
  return {
    from: months.from !== null && month < months.from ? month : months.from,
    to: months.to !== null && month > months.to ? month : months.to,
  };
}

/**
 * splitByMonths for sums, where a ragged month may cost fewer rows read as its
 * whole month less the days outside the span: this year so far, or this month,
 * is then its months less the rest of this month, days with no records yet.
 * Edge days and outside days are each at most one month's, and the months
 * stay one run (a ragged month made whole lies next to the whole ones).
 */
export function splitForSums(span: DaySpan): MonthSums {
  const split = splitByMonths(span);
  let months = split.months;
  const edges: ClosedSpan[] = [];
  const outside: DaySpan[] = [];
  const pieces = split.edges.flatMap(byMonth);
  for (const piece of pieces) {
    const others = outsideOf(piece);
    if (others.reduce((days, other) => days + daysIn(other), 0) < daysIn(piece)) {
      outside.push(...others);
      months = withMonth(months, monthOf(piece.from));
    } else {
      edges.push(piece);
    }
  }
  return { months, edges, outside };
}
