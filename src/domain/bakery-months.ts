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

export interface MonthSplit {
  /** First days of the first and last whole months (null: open), or null for none. */
  months: DaySpan | null;
  /** Day spans outside those months: none, one or two. */
  edges: DaySpan[];
}

const parse = (day: string) => new Date(`${day}T00:00:00Z`);
const format = (date: Date) => date.toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  const date = parse(day);
  date.setUTCDate(date.getUTCDate() + days);
  return format(date);
}

function addMonths(day: string, months: number): string {
  const date = parse(day);
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  return format(date);
}

/** The first day of the month a day is in. */
export const monthOf = (day: string) => `${day.slice(0, 7)}-01`;

export function splitByMonths(span: DaySpan): MonthSplit {
  const { from, to } = span;
  const firstWhole = from === null ? null : from === monthOf(from) ? from : addMonths(from, 1);
  const lastWhole =
    to === null ? null : addDays(to, 1) === addMonths(to, 1) ? monthOf(to) : addMonths(to, -1);
  if (firstWhole !== null && lastWhole !== null && firstWhole > lastWhole) {
    return { months: null, edges: [span] };
  }
  const edges: DaySpan[] = [];
  if (from !== null && firstWhole !== null && from < firstWhole) {
    edges.push({ from, to: addDays(firstWhole, -1) });
  }
  if (to !== null && lastWhole !== null) {
    const afterLast = addMonths(lastWhole, 1);
    if (afterLast <= to) edges.push({ from: afterLast, to });
  }
  return { months: { from: firstWhole, to: lastWhole }, edges };
}

/** A sum over days read from month totals: whole months plus the edge days, less the days outside. */
export interface MonthSums extends MonthSplit {
  /** Days inside a month summed whole but outside the span: subtracted. */
  outside: DaySpan[];
}

const lastDayOf = (month: string) => addDays(addMonths(month, 1), -1);
/** A span with both ends. */
type Closed = { from: string; to: string };

const daysIn = (span: Closed) =>
  Math.round((parse(span.to).getTime() - parse(span.from).getTime()) / 86_400_000) + 1;
/** The earlier of two days (YYYY-MM-DD sorts as dates do). */
const earlier = (a: string, b: string) => (a < b ? a : b);

/** A closed span cut at month ends, in order. */
function byMonth(span: Closed): Closed[] {
  const pieces: Closed[] = [];
  for (let from = span.from; from <= span.to; from = addMonths(from, 1)) {
    pieces.push({ from, to: earlier(lastDayOf(monthOf(from)), span.to) });
  }
  return pieces;
}

/** The days of a piece's month outside it: before it, after it, or both. */
function outsideOf(piece: Closed): Closed[] {
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
  const edges: DaySpan[] = [];
  const outside: DaySpan[] = [];
  // splitByMonths' edges are closed: an open end is answered by its months.
  const pieces = split.edges.flatMap((edge) =>
    byMonth({ from: edge.from ?? '', to: edge.to ?? '' }),
  );
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
