import { describe, expect, it } from 'vitest';
import {
  defaultOrderNumber,
  movingAverageCost,
  orderTotal,
  purchaseOrderSchema,
  TOTAL_COST_REQUIRED,
  UNIT_COST_TOO_LARGE,
  unitCostOf,
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
