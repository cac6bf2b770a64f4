import type { OpenOrderLine } from '../../domain/dashboard';

const QUANTITY = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 3 });

/** "1,250.5 kg": up to 3 decimals, as stock is kept. */
export function formatQuantity(value: number, unit?: string): string {
  return unit ? `${QUANTITY.format(value)} ${unit}` : QUANTITY.format(value);
}

/** "PO-2026-660000, 30,000 bags, pending": an order for an item that is still to arrive. */
export function openOrderText(order: OpenOrderLine, unit: string): string {
  return `${order.orderNumber}, ${formatQuantity(order.quantity, unit)}, ${order.status}`;
}

/** "21 Nov 2026, 14:05" in the bakery's time zone. */
export function formatDateTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-NG', {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

/** "Nov 21, 2026" (spec: 'MMM dd, yyyy') for an instant, in the bakery's time zone. */
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
