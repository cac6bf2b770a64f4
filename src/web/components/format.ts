import type { OpenOrderLine } from '../../domain/dashboard';
import { zonedParts } from '../../domain/time';

const QUANTITY = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 3 });

/** "1,250.5 kg": up to 3 decimals, as stock is kept. */
export function formatQuantity(value: number, unit?: string): string {
  return unit ? `${QUANTITY.format(value)} ${unit}` : QUANTITY.format(value);
}

/** "12.5%": a rate the server rounded to one decimal; "-" when it has none (nothing to divide by). */
export function formatPercent(percent: number | null): string {
  return percent === null ? '-' : `${percent.toFixed(1)}%`;
}

/** "PO-2026-660000, 30,000 bags, pending": an order for an item that is still to arrive. */
export function openOrderText(order: OpenOrderLine, unit: string): string {
  return `${order.orderNumber}, ${formatQuantity(order.quantity, unit)}, ${order.status}`;
}

/**
 * The app's one date format, en-NG day-month-year: "01 Nov 2026" (dayjs
 * pattern for the date pickers' valueFormat), so what is typed or picked reads
 * like what is shown and printed. Month names are dayjs's ("Sep"), not Intl
 * en-NG's ("Sept"), for the same reason. The Accounting page and the reports keep
 * 'MMM dd, yyyy' (formatDay below; docs/rules/bakery-day.md).
 */
export const DATE_INPUT_FORMAT = 'DD MMM YYYY';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const twoDigits = (n: number) => String(n).padStart(2, '0');
const dayMonthYear = (year: number, month: number, day: number) =>
  `${twoDigits(day)} ${MONTHS[month - 1]} ${year}`;

/** "01 Nov 2026" for a calendar date "2026-11-01". */
export function formatDate(date: string): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return dayMonthYear(year, month, day);
}

/**
 * "02 Nov 2026, 09:19" in the bakery's time zone; with `seconds`,
 * "02 Nov 2026, 09:19:05" (the audit trail, where seconds tell events apart).
 */
export function formatDateTime(
  iso: string,
  timeZone: string,
  options: { seconds?: boolean } = {},
): string {
  const at = zonedParts(new Date(iso), timeZone);
  const time = `${twoDigits(at.hour)}:${twoDigits(at.minute)}`;
  const withSeconds = options.seconds ? `${time}:${twoDigits(at.second)}` : time;
  return `${dayMonthYear(at.year, at.month, at.day)}, ${withSeconds}`;
}

/** "Nov 21, 2026" ('MMM dd, yyyy') for an instant, in the bakery's time zone. */
export function formatDay(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'short',
    day: '2-digit',
    year: 'numeric',
  }).format(new Date(iso));
}

/** "Nov 01, 2026" for a calendar date "2026-11-01". */
export function formatCalendarDate(date: string): string {
  return formatDay(`${date}T12:00:00Z`, 'UTC');
}
