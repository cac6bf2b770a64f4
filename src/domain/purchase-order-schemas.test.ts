import { describe, expect, it } from 'vitest';
import {
  defaultOrderNumber,
  isDeliveryInPast,
  lineCosts,
  lineTotalOf,
  movingAverageCost,
  orderTotal,
  purchaseOrderSchema,
  TOTAL_COST_REQUIRED,
  UNIT_COST_TOO_LARGE,
  unitCostOf,
  unusualUnitCost,
} from './purchase-order-schemas';

const ITEM = '7f0c2a8e-7a8a-4e43-9d36-1c2b6f3f1a11';
const order = (items: unknown[]) => ({ supplier: 'Golden Penny Mills', items });

describe('purchase order lines', () => {
  it('asks for a total cost when a quantity is given', () => {
    const result = purchaseOrderSchema.safeParse(
      order([{ itemId: ITEM, quantity: 5, totalCost: 0 }]),
    );
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['items', 0, 'totalCost'], message: TOTAL_COST_REQUIRED }),
    ]);
  });

  it('keeps line totals and unit costs within what the database holds', () => {
    const line = (quantity: number, totalCost: number) =>
      purchaseOrderSchema.safeParse(order([{ itemId: ITEM, quantity, totalCost }]));
    expect(line(1, 1_000_000_000).success).toBe(true);
    expect(line(1, 1_000_000_000.01).error?.issues[0]?.message).toBe('Total cost is too large');
    // ₦1,000,000 for 0.001 kg is ₦1 billion per kg: at the limit, not beyond it.
    expect(line(0.001, 1_000_000).success).toBe(true);
    expect(line(0.001, 1_000_000.01).error?.issues).toEqual([
      expect.objectContaining({ path: ['items', 0, 'totalCost'], message: UNIT_COST_TOO_LARGE }),
    ]);
  });

  it('reads an item id in capitals as the same, lower-case id', () => {
    const parsed = purchaseOrderSchema.parse(
      order([{ itemId: ITEM.toUpperCase(), quantity: 1, totalCost: 5 }]),
    );
    expect(parsed.items[0]?.itemId).toBe(ITEM);
  });

  it('refuses an order without lines, and lines without a quantity', () => {
    expect(purchaseOrderSchema.safeParse(order([])).error?.issues[0]?.message).toBe(
      'Add at least one item',
    );
    const zero = purchaseOrderSchema.safeParse(
      order([{ itemId: ITEM, quantity: 0, totalCost: 10 }]),
    );
    expect(zero.error?.issues[0]?.message).toBe('Quantity must be greater than 0');
    const empty = purchaseOrderSchema.safeParse(order([{ itemId: ITEM, quantity: Number.NaN }]));
    expect(empty.error?.issues[0]?.message).toBe('Quantity is required');
    const typed = purchaseOrderSchema.safeParse(order([{ itemId: ITEM, quantity: 'ten' }]));
    expect(typed.error?.issues[0]?.message).toBe('Quantity must be a number');
  });

  it('calls a delivery before today a slip, today or later fine, none fine', () => {
    expect(isDeliveryInPast('2026-11-24', '2026-11-25')).toBe(true);
    expect(isDeliveryInPast('2026-11-25', '2026-11-25')).toBe(false);
    expect(isDeliveryInPast('2027-01-01', '2026-11-25')).toBe(false);
    expect(isDeliveryInPast(null, '2026-11-25')).toBe(false);
    expect(isDeliveryInPast('', '2026-11-25')).toBe(false);
  });

  it('defaults the status to pending and turns an empty delivery date into none', () => {
    const parsed = purchaseOrderSchema.parse({
      ...order([{ itemId: ITEM, quantity: 2, totalCost: 100 }]),
      expectedDelivery: '',
    });
    expect(parsed.status).toBe('pending');
    expect(parsed.expectedDelivery).toBeNull();
  });
});

describe("lines priced by unit cost (the spec's call shape)", () => {
  it('accepts a unit cost instead of a total, and asks for one of them', () => {
    expect(
      purchaseOrderSchema.safeParse(order([{ itemId: ITEM, quantity: 10, unitCost: 850.5 }]))
        .success,
    ).toBe(true);
    const neither = purchaseOrderSchema.safeParse(order([{ itemId: ITEM, quantity: 10 }]));
    expect(neither.error?.issues).toEqual([
      expect.objectContaining({ path: ['items', 0, 'totalCost'], message: TOTAL_COST_REQUIRED }),
    ]);
  });

  it('tells the unit cost field when the line it prices comes to nothing or too much', () => {
    const issues = (unitCost: number, quantity = 10) =>
      purchaseOrderSchema.safeParse(order([{ itemId: ITEM, quantity, unitCost }])).error?.issues;
    expect(issues(0)).toEqual([
      expect.objectContaining({ path: ['items', 0, 'unitCost'], message: TOTAL_COST_REQUIRED }),
    ]);
    // ₦0.0001 × 0.001 is far below a kobo.
    expect(issues(0.0001, 0.001)?.[0]?.message).toBe(TOTAL_COST_REQUIRED);
    expect(issues(-1)?.[0]?.message).toBe('Unit cost cannot be negative');
    expect(issues(1.00001)?.[0]?.message).toBe('Unit cost can have at most 4 decimal places');
    expect(issues(1_000_000_000, 2)).toEqual([
      expect.objectContaining({
        path: ['items', 0, 'unitCost'],
        message: 'Total cost is too large',
      }),
    ]);
  });

  it('makes the line total quantity × unit cost, exact to the kobo, half away from zero', () => {
    expect(lineTotalOf(10, 850.5)).toBe(8505);
    // Floats make 0.105 × 10 = 1.0499999…, and 1.005 × 1 = 1.00499…: both round up here.
    expect(lineTotalOf(10, 0.105)).toBe(1.05);
    expect(lineTotalOf(1, 1.005)).toBe(1.01);
    expect(lineTotalOf(3, 3333.3333)).toBe(10_000);
    expect(lineTotalOf(0.125, 0.0004)).toBe(0);
    expect(lineTotalOf(1.5, 0.0033)).toBe(0);
    expect(lineTotalOf(1.5, 0.0034)).toBe(0.01);
    expect(lineTotalOf(1_000_000_000, 1_000_000_000)).toBe(1e18);
  });

  it('keeps an entered total and derives the unit cost from it, whatever unit cost came along', () => {
    expect(lineCosts({ itemId: ITEM, quantity: 3, totalCost: 10_000, unitCost: 1 })).toEqual({
      totalCost: 10_000,
      unitCost: 3333.3333,
    });
    expect(lineCosts({ itemId: ITEM, quantity: 3, unitCost: 0.105 })).toEqual({
      totalCost: 0.32,
      unitCost: 0.105,
    });
  });
});

describe('order arithmetic', () => {
  it('derives the unit cost as total ÷ quantity, 0 without a quantity', () => {
    expect(unitCostOf(10_000, 3)).toBe(3333.3333);
    expect(unitCostOf(500, 0)).toBe(0);
  });

  it('totals the lines exactly to the kobo', () => {
    expect(orderTotal([{ totalCost: 0.1 }, { totalCost: 0.1 }, { totalCost: 0.1 }])).toBe(0.3);
    expect(orderTotal([{ totalCost: 10_000 }, { totalCost: 1250.55 }])).toBe(11_250.55);
  });

  it('numbers orders PO-{year}-{last 6 digits of the timestamp}', () => {
    const at = new Date('2026-11-21T10:00:00.123Z');
    expect(defaultOrderNumber(at)).toBe(`PO-2026-${String(at.getTime()).slice(-6)}`);
  });

  it('averages the cost of stock on hand and the received lot', () => {
    expect(movingAverageCost(10, 1000, 30, 1200)).toBe(1150);
    expect(movingAverageCost(0, 1000, 5, 1300)).toBe(1300);
    // Negative stock (production ran ahead of receipts) counts as none on hand.
    expect(movingAverageCost(-4, 1000, 5, 1300)).toBe(1300);
  });
});

describe('unusualUnitCost', () => {
  it('warns beyond 3 times the item cost or below a third of it', () => {
    expect(unusualUnitCost(50_000, 1_689, 'kg')).toBe(
      '₦50,000.00 per kg is far above the usual ₦1,689.00: check the total',
    );
    expect(unusualUnitCost(100, 1_000, 'units')).toBe(
      '₦100.00 per unit is far below the usual ₦1,000.00: check the total',
    );
  });

  it('lets prices within 3 times either way pass, the limits included', () => {
    expect(unusualUnitCost(3_000, 1_000, 'kg')).toBeNull();
    expect(unusualUnitCost(1_000 / 3, 1_000, 'kg')).toBeNull();
    expect(unusualUnitCost(1_800, 1_689, 'kg')).toBeNull();
  });

  it('says nothing when the item has no cost yet or the line no price', () => {
    expect(unusualUnitCost(50_000, 0, 'kg')).toBeNull();
    expect(unusualUnitCost(0, 1_689, 'kg')).toBeNull();
    expect(unusualUnitCost(Number.NaN, 1_689, 'kg')).toBeNull();
  });
});
