import { businessDate, formatClock } from '../../domain/time';
import { formatDateTime } from '../components/format';

/** "14:32" on the bakery's today, else "25 Nov 2026, 14:32": in its time zone. */
export function momentText(at: Date, now: Date, timeZone: string): string {
  return businessDate(at, timeZone) === businessDate(now, timeZone)
    ? formatClock(at, timeZone).time
    : formatDateTime(at.toISOString(), timeZone);
}

/** "Offline: figures as of 14:32", with the date when they are from an earlier bakery day. */
export function offlineCaption(figuresAt: number | null, now: Date, timeZone: string): string {
  if (figuresAt === null) return 'Offline';
  return `Offline: figures as of ${momentText(new Date(figuresAt), now, timeZone)}`;
}
