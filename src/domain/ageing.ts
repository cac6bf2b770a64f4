/**
 * Receivables ageing (issue 19). Each day's sales to a distributor fall due
 * on that bakery day plus its payment terms (none: the same day). Payments
 * and returns settle the oldest sales first, so what is still owed, the
 * balance, sits on the newest sales: walking the days newest first, each
 * takes what it charged (less what was paid at the sale) until the balance
 * is used up. Each part is then aged by the days since it fell due.
 */
import { z } from 'zod';
import { addDays } from './bakery-months';
import { fromKobo, type Kobo, toKobo } from './money';

export const AGEING_BUCKETS = [
  'current',
  'days1to30',
  'days31to60',
  'days61to90',
  'over90',
] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

export const AGEING_BUCKET_LABELS: Record<AgeingBucket, string> = {
  current: 'Current',
  days1to30: '1–30 days',
  days31to60: '31–60 days',
  days61to90: '61–90 days',
  over90: 'Over 90 days',
};

/** What a distributor owes, by how long it has been due (naira). */
export const ageingSchema = z.object({
  current: z.number(),
  days1to30: z.number(),
  days31to60: z.number(),
  days61to90: z.number(),
  over90: z.number(),
  /** Everything past its due day: the four overdue buckets together. */
  overdue: z.number(),
  /** The due day of the oldest sale still owed (YYYY-MM-DD), or null when nothing is owed. */
  oldestDueDay: z.string().nullable(),
  /** Days since that oldest sale fell due; 0 when it is not yet due or nothing is owed. */
  daysOverdue: z.number(),
});
export type Ageing = z.infer<typeof ageingSchema>;

/** One bakery day's sales to the distributor: their value less what was paid at the sales. */
export interface DayCharge {
  day: string;
  charged: number;
}

export const NOTHING_OWED: Ageing = {
  current: 0,
  days1to30: 0,
  days31to60: 0,
  days61to90: 0,
  over90: 0,
  overdue: 0,
  oldestDueDay: null,
  daysOverdue: 0,
};

const DAY_MS = 86_400_000;

/** Whole days from one bakery day to another (YYYY-MM-DD; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

export const dueDayOf = (saleDay: string, termsDays: number | null) =>
  addDays(saleDay, termsDays ?? 0);

export function bucketOf(daysOverdue: number): AgeingBucket {
  if (daysOverdue <= 0) return 'current';
  if (daysOverdue <= 30) return 'days1to30';
  if (daysOverdue <= 60) return 'days31to60';
  if (daysOverdue <= 90) return 'days61to90';
  return 'over90';
}

/**
 * Ages a balance over the days' charges (any order; at least those of the
 * newest days the balance reaches back to). A balance of 0 or less owes
 * nothing. A balance the charges do not cover (a debt older than the days
 * given) is put on the oldest day given.
 */
export function ageBalance(
  balance: number,
  charges: readonly DayCharge[],
  termsDays: number | null,
  today: string,
): Ageing {
  let left = toKobo(balance);
  if (left <= 0) return NOTHING_OWED;
  const kobo: Record<AgeingBucket, number> = {
    current: 0,
    days1to30: 0,
    days31to60: 0,
    days61to90: 0,
    over90: 0,
  };
  const newestFirst = [...charges].sort((a, b) => (a.day < b.day ? 1 : a.day > b.day ? -1 : 0));
  let oldestDueDay: string | null = null;
  for (const [index, { day, charged }] of newestFirst.entries()) {
    const isOldest = index === newestFirst.length - 1;
    const part = isOldest ? left : Math.min(left, Math.max(0, toKobo(charged)));
    if (part <= 0) continue;
    const dueDay = dueDayOf(day, termsDays);
    kobo[bucketOf(daysBetween(dueDay, today))] += part;
    oldestDueDay = dueDay;
    left = (left - part) as Kobo;
    if (left <= 0) break;
  }
  if (left > 0) {
    // No charges at all yet a balance: owed since today, by the rule above.
    kobo.current += left;
    oldestDueDay = oldestDueDay ?? today;
  }
  const overdueKobo = kobo.days1to30 + kobo.days31to60 + kobo.days61to90 + kobo.over90;
  const naira = (value: number) => fromKobo(value as Kobo);
  return {
    current: naira(kobo.current),
    days1to30: naira(kobo.days1to30),
    days31to60: naira(kobo.days31to60),
    days61to90: naira(kobo.days61to90),
    over90: naira(kobo.over90),
    overdue: naira(overdueKobo),
    oldestDueDay,
    daysOverdue: oldestDueDay ? Math.max(0, daysBetween(oldestDueDay, today)) : 0,
  };
}

/** Buckets of several distributors added, in kobo (a report's total line). */
export function addAgeings(ageings: readonly Ageing[]): Ageing {
  const sum = (bucket: AgeingBucket | 'overdue') =>
    fromKobo(ageings.reduce((total, a) => total + toKobo(a[bucket]), 0) as Kobo);
  const oldest = ageings
    .map((a) => a.oldestDueDay)
    .filter((day): day is string => day !== null)
    .sort()[0];
  return {
    current: sum('current'),
    days1to30: sum('days1to30'),
    days31to60: sum('days31to60'),
    days61to90: sum('days61to90'),
    over90: sum('over90'),
    overdue: sum('overdue'),
    oldestDueDay: oldest ?? null,
    daysOverdue: Math.max(0, ...ageings.map((a) => a.daysOverdue)),
  };
}
