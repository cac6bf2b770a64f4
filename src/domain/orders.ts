/**
 * The order book of a bakery day (issue 18, docs/rules/orders.md): what each
 * distributor takes of each bread, from its standing order for the weekday,
 * its pauses and that day's changes, and until when the day may be changed.
 */
import { addDays } from './bakery-months';
import { zonedMidnight, zonedParts } from './time';

export const DEFAULT_ORDER_CUTOFF = '18:00';

/** Calendar arithmetic on bakery days, shared with the roll-ups' month split. */
export { addDays } from './bakery-months';

/** ISO weekday of a calendar date: 1 Monday … 7 Sunday. */
export function weekdayOf(day: string): number {
  const sunday0 = new Date(`${day}T00:00:00Z`).getUTCDay();
  return sunday0 === 0 ? 7 : sunday0;
}

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;

/**
 * The instant a day's orders close: the cut-off's wall-clock time (HH:MM) on
 * the day before, in the bakery's zone. The guess from midnight is corrected
 * by what the zone's clock reads then, so a daylight-saving change that night
 * does not move the cut-off off the wall clock.
 */
export function orderCutoffInstant(day: string, cutoff: string, timeZone: string): Date {
  const [year, month, date] = addDays(day, -1).split('-').map(Number) as [number, number, number];
  const [hour, minute] = cutoff.split(':').map(Number) as [number, number];
  const wanted = hour * 60 + minute;
  const guess = zonedMidnight(year, month, date, timeZone).getTime() + wanted * MINUTE;
  const shown = zonedParts(new Date(guess), timeZone);
  let drift = shown.hour * 60 + shown.minute - wanted;
  if (drift > DAY_MINUTES / 2) drift -= DAY_MINUTES;
  if (drift < -DAY_MINUTES / 2) drift += DAY_MINUTES;
  return new Date(guess - drift * MINUTE);
}

/** Whether a day's orders may still be changed by anyone with Sales write. */
export const isOrderDayOpen = (day: string, cutoff: string, timeZone: string, now: Date) =>
  now.getTime() < orderCutoffInstant(day, cutoff, timeZone).getTime();

/**
 * The days from today on whose orders have closed (today always, tomorrow once
 * today's cut-off has passed): a standing order or pause changed now must not
 * alter them.
 */
export function closedDaysFrom(today: string, cutoff: string, timeZone: string, now: Date) {
  const days: string[] = [];
  for (let day = today; !isOrderDayOpen(day, cutoff, timeZone, now); day = addDays(day, 1)) {
    days.push(day);
  }
  return days;
}

export interface StandingOrderRow {
  distributorId: string;
  recipeName: string;
  weekday: number;
  loaves: number;
}
export interface OrderPauseRow {
  distributorId: string;
  fromDay: string;
  toDay: string;
}
export interface OrderChangeRow {
  distributorId: string;
  recipeName: string;
  day: string;
  loaves: number;
}

export interface BookInput {
  day: string;
  /** The breads offered (recipes not deleted), in the order to show them. */
  breads: readonly string[];
  /** Active distributors only: an archived one has no orders. */
  distributors: readonly { id: string; name: string }[];
  standing: readonly StandingOrderRow[];
  pauses: readonly OrderPauseRow[];
  changes: readonly OrderChangeRow[];
}

export interface BookBread {
  recipeName: string;
  /** The standing order for the weekday, whether or not a pause holds it back. */
  standing: number;
  /** That day's change, in place of the standing order; null when none. */
  change: number | null;
  ordered: number;
}

export interface BookLine {
  distributorId: string;
  name: string;
  paused: boolean;
  breads: BookBread[];
  total: number;
}

const key = (distributorId: string, recipeName: string) => `${distributorId}\u0000${recipeName}`;

/**
 * Each distributor's loaves of each bread for the day. A change replaces the
 * standing order (0: none); a pause covering the day orders nothing, except
 * where that day has a change: a change names the date itself, so it is the
 * latest word on it (a pause is a range decided beforehand).
 */
export function orderBook(input: BookInput): { lines: BookLine[]; totals: Map<string, number> } {
  const weekday = weekdayOf(input.day);
  const standing = new Map<string, number>();
  for (const row of input.standing) {
    if (row.weekday === weekday) standing.set(key(row.distributorId, row.recipeName), row.loaves);
  }
  const changes = new Map<string, number>();
  for (const row of input.changes) {
    if (row.day === input.day) changes.set(key(row.distributorId, row.recipeName), row.loaves);
  }
  const totals = new Map(input.breads.map((bread) => [bread, 0]));
  const lines = input.distributors.map(({ id, name }) => {
    const paused = input.pauses.some(
      (pause) =>
        pause.distributorId === id && pause.fromDay <= input.day && input.day <= pause.toDay,
    );
    const breads = input.breads.map((recipeName) => {
      const standingLoaves = standing.get(key(id, recipeName)) ?? 0;
      const change = changes.get(key(id, recipeName)) ?? null;
      const ordered = change ?? (paused ? 0 : standingLoaves);
      totals.set(recipeName, (totals.get(recipeName) ?? 0) + ordered);
      return { recipeName, standing: standingLoaves, change, ordered };
    });
    const total = breads.reduce((sum, bread) => sum + bread.ordered, 0);
    return { distributorId: id, name, paused, breads, total };
  });
  return { lines, totals };
}

/** What a distributor's bread comes to on a day without a change: the standing order, or 0 when paused. */
export const withoutChange = (line: BookLine, recipeName: string): number => {
  const bread = line.breads.find((b) => b.recipeName === recipeName);
  return bread && !line.paused ? bread.standing : 0;
};
