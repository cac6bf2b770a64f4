import { businessDate, formatClock } from '../../domain/time';
import { formatDateTime } from '../components/format';

/** "Offline: figures as of 14:32", with the date when they are from an earlier bakery day. */
export function offlineCaption(figuresAt: number | null, now: Date, timeZone: string): string {
  if (figuresAt === null) return 'Offline';
  const at = new Date(figuresAt);
  const when =
    businessDate(at, timeZone) === businessDate(now, timeZone)
      ? formatClock(at, timeZone).time
      : formatDateTime(at.toISOString(), timeZone);
  return `Offline: figures as of ${when}`;
}
