/**
 * The purchase orders placed: their numbers, their suppliers' prices, the
 * orders still open when the demo ends, and the receipts of those delivered.
 */
import { defaultOrderNumber, orderTotal, unitCostOf } from '../../../domain/purchase-order-schemas';
import { SUPPLIERS, type SupplierKey } from '../catalog';
import { hour, MINUTE } from './calendar';
import { nth, type Order, type OrderLine, roundToStep, toMilli } from './records';
import type { Plan, Simulation } from './simulate';
import { ITEMS, itemIndex } from './stock';

/** Items whose last delivery is sized so they end just under their minimum: the low-stock alert shows. */
export const ENDS_LOW: readonly string[] = ['yeast', 'preservative', 'gas', 'nylon'];

export class OrderBook {
  readonly orders: Order[] = [];
  private readonly takenNumbers = new Set<string>();

  constructor(private readonly sim: Simulation) {}

  /** The default order number, moved on past any already taken. */
  numberFor(orderDate: Date) {
    let orderNumber = defaultOrderNumber(orderDate);
    while (this.takenNumbers.has(orderNumber)) {
      const digits = (Number(orderNumber.slice(-6)) + 1) % 1_000_000;
      orderNumber = `${orderNumber.slice(0, -6)}${String(digits).padStart(6, '0')}`;
    }
    this.takenNumbers.add(orderNumber);
    return orderNumber;
  }

  /** The supplier's price on day k: about 1.2% a month of inflation, and a little haggling. */
  line(item: number, quantity: number, k: number): OrderLine {
    const catalog = nth(ITEMS, item);
    const price = catalog.unitCost * (1 + (0.012 * k) / 30) * this.sim.random.between(0.97, 1.04);
    // Invoices are in round hundreds of naira.
    const totalCost = roundToStep(quantity * price, 100);
    return { item, quantity, totalCost, unitCost: unitCostOf(totalCost, quantity) };
  }

  /** One order was cancelled: placed twice by phone, the second one called off. */
  cancelDuplicate() {
    const { calendar, random, ids } = this.sim;
    const duplicateOf = this.orders.find((o) => calendar.dayOf(o.orderDate) >= calendar.today - 50);
    if (!duplicateOf) return;
    const k = calendar.dayOf(duplicateOf.orderDate);
    const orderDate = new Date(duplicateOf.orderDate.getTime() + random.int(90, 180) * MINUTE);
    this.orders.push({
      ...duplicateOf,
      id: ids.uuid(),
      orderNumber: this.numberFor(orderDate),
      status: 'cancelled',
      lines: duplicateOf.lines.map((l) => this.line(l.item, l.quantity, k)),
      orderDate,
      deliveredDate: null,
      notes: `Cancelled: duplicate of ${duplicateOf.orderNumber}, placed by phone the same morning`,
    });
  }

  /**
   * The items that end low have been reordered from the low-stock alert, not
   * yet delivered; the first supplier has already sent the goods on their way.
   */
  reorderWhatEndsLow() {
    const { calendar, ids } = this.sim;
    const orderDate = new Date(
      Math.min(
        calendar.at(calendar.today, hour(9) + 15).getTime(),
        calendar.now.getTime() - 30 * MINUTE,
      ),
    );
    const bySupplier = new Map<SupplierKey, number[]>();
    for (const key of ENDS_LOW) {
      const i = itemIndex.get(key) as number;
      const supplier = nth(ITEMS, i).supplier;
      bySupplier.set(supplier, [...(bySupplier.get(supplier) ?? []), i]);
    }
    let shift = 0;
    for (const [supplier, list] of bySupplier) {
      const shipped = shift === 0;
      const placed = new Date(orderDate.getTime() - (shipped ? 26 * 60 : shift * 7) * MINUTE);
      shift++;
      this.orders.push({
        id: ids.uuid(),
        orderNumber: this.numberFor(placed),
        supplier,
        status: shipped ? 'shipped' : 'pending',
        lines: list.map((i) => this.line(i, nth(ITEMS, i).orderQuantity, calendar.today)),
        orderDate: placed,
        expectedDelivery: calendar.dateAfter(calendar.today, shipped ? 1 : 2),
        deliveredDate: null,
        notes: shipped
          ? 'Reorder from the low-stock alert; the supplier says the truck has left'
          : 'Reorder from the low-stock alert',
      });
    }
  }

  /** Puts the orders in date order and records a receipt for each delivered line. */
  receive() {
    this.orders.sort((a, b) => a.orderDate.getTime() - b.orderDate.getTime());
    for (const order of this.orders) {
      if (order.status !== 'delivered' || !order.deliveredDate) continue;
      for (const l of order.lines) {
        this.sim.stock.move({
          item: l.item,
          milli: toMilli(l.quantity),
          reason: 'receipt',
          reference: { type: 'purchase_order', id: order.id },
          unitCost: l.unitCost,
          userId: this.sim.userIds.funmi_manager,
          at: order.deliveredDate,
        });
      }
    }
  }
}

export function orderRows(plan: Plan) {
  return plan.orders.map((order) => {
    const lines = order.lines.map((l) => ({
      itemId: nth(plan.itemIds, l.item),
      quantity: l.quantity,
      totalCost: l.totalCost,
      unitCost: l.unitCost,
    }));
    return {
      id: order.id,
      orderNumber: order.orderNumber,
      supplier: SUPPLIERS[order.supplier].name,
      status: order.status,
      items: lines,
      totalAmount: orderTotal(lines),
      orderDate: order.orderDate,
      expectedDelivery: order.expectedDelivery
        ? new Date(`${order.expectedDelivery}T00:00:00Z`)
        : null,
      deliveredDate: order.deliveredDate,
      notes: order.notes,
      createdAt: order.orderDate,
      updatedAt: order.deliveredDate ?? order.orderDate,
    };
  });
}
