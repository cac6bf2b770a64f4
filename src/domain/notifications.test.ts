import { describe, expect, it } from 'vitest';
import {
  type BatchFacts,
  formatMinutes,
  lowStockNotice,
  NOTIFICATION_LIST_LIMIT,
  type Notice,
  notificationList,
  notificationReadSchema,
  type OrderFacts,
  overdueBatchNotice,
  overdueOrderNotice,
  type StockFacts,
  visibleKinds,
} from './notifications';
import type { ModulePermission } from './permissions';

const ITEM_ID = '11111111-1111-4111-8111-111111111111';

const item = (facts: Partial<StockFacts> = {}): StockFacts => ({
  id: ITEM_ID,
  name: 'Flour',
  unit: 'kg',
  currentStock: 4.5,
  minStock: 10,
  archived: false,
  updatedAt: new Date('2026-11-20T08:00:00Z'),
  lastRestockId: 'restock-1',
  ...facts,
});

describe('lowStockNotice', () => {
  it('tells of an item at or below its minimum, linking to Inventory', () => {
    expect(lowStockNotice(item())).toEqual({
      key: `low_stock:${ITEM_ID}:restock-1`,
      kind: 'low_stock',
      title: 'Low stock: Flour',
      message: '4.5 kg left, minimum 10 kg',
      link: '/inventory',
      since: '2026-11-20T08:00:00.000Z',
    });
    expect(lowStockNotice(item({ currentStock: 10 }))?.title).toBe('Low stock: Flour');
    expect(lowStockNotice(item({ currentStock: 0 }))?.title).toBe('Out of stock: Flour');
    expect(lowStockNotice(item({ currentStock: 1250.5, minStock: 2000 }))?.message).toBe(
      '1,250.5 kg left, minimum 2,000 kg',
    );
  });

  it('says nothing of an item above its minimum, without one, or archived', () => {
    expect(lowStockNotice(item({ currentStock: 10.001 }))).toBeNull();
    expect(lowStockNotice(item({ currentStock: 0, minStock: 0 }))).toBeNull();
    expect(lowStockNotice(item({ archived: true }))).toBeNull();
  });

  it('is a new notification after each restock, the same one until then', () => {
    const before = lowStockNotice(item())?.key;
    expect(lowStockNotice(item({ currentStock: 1 }))?.key).toBe(before);
    expect(lowStockNotice(item({ lastRestockId: 'restock-2' }))?.key).not.toBe(before);
    expect(lowStockNotice(item({ lastRestockId: null }))?.key).toBe(`low_stock:${ITEM_ID}:never`);
  });
});

const order = (facts: Partial<OrderFacts> = {}): OrderFacts => ({
  id: 'order-1',
  orderNumber: 'PO-2026-000123',
  supplier: 'Honeywell Mills',
  status: 'pending',
  expectedDelivery: '2026-11-20',
  ...facts,
});

describe('overdueOrderNotice', () => {
  it('tells of an order awaiting delivery after its expected date, linking to Purchase Orders', () => {
    expect(overdueOrderNotice(order(), '2026-11-23')).toEqual({
      key: 'order_overdue:order-1:2026-11-20',
      kind: 'order_overdue',
      title: 'Order overdue: PO-2026-000123',
      message: 'Honeywell Mills, expected 3 days ago',
      link: '/purchases',
      since: '2026-11-20T00:00:00.000Z',
    });
    expect(overdueOrderNotice(order({ status: 'shipped' }), '2026-11-21')?.message).toBe(
      'Honeywell Mills, expected 1 day ago',
    );
  });

  it('waits until the expected day is over', () => {
    expect(overdueOrderNotice(order(), '2026-11-20')).toBeNull();
    expect(overdueOrderNotice(order(), '2026-11-19')).toBeNull();
  });

  it('says nothing of a delivered or cancelled order, or one without a date', () => {
    expect(overdueOrderNotice(order({ status: 'delivered' }), '2026-12-01')).toBeNull();
    expect(overdueOrderNotice(order({ status: 'cancelled' }), '2026-12-01')).toBeNull();
    expect(overdueOrderNotice(order({ expectedDelivery: null }), '2026-12-01')).toBeNull();
  });

  it('is a new notification when the expected date moves', () => {
    const key = overdueOrderNotice(order(), '2026-12-01')?.key;
    expect(
      overdueOrderNotice(order({ expectedDelivery: '2026-11-25' }), '2026-12-01')?.key,
    ).not.toBe(key);
  });
});

const STARTED = new Date('2026-11-25T06:00:00Z');
const batch = (facts: Partial<BatchFacts> = {}): BatchFacts => ({
  id: 'batch-1',
  batchNumber: 'BATCH-20261125-001',
  recipeName: 'Agege Bread',
  status: 'in_progress',
  startedAt: STARTED,
  estimatedMinutes: 120,
  ...facts,
});
const minutesIn = (minutes: number) => new Date(STARTED.getTime() + minutes * 60_000);

describe('overdueBatchNotice', () => {
  it("tells of a batch in progress past its recipe's time, linking to Production", () => {
    expect(overdueBatchNotice(batch(), minutesIn(190))).toEqual({
      key: 'batch_overdue:batch-1:2026-11-25T06:00:00.000Z',
      kind: 'batch_overdue',
      title: 'Batch running long: Agege Bread',
      message: 'BATCH-20261125-001, in progress 3 h 10 min; the recipe takes 2 h',
      link: '/production',
      since: '2026-11-25T08:00:00.000Z',
    });
  });

  it('waits until the time is up', () => {
    expect(overdueBatchNotice(batch(), minutesIn(120))).toBeNull();
    expect(overdueBatchNotice(batch(), minutesIn(121))).not.toBeNull();
  });

  it('says nothing of a batch not in progress, never started, or of a recipe without a time', () => {
    for (const status of ['planned', 'completed', 'cancelled']) {
      expect(overdueBatchNotice(batch({ status }), minutesIn(500))).toBeNull();
    }
    expect(overdueBatchNotice(batch({ startedAt: null }), minutesIn(500))).toBeNull();
    expect(overdueBatchNotice(batch({ estimatedMinutes: null }), minutesIn(500))).toBeNull();
    expect(overdueBatchNotice(batch({ estimatedMinutes: 0 }), minutesIn(500))).toBeNull();
  });

  it('writes minutes as hours and minutes', () => {
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(60)).toBe('1 h');
    expect(formatMinutes(125)).toBe('2 h 5 min');
  });
});

const permission = (module: ModulePermission['module']): ModulePermission => ({
  module,
  canRead: true,
  canWrite: false,
  canDelete: false,
});

describe('visibleKinds', () => {
  it('shows each kind to those who may read its module, and all to admins', () => {
    expect(visibleKinds({ isAdmin: true, permissions: [] })).toEqual([
      'low_stock',
      'order_overdue',
      'batch_overdue',
    ]);
    expect(visibleKinds({ isAdmin: false, permissions: [permission('production')] })).toEqual([
      'batch_overdue',
    ]);
    expect(visibleKinds({ isAdmin: false, permissions: [permission('inventory')] })).toEqual([
      'low_stock',
    ]);
    expect(visibleKinds({ isAdmin: false, permissions: [permission('sales')] })).toEqual([]);
    const writeOnly = { ...permission('purchase_orders'), canRead: false, canWrite: true };
    expect(visibleKinds({ isAdmin: false, permissions: [writeOnly] })).toEqual([]);
  });
});

const noticeAt = (key: string, since: string): Notice => ({
  key,
  kind: 'low_stock',
  title: key,
  message: '',
  link: '/inventory',
  since,
});

describe('notificationList', () => {
  it('puts unread first, newest first within each, and counts the unread', () => {
    const list = notificationList(
      [
        noticeAt('old', '2026-11-01T00:00:00Z'),
        noticeAt('new', '2026-11-03T00:00:00Z'),
        noticeAt('read', '2026-11-04T00:00:00Z'),
      ],
      new Set(['read', 'gone']),
    );
    expect(list.notifications.map((n) => [n.key, n.read])).toEqual([
      ['new', false],
      ['old', false],
      ['read', true],
    ]);
    expect(list.total).toBe(3);
    expect(list.unread).toBe(2);
  });

  it('lists at most the limit but counts them all', () => {
    const many = Array.from({ length: NOTIFICATION_LIST_LIMIT + 5 }, (_, i) =>
      noticeAt(`n${i}`, new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString()),
    );
    const list = notificationList(many, new Set());
    expect(list.notifications).toHaveLength(NOTIFICATION_LIST_LIMIT);
    expect(list.total).toBe(NOTIFICATION_LIST_LIMIT + 5);
    expect(list.unread).toBe(NOTIFICATION_LIST_LIMIT + 5);
  });
});

describe('notificationReadSchema', () => {
  it('takes keys or all', () => {
    expect(notificationReadSchema.safeParse({ keys: ['low_stock:a:b'] }).success).toBe(true);
    expect(notificationReadSchema.safeParse({ all: true }).success).toBe(true);
  });

  it('refuses an empty request, an empty key, all: false and other fields', () => {
    const message = (body: unknown) =>
      notificationReadSchema.safeParse(body).error?.issues[0]?.message;
    expect(message({})).toBe('Name the notifications to mark read, or all');
    expect(message({ keys: [] })).toBe('Name the notifications to mark read, or all');
    expect(message({ keys: [''] })).toBe('A notification key cannot be empty');
    expect(message({ all: false })).toBe('All must be true');
    expect(notificationReadSchema.safeParse({ all: true, extra: 1 }).success).toBe(false);
  });
});
