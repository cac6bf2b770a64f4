import { z } from 'zod';
import type { ModuleKey } from './modules';
import { type AccessSubject, canRead } from './permissions';
import { needsReorder } from './stock';

/**
 * The bell's notifications: computed from the data each time they are asked
 * for, never stored. Only whether a user has read one is kept, by its key, so
 * a key names one occurrence: the same item low again after a restock, or an
 * order late against a new expected date, is a new notification.
 */
export const NOTIFICATION_KINDS = ['low_stock', 'order_overdue', 'batch_overdue'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * The module a user must be able to read to see a kind. A later kind
 * (distributors over their limit or overdue) is one entry here, one rule
 * below and one source in the notifications service.
 */
export const NOTIFICATION_MODULE: Record<NotificationKind, ModuleKey> = {
  low_stock: 'inventory',
  order_overdue: 'purchase_orders',
  batch_overdue: 'production',
};

/** Where a notification's link leads: the page of its record. */
const PAGE_OF: Record<NotificationKind, string> = {
  low_stock: '/inventory',
  order_overdue: '/purchases',
  batch_overdue: '/production',
};

export function visibleKinds(subject: AccessSubject): NotificationKind[] {
  return NOTIFICATION_KINDS.filter((kind) => canRead(subject, NOTIFICATION_MODULE[kind]));
}

/** One notification as a rule finds it; the list adds whether the user has read it. */
export const noticeSchema = z.object({
  key: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  message: z.string(),
  link: z.string(),
  /** When it began to hold, as far as the data tells: the newest come first. */
  since: z.string(),
});
export type Notice = z.infer<typeof noticeSchema>;

/** How many the list holds: the newest, unread first. */
export const NOTIFICATION_LIST_LIMIT = 50;

const QUANTITY = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 3 });
const quantityOf = (value: number, unit: string) => `${QUANTITY.format(value)} ${unit}`;
const daysOf = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

const notice = (kind: NotificationKind, id: string, occurrence: string) => ({
  key: `${kind}:${id}:${occurrence}`,
  kind,
  link: PAGE_OF[kind],
});

export interface StockFacts {
  id: string;
  name: string;
  unit: string;
  currentStock: number;
  minStock: number;
  archived: boolean;
  updatedAt: Date;
  /** The newest movement that added stock (a delivery, an adjustment up): the low spell starts after it. */
  lastRestockId: string | null;
}

/** An item in use with a minimum, at or below it (the dashboard's and reports' rule). */
export function lowStockNotice(item: StockFacts): Notice | null {
  if (item.archived || !needsReorder(item.currentStock, item.minStock)) return null;
  const out = item.currentStock <= 0;
  return {
    ...notice('low_stock', item.id, item.lastRestockId ?? 'never'),
    title: `${out ? 'Out of stock' : 'Low stock'}: ${item.name}`,
    message: `${quantityOf(item.currentStock, item.unit)} left, minimum ${quantityOf(item.minStock, item.unit)}`,
    since: item.updatedAt.toISOString(),
  };
}

export interface OrderFacts {
  id: string;
  orderNumber: string;
  supplier: string;
  status: string;
  /** "yyyy-MM-dd", or null when none was given. */
  expectedDelivery: string | null;
}

const AWAITING_DELIVERY = new Set(['pending', 'shipped']);
const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days from one calendar date to a later one. */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** An order not yet delivered (nor cancelled) whose expected date is before `today` (business date). */
export function overdueOrderNotice(order: OrderFacts, today: string): Notice | null {
  const expected = order.expectedDelivery;
  if (!AWAITING_DELIVERY.has(order.status) || expected === null || expected >= today) return null;
  return {
    ...notice('order_overdue', order.id, expected),
    title: `Order overdue: ${order.orderNumber}`,
    message: `${order.supplier}, expected ${daysOf(daysBetween(expected, today))} ago`,
    since: `${expected}T00:00:00.000Z`,
  };
}

export interface BatchFacts {
  id: string;
  batchNumber: string;
  recipeName: string;
  status: string;
  startedAt: Date | null;
  /** The recipe's estimated time in minutes; null or 0 when it gives none. */
  estimatedMinutes: number | null;
}

/** "2 h 5 min", "45 min", "3 h". */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** A batch in progress for longer than its recipe's estimated time. */
export function overdueBatchNotice(batch: BatchFacts, now: Date): Notice | null {
  const { startedAt, estimatedMinutes } = batch;
  if (batch.status !== 'in_progress' || startedAt === null || !estimatedMinutes) return null;
  const due = startedAt.getTime() + estimatedMinutes * 60_000;
  if (now.getTime() <= due) return null;
  const running = Math.floor((now.getTime() - startedAt.getTime()) / 60_000);
  return {
    ...notice('batch_overdue', batch.id, startedAt.toISOString()),
    title: `Batch running long: ${batch.recipeName}`,
    message: `${batch.batchNumber}, in progress ${formatMinutes(running)}; the recipe takes ${formatMinutes(estimatedMinutes)}`,
    since: new Date(due).toISOString(),
  };
}

/** Newest first, unread before read; the counts are of them all. */
export function notificationList(notices: readonly Notice[], read: ReadonlySet<string>) {
  const all = notices
    .map((item) => ({ ...item, read: read.has(item.key) }))
    .sort((a, b) => Number(a.read) - Number(b.read) || b.since.localeCompare(a.since));
  return {
    notifications: all.slice(0, NOTIFICATION_LIST_LIMIT),
    total: all.length,
    unread: all.filter((item) => !item.read).length,
  };
}

const KEY = z
  .string({ error: 'Each notification key must be text' })
  .min(1, { error: 'A notification key cannot be empty' })
  .max(200, { error: 'A notification key is at most 200 characters' });

/** `POST /api/notifications/read`: some notifications by key, or all the user sees. */
export const notificationReadSchema = z
  .strictObject({
    keys: z
      .array(KEY, { error: 'Keys must be a list of notification keys' })
      .max(500, { error: 'At most 500 keys at a time' })
      .optional(),
    all: z.literal(true, { error: 'All must be true' }).optional(),
  })
  .refine((body) => (body.keys?.length ?? 0) > 0 || body.all === true, {
    error: 'Name the notifications to mark read, or all',
  });
export type NotificationReadInput = z.infer<typeof notificationReadSchema>;
