export const DEFAULT_TIME_ZONE = 'Africa/Lagos';

/** The header clock: "Sat, 21 Nov 2026" and "21:15" in the business time zone. */
export function formatClock(at: Date, timeZone: string): { date: string; time: string } {
  const date = new Intl.DateTimeFormat('en-NG', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(at);
  const time = new Intl.DateTimeFormat('en-NG', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  return { date, time };
}
