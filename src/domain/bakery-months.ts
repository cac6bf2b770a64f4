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
