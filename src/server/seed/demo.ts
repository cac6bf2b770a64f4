/**
 * `npm run seed:demo`: a realistic bakery for the last 90 days, so a newcomer
 * sees every screen filled.
 *
 * The bakery's life is simulated in memory first, with a seeded random
 * generator (the same `now` gives the same data), then written in bulk inside
 * one transaction: all of it or nothing. The simulation keeps every invariant
 * the app relies on:
 *   - an item's stock is the sum of its stock movements (opening stock,
 *     receipts referencing their order, production and cancellations
 *     referencing their batch, weekly stock counts of consumables);
 *   - a batch takes its recipe scaled by its flour, through the same domain
 *     function the production service uses (scaledRequirement);
 *   - a sale never takes more loaves of a bread than completed batches had
 *     made by that moment, and draws from the oldest batch first;
 *   - a return never exceeds what the distributor bought of that bread;
 *   - money is counted in whole kobo.
 */
import { inArray, sql } from 'drizzle-orm';
import type { PaymentMethod, ReturnReason } from '../../domain/distributor-schemas';
import { fromKobo, type Kobo, toKobo } from '../../domain/money';
import { defaultBatchNumber, freeBatchNumber, scaledRequirement } from '../../domain/production';
import {
  defaultOrderNumber,
  movingAverageCost,
  orderTotal,
  type PurchaseOrderStatus,
  unitCostOf,
} from '../../domain/purchase-order-schemas';
import { roundQuantity } from '../../domain/quantity';
import { businessDate, zonedMidnight } from '../../domain/time';
import { hashPassword } from '../auth/password';
import type { Database } from '../db/connection';
import {
  breadReturns,
  distributorPayments,
  distributors,
  inventoryItems,
  productionBatches,
  purchaseOrders,
  recipes,
  roles,
  salesTransactions,
  stockMovements,
  userRoles,
  users,
} from '../db/schema';
import { saveSettings } from '../modules/admin/settings';
import {
  BAKERY_HOURS,
  BAKERY_TIME_ZONE,
  BANKS,
  BATCH_NOTES,
  CANCEL_NOTES,
  type CatalogItem,
  type CatalogRecipe,
  DEMO_PASSWORD,
  DEMO_USERS,
  DISTRIBUTORS,
  INVENTORY_ITEMS,
  MOBILE_WALLETS,
  ORDER_NOTES,
  RECIPES,
  RETURN_NOTES,
  SUPPLIERS,
  type SupplierKey,
} from './catalog';
import {
  demoUsernames,
  emptyBusinessTables,
  existingBusinessData,
  FORCE_FLAG,
  SeedRefusedError,
} from './existing-data';
import { Random } from './random';

/** How many business days the demo covers, today included. */
/** The demo bakery's letterhead, at the head of its printed statements. */
export const DEMO_LETTERHEAD = {
  bakeryName: 'Golden Crust Bakery Ltd',
  bakeryAddress: '14 Oba Akran Avenue, Ikeja, Lagos',
  bakeryPhone: '+234 803 555 0142',
};

export const DEMO_DAYS = 90;
const SEED = 20_260_101;

export interface SeedDemoOptions {
  /** The moment the demo ends at; default now. Nothing is dated after it. */
  now?: Date;
  /** Empty the business tables first (roles, permissions and settings are kept). */
  force?: boolean;
  /** The business time zone; default Africa/Lagos. */
  timeZone?: string;
  /** A precomputed hash of DEMO_PASSWORD (tests seed several times; hashing takes a while). */
  passwordHash?: string;
}

export interface SeedDemoSummary {
  firstDay: string;
  lastDay: string;
  users: number;
  inventoryItems: number;
  lowStockItems: number;
  stockMovements: number;
  purchaseOrders: number;
  purchaseOrdersByStatus: Record<PurchaseOrderStatus, number>;
  recipes: number;
  productionBatches: number;
  batchesByStatus: Record<'planned' | 'in_progress' | 'completed' | 'cancelled', number>;
  loavesProduced: number;
  distributors: number;
  archivedDistributors: number;
  sales: number;
  loavesSold: number;
  payments: number;
  returns: number;
  loavesReturned: number;
  /** ₦: loaves × price over all sales. */
  salesValue: number;
  /** ₦: paid at sale plus payments. */
  cashReceived: number;
  /** ₦: purchase orders not cancelled. */
  expenditure: number;
}

/** list[index], which the simulation knows to be there. */
function nth<T>(list: readonly T[], index: number): T {
  const value = list[index];
  if (value === undefined) throw new RangeError(`No entry ${index}`);
  return value;
}

// ---------------------------------------------------------------------------
// The simulated records

/** Stock quantities are tracked in thousandths (the 3 decimals the database keeps), as integers. */
type Milli = number;
const toMilli = (quantity: number): Milli => Math.round(quantity * 1000);
const fromMilli = (milli: Milli): number => milli / 1000;

type MovementReason =
  | 'initial_stock'
  | 'receipt'
  | 'production'
  | 'production_cancelled'
  | 'manual_adjustment';

interface Movement {
  id: string;
  item: number;
  milli: Milli;
  reason: MovementReason;
  reference: { type: 'purchase_order' | 'production_batch'; id: string } | null;
  /** For a receipt: the line's unit cost, for the moving average. */
  unitCost?: number;
  userId: string;
  at: Date;
  seq: number;
}

type BatchStatus = 'planned' | 'in_progress' | 'completed' | 'cancelled';

interface Batch {
  id: string;
  batchNumber: string;
  recipe: number;
  flourKg: number;
  status: BatchStatus;
  createdAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
  cancelledAt: Date | null;
  loaves: number | null;
  notes: string | null;
  userId: string;
}

interface OrderLine {
  item: number;
  quantity: number;
  totalCost: number;
  unitCost: number;
}

interface Order {
  id: string;
  orderNumber: string;
  supplier: SupplierKey;
  status: PurchaseOrderStatus;
  lines: OrderLine[];
  orderDate: Date;
  expectedDelivery: string | null;
  deliveredDate: Date | null;
  notes: string | null;
}

interface Sale {
  id: string;
  distributor: number;
  recipe: number;
  batchId: string;
  loaves: number;
  price: Kobo;
  paid: Kobo;
  notes: string | null;
  at: Date;
}

interface Payment {
  id: string;
  distributor: number;
  amount: Kobo;
  method: PaymentMethod;
  description: string;
  at: Date;
}

interface Return {
  id: string;
  distributor: number;
  recipe: number;
  loaves: number;
  price: Kobo;
  reason: ReturnReason;
  notes: string | null;
  at: Date;
}

/** Items whose last delivery is sized so they end just under their minimum: the low-stock alert shows. */
const ENDS_LOW: readonly string[] = ['yeast', 'preservative', 'gas', 'nylon'];
/** Reorder when stock on hand plus on order covers fewer than this many days above the minimum. */
const REORDER_DAYS = 4;
/** Distributor price rise (flour went up) this many days before today, ₦ per loaf. */
const PRICE_RISE = { daysAgo: 45, naira: 100 };
/** Big customers get this discount per loaf, ₦. */
const VOLUME_DISCOUNT = { fromVolume: 1.5, naira: 50 };
/** The last distributor closed its shop this many days ago and was archived. */
const ARCHIVED_DAYS_AGO = 35;
/** The tenth distributor is a new customer who joined this many days ago. */
const JOINED_DAYS_AGO = 30;

const MINUTE = 60_000;
/**
 * The evening before the first day, in minutes from its midnight: the bakery
 * set the app up (accounts, items with their opening stock, recipes) before
 * the first night shift.
 */
const SETUP = {
  users: -7 * 60,
  roles: -6 * 60 - 50,
  items: -6 * 60 - 30,
  openingStock: -6 * 60,
  recipes: -5 * 60 - 30,
};

// ---------------------------------------------------------------------------

interface Plan {
  days: { start: Date; weekday: number }[];
  now: Date;
  userIds: Record<(typeof DEMO_USERS)[number]['username'], string>;
  itemIds: string[];
  recipeIds: string[];
  distributorIds: string[];
  movements: Movement[];
  batches: Batch[];
  orders: Order[];
  sales: Sale[];
  payments: Payment[];
  returns: Return[];
  items: { currentStock: number; unitCost: number; updatedAt: Date }[];
  distributorDays: { created: number; archived: number | null }[];
}

function simulate(now: Date, timeZone: string): Plan {
  const random = new Random(SEED);
  const ids = new Random(SEED ^ 0x5eed);
  const [year, month, day] = businessDate(now, timeZone).split('-').map(Number) as [
    number,
    number,
    number,
  ];
  const TODAY = DEMO_DAYS - 1;
  const days = Array.from({ length: DEMO_DAYS }, (_, k) => {
    const offset = day - TODAY + k;
    return {
      start: zonedMidnight(year, month, offset, timeZone),
      weekday: new Date(Date.UTC(year, month - 1, offset)).getUTCDay(),
    };
  });
  /** Day k at hh:mm (minutes after midnight) in the business zone. */
  const at = (k: number, minutes: number) =>
    new Date(nth(days, k).start.getTime() + Math.round(minutes) * MINUTE);
  const hour = (h: number) => h * 60;
  const notAfterNow = (moment: Date) => moment.getTime() <= now.getTime();

  const userIds = Object.fromEntries(
    DEMO_USERS.map((u) => [u.username, ids.uuid()]),
  ) as Plan['userIds'];
  const itemIds = INVENTORY_ITEMS.map(() => ids.uuid());
  const recipeIds = RECIPES.map(() => ids.uuid());
  const distributorIds = DISTRIBUTORS.map(() => ids.uuid());
  const itemIndex = new Map<string, number>(
    INVENTORY_ITEMS.map((item, index) => [item.key, index]),
  );
  const items: readonly CatalogItem[] = INVENTORY_ITEMS;
  const recipeList: readonly CatalogRecipe[] = RECIPES;

  const movements: Movement[] = [];
  let seq = 0;
  const move = (m: Omit<Movement, 'id' | 'seq'>) => {
    if (m.milli !== 0) movements.push({ ...m, id: ids.uuid(), seq: seq++ });
  };

  // Opening stock, counted the evening before the first day.
  items.forEach((item, index) => {
    move({
      item: index,
      milli: toMilli(item.openingStock),
      reason: 'initial_stock',
      reference: null,
      userId: userIds.demo,
      at: at(0, SETUP.openingStock),
    });
  });

  // --- Production -----------------------------------------------------------
  const batches: Batch[] = [];
  const takenNumbers = new Set<string>();
  const numberFor = (createdAt: Date) => {
    const batchNumber = freeBatchNumber(defaultBatchNumber(createdAt, timeZone), takenNumbers);
    takenNumbers.add(batchNumber.toLowerCase());
    return batchNumber;
  };
  const recipeIndex = (name: string) => recipeList.findIndex((r) => r.name === name);
  const AGEGE = recipeIndex('Agege Bread');
  const SLICED = recipeIndex('Sliced Bread');
  const MILK = recipeIndex('Milk Bread');
  const COCONUT = recipeIndex('Coconut Bread');

  const addBatch = (
    k: number,
    recipe: number,
    flourKg: number,
    createdAt: Date,
    startedAt: Date | null,
    completedAt: Date | null,
    cancelledAt: Date | null,
    notes: string | null,
  ) => {
    const r = nth(recipeList, recipe);
    const status: BatchStatus = cancelledAt
      ? 'cancelled'
      : completedAt
        ? 'completed'
        : startedAt
          ? 'in_progress'
          : 'planned';
    const loaves =
      status === 'completed'
        ? Math.max(1, Math.round(flourKg * r.loavesPerKgFlour * random.between(0.95, 1.03)))
        : null;
    const batch: Batch = {
      id: ids.uuid(),
      batchNumber: numberFor(createdAt),
      recipe,
      flourKg,
      status,
      createdAt,
      startedAt,
      completedAt,
      cancelledAt,
      loaves,
      notes,
      // The morning shift (Tunde) and the afternoon shift (Ibrahim).
      userId:
        createdAt.getTime() - at(k, 0).getTime() < hour(10) * MINUTE
          ? userIds.tunde_baker
          : userIds.ibrahim_baker,
    };
    batches.push(batch);
    // The batch takes its recipe scaled by its flour, in each item's unit (as createBatch does).
    for (const line of r.ingredients) {
      const item = itemIndex.get(line.item) as number;
      const needed = scaledRequirement(
        { itemId: itemIds[item] as string, quantity: line.quantity, unit: line.unit },
        r.baseFlourKg,
        flourKg,
        nth(items, item).unit,
      );
      const reference = { type: 'production_batch' as const, id: batch.id };
      move({
        item,
        milli: -toMilli(needed),
        reason: 'production',
        reference,
        userId: batch.userId,
        at: createdAt,
      });
      if (cancelledAt) {
        move({
          item,
          milli: toMilli(needed),
          reason: 'production_cancelled',
          reference,
          userId: batch.userId,
          at: cancelledAt,
        });
      }
    }
  };

  for (let k = 0; k <= TODAY; k++) {
    const { weekday } = nth(days, k);
    const sunday = weekday === 0;
    const slots: [number, number][] = sunday
      ? [
          [AGEGE, hour(4)],
          [SLICED, hour(6)],
          [MILK, hour(7)],
        ]
      : [
          [AGEGE, hour(BAKERY_HOURS.productionStart)],
          [SLICED, hour(5)],
          [MILK, hour(6.5)],
          [AGEGE, hour(11)],
        ];
    if (!sunday && random.chance(0.75)) slots.push([COCONUT, hour(8)]);
    if (!sunday && random.chance(0.6)) slots.push([SLICED, hour(13)]);
    if (weekday === 6) slots.push([AGEGE, hour(14)]);
    for (const [recipe, slot] of slots) {
      const r = nth(recipeList, recipe);
      const flourKg = random.pick(r.batchFlourKg);
      const start = at(k, slot + random.int(0, 20));
      const createdAt = new Date(start.getTime() - random.int(15, 45) * MINUTE);
      const duration = r.estimatedDuration + random.int(-20, 40);
      const completion = new Date(start.getTime() + duration * MINUTE);
      const cancelled = random.chance(0.03);
      const startedBeforeCancel = random.chance(0.5);
      const cancelAfter = random.int(40, 120);
      const note = random.chance(0.12) ? random.pick(BATCH_NOTES) : null;
      const cancelNote = random.pick(CANCEL_NOTES);
      if (k < TODAY) {
        if (cancelled) {
          const startedAt = startedBeforeCancel ? start : null;
          const cancelledAt = new Date((startedAt ?? createdAt).getTime() + cancelAfter * MINUTE);
          addBatch(k, recipe, flourKg, createdAt, startedAt, null, cancelledAt, cancelNote);
        } else {
          addBatch(k, recipe, flourKg, createdAt, start, completion, null, note);
        }
        continue;
      }
      // Today: only what has happened by now.
      if (!notAfterNow(createdAt)) continue;
      addBatch(
        k,
        recipe,
        flourKg,
        createdAt,
        notAfterNow(start) ? start : null,
        notAfterNow(completion) ? completion : null,
        null,
        note,
      );
    }
  }
  // A couple of batches are always under way at the moment the demo ends.
  const todays = batches.filter((b) => b.createdAt >= at(TODAY, 0));
  if (!todays.some((b) => b.status === 'in_progress')) {
    const startedAt = new Date(now.getTime() - 55 * MINUTE);
    addBatch(
      TODAY,
      AGEGE,
      50,
      new Date(startedAt.getTime() - 20 * MINUTE),
      startedAt,
      null,
      null,
      'Night shift batch',
    );
  }
  if (!todays.some((b) => b.status === 'planned')) {
    addBatch(TODAY, SLICED, 25, new Date(now.getTime() - 10 * MINUTE), null, null, null, null);
  }

  // --- Consumables: a weekly stock count on Saturday evening records what was used.
  let lastCount = 0;
  for (let k = 1; k <= TODAY; k++) {
    if (nth(days, k).weekday !== 6) continue;
    const countedAt = at(k, hour(18) + random.int(0, 30));
    if (!notAfterNow(countedAt)) break;
    items.forEach((item, index) => {
      if (!(item.dailyUse > 0)) return;
      const used = item.dailyUse * (k - lastCount) * random.between(0.85, 1.15);
      const quantity = item.unit === 'units' ? Math.round(used) : Math.round(used * 10) / 10;
      move({
        item: index,
        milli: -toMilli(quantity),
        reason: 'manual_adjustment',
        reference: null,
        userId: userIds.funmi_manager,
        at: countedAt,
      });
    });
    lastCount = k;
  }

  // --- Purchasing: reorder when stock plus what is on order runs low ---------
  const dayOf = (moment: Date) => {
    let k = TODAY;
    while (k > 0 && moment < nth(days, k).start) k--;
    return k;
  };
  const use = items.map(() => new Array<Milli>(DEMO_DAYS).fill(0));
  for (const m of movements) {
    if (m.reason === 'initial_stock') continue;
    const perDay = nth(use, m.item);
    const k = dayOf(m.at);
    perDay[k] = nth(perDay, k) - m.milli;
  }
  /** Use from day k to the end. */
  const remaining = use.map((perDay) => {
    const suffix = new Array<Milli>(DEMO_DAYS + 1).fill(0);
    for (let k = DEMO_DAYS - 1; k >= 0; k--) suffix[k] = nth(suffix, k + 1) + nth(perDay, k);
    return suffix;
  });
  const averageUse = use.map((perDay) => perDay.reduce((a, b) => a + b, 0) / DEMO_DAYS);
  const reorderPoint = items.map(
    (item, i) => toMilli(item.minStock) + nth(averageUse, i) * REORDER_DAYS,
  );
  const stock = items.map((item) => toMilli(item.openingStock));
  const onOrder = items.map(() => 0);
  const frozen = items.map(() => false);
  const deliveries: { day: number; order: Order }[] = [];
  const orders: Order[] = [];
  const takenOrderNumbers = new Set<string>();
  const orderNumberFor = (orderDate: Date) => {
    let orderNumber = defaultOrderNumber(orderDate);
    while (takenOrderNumbers.has(orderNumber)) {
      const digits = (Number(orderNumber.slice(-6)) + 1) % 1_000_000;
      orderNumber = `${orderNumber.slice(0, -6)}${String(digits).padStart(6, '0')}`;
    }
    takenOrderNumbers.add(orderNumber);
    return orderNumber;
  };
  const roundToStep = (quantity: number, step: number) =>
    Math.max(step, Math.round(quantity / step) * step);
  /** The supplier's price on day k: about 1.2% a month of inflation, and a little haggling. */
  const line = (item: number, quantity: number, k: number): OrderLine => {
    const catalog = nth(items, item);
    const price = catalog.unitCost * (1 + (0.012 * k) / 30) * random.between(0.97, 1.04);
    // Invoices are in round hundreds of naira.
    const totalCost = Math.max(100, Math.round((quantity * price) / 100) * 100);
    return { item, quantity, totalCost, unitCost: unitCostOf(totalCost, quantity) };
  };
  const isoDate = (k: number) => businessDate(at(Math.min(k, TODAY), hour(12)), timeZone);
  const dateAfter = (k: number, extraDays: number) => {
    if (k + extraDays <= TODAY) return isoDate(k + extraDays);
    const base = new Date(`${isoDate(TODAY)}T00:00:00Z`);
    base.setUTCDate(base.getUTCDate() + (k + extraDays - TODAY));
    return base.toISOString().slice(0, 10);
  };

  for (let k = 0; k <= TODAY; k++) {
    for (const { order } of deliveries.filter((d) => d.day === k)) {
      for (const l of order.lines) {
        const milli = toMilli(l.quantity);
        stock[l.item] = nth(stock, l.item) + milli;
        onOrder[l.item] = nth(onOrder, l.item) - milli;
      }
    }
    const position = (i: number) => nth(stock, i) + nth(onOrder, i);
    const triggered = new Set<SupplierKey>();
    items.forEach((item, i) => {
      if (!frozen[i] && nth(averageUse, i) > 0 && position(i) <= nth(reorderPoint, i)) {
        triggered.add(item.supplier);
      }
    });
    for (const supplier of Object.keys(SUPPLIERS) as SupplierKey[]) {
      if (!triggered.has(supplier)) continue;
      // Seconds and milliseconds too: the default order number takes the timestamp's last digits.
      const orderDate = new Date(
        at(k, hour(BAKERY_HOURS.officeStart) + random.int(30, 240)).getTime() +
          random.int(0, 59_999),
      );
      const lead = random.int(1, 3);
      const deliveredAt = at(Math.min(k + lead, TODAY), hour(10) + random.int(0, 300));
      if (!notAfterNow(orderDate)) continue;
      const delivered = k + lead <= TODAY && notAfterNow(deliveredAt);
      const lines: OrderLine[] = [];
      items.forEach((item, i) => {
        if (item.supplier !== supplier || frozen[i] || !(nth(averageUse, i) > 0)) return;
        const endsLow = ENDS_LOW.includes(item.key);
        const due = position(i) <= nth(reorderPoint, i);
        // Other goods from the same supplier ride along when they will soon be due.
        const topUp =
          !endsLow && position(i) <= nth(reorderPoint, i) * 1.3 + nth(averageUse, i) * 7;
        if (!due && !topUp) return;
        let quantity = roundToStep(
          item.orderQuantity * random.pick([0.8, 1, 1, 1.2]),
          item.orderStep,
        );
        if (endsLow && delivered && k + lead < TODAY) {
          // Size the last delivery so the item ends at half its minimum.
          const endWithout = position(i) - (remaining[i]?.[k] as number);
          const needed = fromMilli(toMilli(item.minStock / 2) - endWithout);
          if (needed <= 2.2 * item.orderQuantity) {
            frozen[i] = true;
            quantity = Math.round(needed / item.orderStep) * item.orderStep;
            if (!(quantity > 0)) return;
          }
        }
        lines.push(line(i, roundQuantity(quantity), k));
      });
      if (lines.length === 0) continue;
      const order: Order = {
        id: ids.uuid(),
        orderNumber: orderNumberFor(orderDate),
        supplier,
        status: delivered
          ? 'delivered'
          : orderDate.getTime() < now.getTime() - 86_400_000
            ? 'shipped'
            : 'pending',
        lines,
        orderDate,
        expectedDelivery: dateAfter(k, lead),
        deliveredDate: delivered ? deliveredAt : null,
        notes: random.chance(0.25) ? random.pick(ORDER_NOTES) : null,
      };
      orders.push(order);
      for (const l of lines) onOrder[l.item] = nth(onOrder, l.item) + toMilli(l.quantity);
      if (delivered) deliveries.push({ day: k + lead, order });
    }
    items.forEach((_, i) => {
      stock[i] = nth(stock, i) - (use[i]?.[k] as number);
    });
  }

  // One order was cancelled: placed twice by phone, the second one called off.
  const duplicateOf = orders.find((o) => dayOf(o.orderDate) >= TODAY - 50);
  if (duplicateOf) {
    const k = dayOf(duplicateOf.orderDate);
    const orderDate = new Date(duplicateOf.orderDate.getTime() + random.int(90, 180) * MINUTE);
    orders.push({
      ...duplicateOf,
      id: ids.uuid(),
      orderNumber: orderNumberFor(orderDate),
      status: 'cancelled',
      lines: duplicateOf.lines.map((l) => line(l.item, l.quantity, k)),
      orderDate,
      deliveredDate: null,
      notes: `Cancelled: duplicate of ${duplicateOf.orderNumber}, placed by phone the same morning`,
    });
  }
  // The items that end low have been reordered from the low-stock alert, not yet delivered;
  // the first supplier has already sent the goods on their way.
  {
    const orderDate = new Date(
      Math.min(at(TODAY, hour(9) + 15).getTime(), now.getTime() - 30 * MINUTE),
    );
    const bySupplier = new Map<SupplierKey, number[]>();
    for (const key of ENDS_LOW) {
      const i = itemIndex.get(key) as number;
      const supplier = nth(items, i).supplier;
      bySupplier.set(supplier, [...(bySupplier.get(supplier) ?? []), i]);
    }
    let shift = 0;
    for (const [supplier, list] of bySupplier) {
      const shipped = shift === 0;
      const placed = new Date(orderDate.getTime() - (shipped ? 26 * 60 : shift * 7) * MINUTE);
      shift++;
      orders.push({
        id: ids.uuid(),
        orderNumber: orderNumberFor(placed),
        supplier,
        status: shipped ? 'shipped' : 'pending',
        lines: list.map((i) => line(i, nth(items, i).orderQuantity, TODAY)),
        orderDate: placed,
        expectedDelivery: dateAfter(TODAY, shipped ? 1 : 2),
        deliveredDate: null,
        notes: shipped
          ? 'Reorder from the low-stock alert; the supplier says the truck has left'
          : 'Reorder from the low-stock alert',
      });
    }
  }
  orders.sort((a, b) => a.orderDate.getTime() - b.orderDate.getTime());
  for (const order of orders) {
    if (order.status !== 'delivered' || !order.deliveredDate) continue;
    for (const l of order.lines) {
      move({
        item: l.item,
        milli: toMilli(l.quantity),
        reason: 'receipt',
        reference: { type: 'purchase_order', id: order.id },
        unitCost: l.unitCost,
        userId: userIds.funmi_manager,
        at: order.deliveredDate,
      });
    }
  }

  // --- Sales, payments and returns, in the order they happened ---------------
  const distributorDays = DISTRIBUTORS.map((_, index) => ({
    created: index === 9 ? TODAY - JOINED_DAYS_AGO : Math.floor(index / 5),
    archived: index === DISTRIBUTORS.length - 1 ? TODAY - ARCHIVED_DAYS_AGO : null,
  }));
  const completedByRecipe = recipeList.map((_, recipe) =>
    batches
      .filter((b) => b.recipe === recipe && b.status === 'completed')
      .sort(
        (a, b) =>
          (a.completedAt as Date).getTime() - (b.completedAt as Date).getTime() ||
          a.batchNumber.localeCompare(b.batchNumber),
      ),
  );
  const averageLoaves = completedByRecipe.map(
    (list) => list.reduce((sum, b) => sum + (b.loaves as number), 0) / DEMO_DAYS,
  );
  const made = recipeList.map(() => ({ next: 0, loaves: 0 }));
  /** Loaves of a bread completed by `moment`. */
  const madeBy = (recipe: number, moment: Date) => {
    const list = nth(completedByRecipe, recipe);
    const state = nth(made, recipe);
    for (let batch = list[state.next]; batch?.completedAt && batch.completedAt <= moment; ) {
      state.loaves += batch.loaves ?? 0;
      state.next++;
      batch = list[state.next];
    }
    return state.loaves;
  };
  const sold = recipeList.map(() => 0);
  /** The oldest batch with loaves left once `soldSoFar` loaves are taken oldest first. */
  const oldestWithLoaves = (recipe: number, soldSoFar: number) => {
    let upTo = 0;
    for (const batch of nth(completedByRecipe, recipe)) {
      upTo += batch.loaves as number;
      if (upTo > soldSoFar) return batch.id;
    }
    throw new Error('no batch has loaves left');
  };
  const bought = DISTRIBUTORS.map(() => recipeList.map(() => 0));
  const returned = DISTRIBUTORS.map(() => recipeList.map(() => 0));
  const lastPrice = DISTRIBUTORS.map(() => recipeList.map(() => 0 as Kobo));
  const balance = DISTRIBUTORS.map(() => 0);
  const nextPaymentDay = DISTRIBUTORS.map(
    (_, index) => nth(distributorDays, index).created + random.int(2, 5),
  );
  const preferredMethod = DISTRIBUTORS.map(
    (_, index) =>
      (['bank_transfer', 'cash', 'mobile_money', 'bank_transfer', 'check'] as const)[
        index % 5
      ] as PaymentMethod,
  );
  const recipeChance = [0.95, 0.75, 0.5, 0.4];
  const sales: Sale[] = [];
  const payments: Payment[] = [];
  const returns: Return[] = [];
  const describe = (method: PaymentMethod) => {
    const ref = String(random.int(100_000, 999_999));
    if (method === 'bank_transfer') return `Transfer from ${random.pick(BANKS)}, ref ${ref}`;
    if (method === 'mobile_money') return `${random.pick(MOBILE_WALLETS)} transfer, ref ${ref}`;
    if (method === 'check') return `Cheque no. 00${ref}`;
    return 'Cash paid at the depot';
  };

  type Event =
    | { at: Date; kind: 'sale'; distributor: number; recipe: number; wanted: number }
    | { at: Date; kind: 'return'; distributor: number }
    | { at: Date; kind: 'payment'; distributor: number; settle: boolean };

  for (let k = 1; k <= TODAY; k++) {
    const { weekday } = nth(days, k);
    const dayDemand = weekday === 0 ? 0.55 : weekday === 6 ? 1.15 : 1;
    const active = DISTRIBUTORS.map((_, d) => {
      const life = nth(distributorDays, d);
      return life.created < k && (life.archived === null || k < life.archived);
    });
    const activeVolume = DISTRIBUTORS.reduce(
      (sum, dist, d) => sum + (active[d] ? dist.volume : 0),
      0,
    );
    const events: Event[] = [];
    DISTRIBUTORS.forEach((dist, d) => {
      if (!active[d]) return;
      const afternoonChance = Math.min(0.8, 0.35 * dist.volume) * (weekday === 0 ? 0.3 : 1);
      const collections = 0.92 + afternoonChance;
      const times: Date[] = [];
      if (random.chance(weekday === 0 ? 0.6 : 0.92)) {
        times.push(at(k, hour(BAKERY_HOURS.salesStart) + random.int(0, 210)));
      }
      if (random.chance(afternoonChance)) times.push(at(k, hour(13) + random.int(0, 330)));
      for (const time of times) {
        recipeList.forEach((_, recipe) => {
          const chance = recipeChance[recipe] ?? 0.5;
          if (!random.chance(chance)) return;
          const expected =
            (nth(averageLoaves, recipe) * dist.volume * dayDemand) /
            (activeVolume * collections * chance);
          const wanted = Math.max(1, Math.round(expected * random.between(0.75, 1.3)));
          events.push({
            at: new Date(time.getTime() + recipe * 2 * MINUTE),
            kind: 'sale',
            distributor: d,
            recipe,
            wanted,
          });
        });
      }
      // (The distributor that closes down returns nothing, so it leaves owing nothing and owed nothing.)
      const closing = distributorDays[d]?.archived !== null;
      if (times[0] && random.chance(0.08) && !closing) {
        events.push({
          at: new Date(times[0].getTime() - 4 * MINUTE),
          kind: 'return',
          distributor: d,
        });
      }
      if (k >= nth(nextPaymentDay, d)) {
        nextPaymentDay[d] = k + random.int(2, 6);
        events.push({
          at: at(k, hour(10) + random.int(0, 420)),
          kind: 'payment',
          distributor: d,
          settle: false,
        });
      }
      const life = nth(distributorDays, d);
      if (life.archived !== null && k === life.archived - 1) {
        events.push({ at: at(k, hour(18) + 30), kind: 'payment', distributor: d, settle: true });
      }
    });
    events.sort((a, b) => a.at.getTime() - b.at.getTime());

    for (const event of events) {
      if (!notAfterNow(event.at)) continue;
      const d = event.distributor;
      const dist = nth(DISTRIBUTORS, d);
      if (event.kind === 'sale') {
        const r = event.recipe;
        const available = madeBy(r, event.at) - nth(sold, r);
        // Bread waiting on the racks is pushed harder; on the last day some stays for the screens.
        const backlog = available / Math.max(1, nth(averageLoaves, r));
        let loaves = Math.round(event.wanted * (1 + Math.min(1, Math.max(0, backlog - 1.5))));
        loaves = Math.min(loaves, k === TODAY ? Math.floor(available * 0.6) : available);
        if (loaves < 1) continue;
        const naira =
          nth(recipeList, r).pricePerLoaf +
          (k >= TODAY - PRICE_RISE.daysAgo ? PRICE_RISE.naira : 0) -
          (dist.volume >= VOLUME_DISCOUNT.fromVolume ? VOLUME_DISCOUNT.naira : 0);
        const price = toKobo(naira);
        const value = loaves * price;
        const roll = random.next();
        const paid =
          roll < dist.paysOnSpot
            ? value
            : roll < dist.paysOnSpot + (1 - dist.paysOnSpot) / 2
              ? Math.floor(value / 2 / 50_000) * 50_000
              : 0;
        sales.push({
          id: ids.uuid(),
          distributor: d,
          recipe: r,
          batchId: oldestWithLoaves(r, nth(sold, r)),
          loaves,
          price,
          paid: paid as Kobo,
          notes: random.chance(0.05) ? 'Extra loaves for a church event' : null,
          at: event.at,
        });
        sold[r] = nth(sold, r) + loaves;
        nth(bought, d)[r] = nth(nth(bought, d), r) + loaves;
        nth(lastPrice, d)[r] = price;
        balance[d] = nth(balance, d) + value - paid;
      } else if (event.kind === 'return') {
        const candidates = recipeList
          .map((_, r) => r)
          .filter((r) => nth(nth(bought, d), r) - nth(nth(returned, d), r) > 0);
        if (candidates.length === 0) continue;
        const r = random.pick(candidates);
        const returnable = nth(nth(bought, d), r) - nth(nth(returned, d), r);
        const loaves = Math.min(returnable, random.int(1, 8));
        const reason = random.weighted<ReturnReason>([
          ['spoiled', 50],
          ['damaged', 25],
          ['quality_issue', 15],
          ['other', 10],
        ]);
        const price = nth(nth(lastPrice, d), r);
        returns.push({
          id: ids.uuid(),
          distributor: d,
          recipe: r,
          loaves,
          price,
          reason,
          notes: random.chance(0.6) ? random.pick(RETURN_NOTES[reason]) : null,
          at: event.at,
        });
        nth(returned, d)[r] = nth(nth(returned, d), r) + loaves;
        balance[d] = nth(balance, d) - loaves * price;
      } else {
        const owed = nth(balance, d);
        let amount: number;
        if (event.settle) {
          if (owed <= 0) continue;
          amount = owed;
        } else {
          if (owed < 2_000_000) continue; // under ₦20,000: paid next time
          amount = Math.floor((owed * random.between(0.6, 1)) / 100_000) * 100_000;
          // Now and then a distributor rounds up and is left in credit.
          if (distributorDays[d]?.archived === null && random.chance(0.05)) {
            amount = Math.ceil(owed / 1_000_000) * 1_000_000 + 1_000_000;
          }
          if (amount < 100_000) continue;
        }
        const method: PaymentMethod = event.settle
          ? 'cash'
          : random.chance(0.7)
            ? nth(preferredMethod, d)
            : random.pick(['cash', 'bank_transfer', 'mobile_money', 'check'] as const);
        payments.push({
          id: ids.uuid(),
          distributor: d,
          amount: amount as Kobo,
          method,
          description: event.settle
            ? 'Final settlement: shop closed, account archived'
            : describe(method),
          at: event.at,
        });
        balance[d] = owed - amount;
      }
    }
  }

  // --- Each item's stock and unit cost, replaying its movements in time order.
  movements.sort((a, b) => a.at.getTime() - b.at.getTime() || a.seq - b.seq);
  const itemState = items.map((item) => ({
    milli: 0,
    unitCost: item.unitCost,
    updatedAt: at(0, SETUP.openingStock),
  }));
  for (const m of movements) {
    const state = nth(itemState, m.item);
    if (m.reason === 'receipt' && m.unitCost !== undefined) {
      state.unitCost = movingAverageCost(
        fromMilli(state.milli),
        state.unitCost,
        fromMilli(m.milli),
        m.unitCost,
      );
    }
    state.milli += m.milli;
    state.updatedAt = m.at;
  }

  return {
    days,
    now,
    userIds,
    itemIds,
    recipeIds,
    distributorIds,
    movements,
    batches,
    orders,
    sales,
    payments,
    returns,
    items: itemState.map((state) => ({
      currentStock: fromMilli(state.milli),
      unitCost: state.unitCost,
      updatedAt: state.updatedAt,
    })),
    distributorDays,
  };
}

// ---------------------------------------------------------------------------
// The database side

async function inChunks<T>(
  rows: readonly T[],
  size: number,
  insert: (chunk: T[]) => Promise<unknown>,
) {
  for (let start = 0; start < rows.length; start += size) {
    await insert(rows.slice(start, start + size));
  }
}

/**
 * Fills an empty bakery with 90 days of demo data ending at `now`, in one
 * transaction. Refuses (SeedRefusedError) when business data exists, unless
 * `force` empties it first.
 */
export async function seedDemo(
  db: Database,
  options: SeedDemoOptions = {},
): Promise<SeedDemoSummary> {
  const now = options.now ?? new Date();
  const timeZone = options.timeZone ?? BAKERY_TIME_ZONE;
  const plan = simulate(now, timeZone);
  const passwordHash = options.passwordHash ?? (await hashPassword(DEMO_PASSWORD));
  const items: readonly CatalogItem[] = INVENTORY_ITEMS;
  const recipeList: readonly CatalogRecipe[] = RECIPES;
  const setupTime = (minutes: number) =>
    new Date(nth(plan.days, 0).start.getTime() + minutes * MINUTE);

  await db.transaction(async (tx) => {
    // Two seeds at once take turns; the second then finds the first one's data.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('bakery:seed-demo'))`);
    const existing = await existingBusinessData(tx);
    if (existing.length > 0 && !options.force) {
      throw new SeedRefusedError(
        `This database already holds bakery data (${existing.join(', ')}), so the demo was not loaded.\n` +
          'To delete all of it (users, stock, orders, recipes, production, sales and distributors; ' +
          'roles and permissions are kept) and load the demo bakery instead, run:\n' +
          `  npm run seed:demo -- ${FORCE_FLAG}`,
      );
    }
    if (options.force) await emptyBusinessTables(tx);
    // Demo accounts left by an earlier demo (nothing else is there): replace them.
    await tx.delete(users).where(inArray(sql`lower(${users.username})`, demoUsernames));

    await tx.insert(users).values(
      DEMO_USERS.map((user, index) => ({
        id: plan.userIds[user.username],
        username: user.username,
        email: user.email,
        passwordHash,
        firstName: user.firstName,
        lastName: user.lastName,
        isAdmin: user.isAdmin,
        createdAt: setupTime(SETUP.users + index * 5),
        updatedAt: setupTime(SETUP.users + index * 5),
      })),
    );
    const roleRows = await tx.select({ id: roles.id, name: roles.name }).from(roles);
    const roleId = new Map(roleRows.map((role) => [role.name, role.id]));
    const assignments = DEMO_USERS.flatMap((user) => {
      const id = user.role ? roleId.get(user.role) : undefined;
      // A starter role an admin deleted is not brought back: that user simply has none.
      return id
        ? [
            {
              userId: plan.userIds[user.username],
              roleId: id,
              assignedBy: plan.userIds.demo,
              assignedAt: setupTime(SETUP.roles),
            },
          ]
        : [];
    });
    if (assignments.length > 0) await tx.insert(userRoles).values(assignments);
    await saveSettings(tx, DEMO_LETTERHEAD);

    await tx.insert(inventoryItems).values(
      items.map((item, i) => ({
        id: plan.itemIds[i],
        name: item.name,
        category: item.category,
        currentStock: nth(plan.items, i).currentStock,
        unit: item.unit,
        minStock: item.minStock,
        unitCost: nth(plan.items, i).unitCost,
        supplier: SUPPLIERS[item.supplier].name,
        createdAt: setupTime(SETUP.items),
        updatedAt: nth(plan.items, i).updatedAt,
      })),
    );
    const itemIdByKey = new Map(items.map((item, i) => [item.key, plan.itemIds[i] as string]));
    await tx.insert(recipes).values(
      recipeList.map((recipe, r) => ({
        id: plan.recipeIds[r],
        name: recipe.name,
        description: recipe.description,
        baseFlourKg: recipe.baseFlourKg,
        ingredients: recipe.ingredients.map((line) => ({
          itemId: itemIdByKey.get(line.item) as string,
          quantity: line.quantity,
          unit: line.unit,
        })),
        instructions: recipe.instructions,
        estimatedDuration: recipe.estimatedDuration,
        createdAt: setupTime(SETUP.recipes),
        updatedAt: setupTime(SETUP.recipes),
      })),
    );
    await tx.insert(distributors).values(
      DISTRIBUTORS.map((dist, d) => {
        const life = nth(plan.distributorDays, d);
        const createdAt = new Date(
          nth(plan.days, life.created).start.getTime() + (10 * 60 + d * 7) * MINUTE,
        );
        const updatedAt =
          life.archived === null
            ? createdAt
            : new Date(nth(plan.days, life.archived).start.getTime() + 9 * 60 * MINUTE);
        return {
          id: plan.distributorIds[d],
          name: dist.name,
          address: `${dist.street}, ${dist.area}, ${dist.city}`,
          phone: dist.phone,
          archived: life.archived !== null,
          createdAt,
          updatedAt,
        };
      }),
    );
    await inChunks(plan.orders, 200, (chunk) =>
      tx.insert(purchaseOrders).values(
        chunk.map((order) => {
          const lines = order.lines.map((l) => ({
            itemId: plan.itemIds[l.item] as string,
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
        }),
      ),
    );
    await inChunks(plan.batches, 500, (chunk) =>
      tx.insert(productionBatches).values(
        chunk.map((batch) => ({
          id: batch.id,
          batchNumber: batch.batchNumber,
          recipeId: plan.recipeIds[batch.recipe],
          recipeName: nth(recipeList, batch.recipe).name,
          flourKg: batch.flourKg,
          doughSizeGrams: nth(recipeList, batch.recipe).doughSizeGrams,
          status: batch.status,
          startedAt: batch.startedAt,
          completedAt: batch.completedAt,
          loavesProduced: batch.loaves,
          notes: batch.notes,
          createdAt: batch.createdAt,
        })),
      ),
    );
    await inChunks(plan.movements, 1000, (chunk) =>
      tx.insert(stockMovements).values(
        chunk.map((m) => ({
          id: m.id,
          itemId: plan.itemIds[m.item] as string,
          quantityChange: fromMilli(m.milli),
          reason: m.reason,
          referenceType: m.reference?.type ?? null,
          referenceId: m.reference?.id ?? null,
          userId: m.userId,
          createdAt: m.at,
        })),
      ),
    );
    await inChunks(plan.sales, 1000, (chunk) =>
      tx.insert(salesTransactions).values(
        chunk.map((sale) => ({
          id: sale.id,
          distributorId: plan.distributorIds[sale.distributor] as string,
          recipeName: nth(recipeList, sale.recipe).name,
          productionBatchId: sale.batchId,
          loavesTaken: sale.loaves,
          pricePerLoaf: fromKobo(sale.price),
          amountPaid: fromKobo(sale.paid),
          notes: sale.notes,
          createdAt: sale.at,
        })),
      ),
    );
    await inChunks(plan.payments, 1000, (chunk) =>
      tx.insert(distributorPayments).values(
        chunk.map((payment) => ({
          id: payment.id,
          distributorId: plan.distributorIds[payment.distributor] as string,
          amount: fromKobo(payment.amount),
          paymentMethod: payment.method,
          description: payment.description,
          createdAt: payment.at,
        })),
      ),
    );
    await inChunks(plan.returns, 1000, (chunk) =>
      tx.insert(breadReturns).values(
        chunk.map((r) => ({
          id: r.id,
          distributorId: plan.distributorIds[r.distributor] as string,
          recipeName: nth(recipeList, r.recipe).name,
          loavesReturned: r.loaves,
          pricePerLoaf: fromKobo(r.price),
          reason: r.reason,
          notes: r.notes,
          createdAt: r.at,
        })),
      ),
    );
  });

  return summarise(plan, timeZone);
}

function summarise(plan: Plan, timeZone: string): SeedDemoSummary {
  const items: readonly CatalogItem[] = INVENTORY_ITEMS;
  const byStatus = <K extends string>(keys: readonly K[], values: readonly K[]) =>
    Object.fromEntries(
      keys.map((key) => [key, values.filter((value) => value === key).length]),
    ) as Record<K, number>;
  const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
  return {
    firstDay: businessDate(nth(plan.days, 0).start, timeZone),
    lastDay: businessDate(nth(plan.days, plan.days.length - 1).start, timeZone),
    users: DEMO_USERS.length,
    inventoryItems: items.length,
    lowStockItems: items.filter(
      (item, i) => item.minStock > 0 && nth(plan.items, i).currentStock <= item.minStock,
    ).length,
    stockMovements: plan.movements.length,
    purchaseOrders: plan.orders.length,
    purchaseOrdersByStatus: byStatus(
      ['pending', 'shipped', 'delivered', 'cancelled'],
      plan.orders.map((o) => o.status),
    ),
    recipes: RECIPES.length,
    productionBatches: plan.batches.length,
    batchesByStatus: byStatus(
      ['planned', 'in_progress', 'completed', 'cancelled'],
      plan.batches.map((b) => b.status),
    ),
    loavesProduced: sum(plan.batches.map((b) => b.loaves ?? 0)),
    distributors: DISTRIBUTORS.length,
    archivedDistributors: plan.distributorDays.filter((d) => d.archived !== null).length,
    sales: plan.sales.length,
    loavesSold: sum(plan.sales.map((s) => s.loaves)),
    payments: plan.payments.length,
    returns: plan.returns.length,
    loavesReturned: sum(plan.returns.map((r) => r.loaves)),
    salesValue: fromKobo(sum(plan.sales.map((s) => s.loaves * s.price)) as Kobo),
    cashReceived: fromKobo(
      (sum(plan.sales.map((s) => s.paid)) + sum(plan.payments.map((p) => p.amount))) as Kobo,
    ),
    expenditure: fromKobo(
      sum(
        plan.orders
          .filter((o) => o.status !== 'cancelled')
          .map((o) => sum(o.lines.map((l) => toKobo(l.totalCost)))),
      ) as Kobo,
    ),
  };
}
