/**
 * Buying: each office morning the manager reorders from a supplier when an
 * item's stock plus what is on order covers fewer than REORDER_DAYS above its
 * minimum; the items in ENDS_LOW get a last delivery sized to end the demo
 * under their minimum.
 */
import { roundQuantity } from '../../../domain/quantity';
import {
  BAKERY_HOURS,
  type CatalogItem,
  ORDER_NOTES,
  SUPPLIERS,
  type SupplierKey,
} from '../catalog';
import { DEMO_DAYS, hour } from './calendar';
import { ENDS_LOW, OrderBook } from './orders';
import {
  fromMilli,
  type Milli,
  nth,
  type Order,
  type OrderLine,
  roundToStep,
  toMilli,
} from './records';
import type { Simulation } from './simulate';
import { ITEMS } from './stock';

/** Reorder when stock on hand plus on order covers fewer than this many days above the minimum. */
const REORDER_DAYS = 4;

/** What each item is used of per day (from every movement but the opening stock), and from then on. */
function forecast(sim: Simulation) {
  const use = ITEMS.map(() => new Array<Milli>(DEMO_DAYS).fill(0));
  for (const m of sim.stock.movements) {
    if (m.reason === 'initial_stock') continue;
    const perDay = nth(use, m.item);
    const k = sim.calendar.dayOf(m.at);
    perDay[k] = nth(perDay, k) - m.milli;
  }
  /** Use from day k to the end. */
  const remaining = use.map((perDay) => {
    const suffix = new Array<Milli>(DEMO_DAYS + 1).fill(0);
    for (let k = DEMO_DAYS - 1; k >= 0; k--) suffix[k] = nth(suffix, k + 1) + nth(perDay, k);
    return suffix;
  });
  const averageUse = use.map((perDay) => perDay.reduce((a, b) => a + b, 0) / DEMO_DAYS);
  const reorderPoint = ITEMS.map(
    (item, i) => toMilli(item.minStock) + nth(averageUse, i) * REORDER_DAYS,
  );
  return { use, remaining, averageUse, reorderPoint };
}

/** The store room day by day: stock, what is on order, and the orders placed. */
class Buyer {
  private readonly plan: ReturnType<typeof forecast>;
  private readonly stock = ITEMS.map((item) => toMilli(item.openingStock));
  private readonly onOrder = ITEMS.map(() => 0);
  /** Items whose last delivery has been ordered. */
  private readonly frozen = ITEMS.map(() => false);
  private readonly deliveries: { day: number; order: Order }[] = [];

  constructor(
    private readonly sim: Simulation,
    private readonly book: OrderBook,
  ) {
    this.plan = forecast(sim);
  }

  day(k: number) {
    for (const { order } of this.deliveries.filter((d) => d.day === k)) this.deliver(order);
    const triggered = this.triggeredSuppliers();
    for (const supplier of Object.keys(SUPPLIERS) as SupplierKey[]) {
      if (triggered.has(supplier)) this.order(k, supplier);
    }
    ITEMS.forEach((_, i) => {
      this.stock[i] = nth(this.stock, i) - (this.plan.use[i]?.[k] as number);
    });
  }

  private deliver(order: Order) {
    for (const l of order.lines) {
      const milli = toMilli(l.quantity);
      this.stock[l.item] = nth(this.stock, l.item) + milli;
      this.onOrder[l.item] = nth(this.onOrder, l.item) - milli;
    }
  }

  private position(i: number) {
    return nth(this.stock, i) + nth(this.onOrder, i);
  }

  private isBought(i: number) {
    return !this.frozen[i] && nth(this.plan.averageUse, i) > 0;
  }

  private triggeredSuppliers() {
    const triggered = new Set<SupplierKey>();
    ITEMS.forEach((item, i) => {
      if (this.isBought(i) && this.position(i) <= nth(this.plan.reorderPoint, i)) {
        triggered.add(item.supplier);
      }
    });
    return triggered;
  }

  private order(k: number, supplier: SupplierKey) {
    const { calendar, random, ids } = this.sim;
    // Seconds and milliseconds too: the default order number takes the timestamp's last digits.
    const orderDate = new Date(
      calendar.at(k, hour(BAKERY_HOURS.officeStart) + random.int(30, 240)).getTime() +
        random.int(0, 59_999),
    );
    const lead = random.int(1, 3);
    const deliveredAt = calendar.at(
      Math.min(k + lead, calendar.today),
      hour(10) + random.int(0, 300),
    );
    if (!calendar.notAfterNow(orderDate)) return;
    const delivered = k + lead <= calendar.today && calendar.notAfterNow(deliveredAt);
    const lines: OrderLine[] = [];
    ITEMS.forEach((item, i) => {
      if (item.supplier !== supplier || !this.isBought(i)) return;
      const quantity = this.quantityOf(item, i, k, delivered && k + lead < calendar.today);
      if (quantity !== null) lines.push(this.book.line(i, roundQuantity(quantity), k));
    });
    if (lines.length === 0) return;
    const order: Order = {
      id: ids.uuid(),
      orderNumber: this.book.numberFor(orderDate),
      supplier,
      status: delivered ? 'delivered' : this.openStatus(orderDate),
      lines,
      orderDate,
      expectedDelivery: calendar.dateAfter(k, lead),
      deliveredDate: delivered ? deliveredAt : null,
      notes: random.chance(0.25) ? random.pick(ORDER_NOTES) : null,
    };
    this.book.orders.push(order);
    for (const l of lines) this.onOrder[l.item] = nth(this.onOrder, l.item) + toMilli(l.quantity);
    if (delivered) this.deliveries.push({ day: k + lead, order });
  }

  /** An order not delivered: on its way once a day has passed. */
  private openStatus(orderDate: Date) {
    return orderDate.getTime() < this.sim.calendar.now.getTime() - 86_400_000
      ? 'shipped'
      : 'pending';
  }

  /**
   * How much of item i to order on day k, or null for none. Goods due are
   * ordered; others from the same supplier ride along when they will soon be due.
   */
  private quantityOf(item: CatalogItem, i: number, k: number, deliveredBeforeToday: boolean) {
    const endsLow = ENDS_LOW.includes(item.key);
    const { averageUse, reorderPoint } = this.plan;
    const due = this.position(i) <= nth(reorderPoint, i);
    const topUp =
      !endsLow && this.position(i) <= nth(reorderPoint, i) * 1.3 + nth(averageUse, i) * 7;
    if (!due && !topUp) return null;
    const quantity = roundToStep(
      item.orderQuantity * this.sim.random.pick([0.8, 1, 1, 1.2]),
      item.orderStep,
    );
    if (!(endsLow && deliveredBeforeToday)) return quantity;
    const last = this.lastDelivery(item, i, k);
    if (last === undefined) return quantity;
    return last > 0 ? last : null;
  }

  /**
   * The last delivery of an item that ends low, sized so it ends at half its
   * minimum; undefined while that would take more than a couple of orders'
   * worth. Once sized, the item is not ordered again.
   */
  private lastDelivery(item: CatalogItem, i: number, k: number): number | undefined {
    const endWithout = this.position(i) - (this.plan.remaining[i]?.[k] as number);
    const needed = fromMilli(toMilli(item.minStock / 2) - endWithout);
    if (needed > 2.2 * item.orderQuantity) return undefined;
    this.frozen[i] = true;
    return Math.round(needed / item.orderStep) * item.orderStep;
  }
}

/** Every purchase order of the demo, in date order, with the receipts of those delivered. */
export function buy(sim: Simulation): Order[] {
  const book = new OrderBook(sim);
  const buyer = new Buyer(sim, book);
  for (let k = 0; k <= sim.calendar.today; k++) buyer.day(k);
  book.cancelDuplicate();
  book.reorderWhatEndsLow();
  book.receive();
  return book.orders;
}
