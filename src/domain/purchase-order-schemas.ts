import { z } from 'zod';
import { isStorableText, recordId, storable } from './fields';
import { costToKobo, exactCost, formatNaira, fromKobo, hasAtMostDecimals, sumNaira } from './money';

export const PURCHASE_ORDER_STATUSES = ['pending', 'shipped', 'delivered', 'cancelled'] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

export const PURCHASE_ORDER_STATUS_LABELS: Record<PurchaseOrderStatus, string> = {
  pending: 'Pending',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export const DELIVERY_IN_PAST = 'Expected delivery cannot be in the past';

/**
 * A delivery expected before `today` (the bakery's date, yyyy-MM-dd) is a slip:
 * the order would be overdue the moment it is placed. The zone is the server's
 * setting, so the check takes today from its caller rather than the schema.
 */
export function isDeliveryInPast(expectedDelivery: string | null | undefined, today: string) {
  return Boolean(expectedDelivery) && (expectedDelivery as string) < today;
}

export const TOTAL_COST_REQUIRED = 'Total cost must be greater than 0 when quantity is specified';
export const UNIT_COST_TOO_LARGE = 'Total cost ÷ quantity is too large for a unit cost';

/**
 * A line's total, as the naira amounts elsewhere: 100 lines of it still fit the
 * order total (NUMERIC(14,2)).
 */
const MAX_LINE_TOTAL = 1_000_000_000;
/** An item's unit cost is at most this (inventory-schemas), so a line's may not be more. */
const MAX_UNIT_COST = 1_000_000_000;

/**
 * One line as the baker enters it: how much, and what the whole lot cost. The
 * unit cost is derived from these (total ÷ quantity), so the order total
 * is the sum of what was entered, exact to the kobo. A caller that follows the
 * original call list (`items[{itemId, quantity, unitCost}]`, docs/api.md) may send the unit cost
 * instead; the line total is then quantity × unit cost to the kobo
 * (`lineCosts`). With both, the total wins and the unit cost is recomputed.
 */
export const purchaseOrderLineSchema = z
  .strictObject({
    itemId: recordId('Choose an item'),
    quantity: z
      .number({
        // An empty box reaches here as NaN (or null over JSON): it is missing, not mistyped.
        error: ({ input }) =>
          input === undefined || input === null || Number.isNaN(input)
            ? 'Quantity is required'
            : 'Quantity must be a number',
      })
      .gt(0, { error: 'Quantity must be greater than 0' })
      .max(1_000_000_000, { error: 'Quantity is too large' })
      .refine((value) => hasAtMostDecimals(value, 3), {
        error: 'Quantity can have at most 3 decimal places',
      }),
    totalCost: z
      .number({ error: TOTAL_COST_REQUIRED })
      .max(MAX_LINE_TOTAL, { error: 'Total cost is too large' })
      .refine((value) => hasAtMostDecimals(value, 2), {
        error: 'Total cost can have at most 2 decimal places',
      })
      .optional()
      .describe('What the whole line cost. Send this or unitCost; with both, this wins.'),
    unitCost: z
      .number({ error: 'Unit cost must be a number' })
      .min(0, { error: 'Unit cost cannot be negative' })
      .max(MAX_UNIT_COST, { error: 'Unit cost is too large' })
      .refine((value) => hasAtMostDecimals(value, 4), {
        error: 'Unit cost can have at most 4 decimal places',
      })
      .optional()
      .describe('Cost per unit; the line total is quantity × unitCost to the kobo.'),
  })
  .superRefine((line, context) => {
    // The field the caller priced the line with is the one told what is wrong.
    const path = [
      line.totalCost === undefined && line.unitCost !== undefined ? 'unitCost' : 'totalCost',
    ];
    const { totalCost, unitCost } = lineCosts(line);
    if (!(totalCost > 0)) {
      context.addIssue({ code: 'custom', path, message: TOTAL_COST_REQUIRED });
    } else if (totalCost > MAX_LINE_TOTAL) {
      context.addIssue({ code: 'custom', path, message: 'Total cost is too large' });
    } else if (unitCost > MAX_UNIT_COST) {
      // A tiny quantity at a large total: a rate no item's cost can hold.
      context.addIssue({ code: 'custom', path, message: UNIT_COST_TOO_LARGE });
    }
  });
export type PurchaseOrderLineInput = z.input<typeof purchaseOrderLineSchema>;

const ORDER_NUMBER = /^[A-Za-z0-9][A-Za-z0-9\-_/]*$/;

export const purchaseOrderSchema = z.strictObject({
  orderNumber: z
    .string({ error: 'Order number is required' })
    .trim()
    .min(1, { error: 'Order number is required' })
    .max(50, { error: 'Order number must be less than 50 characters' })
    .regex(ORDER_NUMBER, { error: 'Order number can only contain letters, numbers, -, _ and /' })
    .optional(),
  supplier: z
    .string({ error: 'Supplier is required' })
    .refine(isStorableText, storable('Supplier'))
    .trim()
    .min(1, { error: 'Supplier is required' })
    .max(200, { error: 'Supplier must be less than 200 characters' }),
  status: z.enum(PURCHASE_ORDER_STATUSES, { error: 'Choose a status' }).default('pending'),
  items: z
    .array(purchaseOrderLineSchema, { error: 'Add at least one item' })
    .min(1, { error: 'Add at least one item' })
    .max(100, { error: 'An order can have at most 100 items' }),
  /** Accepted from callers of the original call list (docs/api.md); must equal the lines' sum. */
  totalAmount: z.number().optional(),
  expectedDelivery: z.iso
    .date({ error: 'Expected delivery must be a date (yyyy-MM-dd)' })
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  notes: z
    .string({ error: 'Notes must be text' })
    .refine(isStorableText, storable('Notes'))
    .trim()
    .max(2000, { error: 'Notes must be less than 2000 characters' })
    .nullable()
    .optional(),
});
export type PurchaseOrderInput = z.input<typeof purchaseOrderSchema>;

/**
 * Quantity × unit cost to the kobo, half away from zero, in exact decimal
 * arithmetic: thousandths of a unit times ten-thousandths of a naira, then
 * rounded once (floats would make 0.105 × 10 a kobo short).
 */
export function lineTotalOf(quantity: number, unitCost: number): number {
  return fromKobo(costToKobo(exactCost(quantity, unitCost)));
}

/**
 * A line's total and unit cost: the total as entered (the unit cost derived),
 * or, when only a unit cost was sent, that unit cost and quantity × it.
 */
export function lineCosts(line: PurchaseOrderLineInput): { totalCost: number; unitCost: number } {
  if (line.totalCost !== undefined || line.unitCost === undefined) {
    const totalCost = line.totalCost ?? 0;
    return { totalCost, unitCost: unitCostOf(totalCost, line.quantity) };
  }
  return { totalCost: lineTotalOf(line.quantity, line.unitCost), unitCost: line.unitCost };
}

/** Unit cost = total ÷ quantity (0 without a quantity), kept to 4 decimals. */
export function unitCostOf(totalCost: number, quantity: number): number {
  if (!(quantity > 0)) return 0;
  return Math.round((totalCost / quantity) * 10_000) / 10_000;
}

/** Beyond this many times an item's cost, or below its reciprocal, a line's price looks like a slip. */
export const PRICE_WARNING_FACTOR = 3;

/**
 * A warning for a line priced far from the item's average cost (above 3× or
 * below ⅓ of it), such as ₦50,000 a kg of flour against ₦1,689, which receiving
 * would fold into the average. Still allowed: prices do jump. None when the
 * item has no cost yet or the line no price.
 */
export function unusualUnitCost(
  lineUnitCost: number,
  itemUnitCost: number,
  unit: string,
): string | null {
  if (!(itemUnitCost > 0) || !(lineUnitCost > 0)) return null;
  const ratio = lineUnitCost / itemUnitCost;
  if (ratio <= PRICE_WARNING_FACTOR && ratio >= 1 / PRICE_WARNING_FACTOR) return null;
  const side = ratio > 1 ? 'above' : 'below';
  const per = { units: 'unit', liters: 'liter' }[unit] ?? unit;
  return `${formatNaira(lineUnitCost)} per ${per} is far ${side} the usual ${formatNaira(itemUnitCost)}: check the total`;
}

/** The order total: the sum of the line totals, in whole kobo. */
export function orderTotal(lines: readonly { totalCost: number }[]): number {
  return sumNaira(lines.map((line) => line.totalCost));
}

/** The default order number: PO-{year}-{last 6 digits of the timestamp}. */
export function defaultOrderNumber(now: Date = new Date()): string {
  return `PO-${now.getFullYear()}-${String(now.getTime()).slice(-6)}`;
}

/** Moving average: stock on hand at its cost, plus the received lot at its cost. */
export function movingAverageCost(
  stockOnHand: number,
  currentUnitCost: number,
  receivedQuantity: number,
  receivedUnitCost: number,
): number {
  const onHand = Math.max(stockOnHand, 0);
  const quantity = onHand + receivedQuantity;
  if (!(quantity > 0)) return receivedUnitCost;
  const value = onHand * currentUnitCost + receivedQuantity * receivedUnitCost;
  return Math.round((value / quantity) * 10_000) / 10_000;
}
