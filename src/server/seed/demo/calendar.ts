import { businessDate, zonedMidnight } from '../../../domain/time';
import { nth } from './records';

/**
 * How many business days the demo covers, today included: four months, so
 * one old debt is over 90 days overdue (credit.ts).
 */
export const DEMO_DAYS = 120;

export const MINUTE = 60_000;
export const hour = (h: number) => h * 60;

/**
 * The evening before the first day, in minutes from its midnight: the bakery
 * set the app up (accounts, items with their opening stock, recipes) before
 * the first night shift.
 */
export const SETUP = {
  users: -7 * 60,
  roles: -6 * 60 - 50,
  items: -6 * 60 - 30,
  openingStock: -6 * 60,
  recipes: -5 * 60 - 30,
};

export interface Day {
  start: Date;
  weekday: number;
}

/** The demo's days, numbered 0 (the first) to `today`, in the business time zone. */
export class Calendar {
  readonly today = DEMO_DAYS - 1;
  readonly days: readonly Day[];

  constructor(
    readonly now: Date,
    readonly timeZone: string,
  ) {
    const [year, month, day] = businessDate(now, timeZone).split('-').map(Number) as [
      number,
      number,
      number,
    ];
    this.days = Array.from({ length: DEMO_DAYS }, (_, k) => {
      const offset = day - this.today + k;
      return {
        start: zonedMidnight(year, month, offset, timeZone),
        weekday: new Date(Date.UTC(year, month - 1, offset)).getUTCDay(),
      };
    });
  }

  weekday(k: number): number {
    return nth(this.days, k).weekday;
  }

  /** Day k at hh:mm (minutes after midnight) in the business zone. */
  at(k: number, minutes: number): Date {
    return new Date(nth(this.days, k).start.getTime() + Math.round(minutes) * MINUTE);
  }

  notAfterNow(moment: Date): boolean {
    return moment.getTime() <= this.now.getTime();
  }

  /** The day a moment falls on (day 0 for anything before it): a binary search, as it is asked often. */
  dayOf(moment: Date): number {
    const at = moment.getTime();
    let low = 0;
    let high = this.today;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (at < nth(this.days, middle).start.getTime()) high = middle - 1;
      else low = middle;
    }
    return low;
  }

  /** Day k's date, YYYY-MM-DD; days past today count on from today's date. */
  dateAfter(k: number, extraDays: number): string {
    if (k + extraDays <= this.today) return this.isoDate(k + extraDays);
    const base = new Date(`${this.isoDate(this.today)}T00:00:00Z`);
    base.setUTCDate(base.getUTCDate() + (k + extraDays - this.today));
    return base.toISOString().slice(0, 10);
  }

  private isoDate(k: number): string {
    return businessDate(this.at(Math.min(k, this.today), hour(12)), this.timeZone);
  }
}
