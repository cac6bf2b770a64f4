/**
 * Selling: distributors collect bread in the morning and some again in the
 * afternoon, in proportion to their size, paying at once, half or later
 * (all of it once their credit is used up, accounts.ts). A
 * sale never takes more loaves of a bread than completed batches had made by
 * that moment, never stale ones, and draws from the oldest batch first.
 */
import { fromKobo, type Kobo, multiplyKobo, toKobo } from '../../../domain/money';
import { BAKERY_HOURS, type CatalogDistributor, DISTRIBUTORS } from '../catalog';
import { Accounts, type DistributorLife, isActive } from './accounts';
import { RECIPE_LIST } from './baking';
import { hour, MINUTE } from './calendar';
import { type AccountEvent, type Batch, nth, type Sale } from './records';
import { Shelf } from './shelf';
import type { Plan, Simulation } from './simulate';
import { Waste, type WasteEvent } from './waste';

/** Distributor price rise (flour went up) this many days before today, ₦ per loaf. */
const PRICE_RISE = { daysAgo: 45, naira: 100 };
/** Big customers get this discount per loaf, ₦. */
const VOLUME_DISCOUNT = { fromVolume: 1.5, naira: 50 };
/** How likely a collection includes each bread, in catalogue order. */
const RECIPE_CHANCE = [0.95, 0.75, 0.5, 0.4];

const FIVE_HUNDRED_NAIRA = toKobo(500);

/** What is paid at the sale: all of it, half in round ₦500s, or nothing, as the distributor tends to. */
function paidAtSale(value: Kobo, roll: number, paysOnSpot: number): Kobo {
  if (roll < paysOnSpot) return value;
  if (roll < paysOnSpot + (1 - paysOnSpot) / 2) {
    return multiplyKobo(FIVE_HUNDRED_NAIRA, Math.floor(value / 2 / FIVE_HUNDRED_NAIRA));
  }
  return toKobo(0);
}

/** A distributor's size, the day's demand, and all active distributors' collections. */
interface Demand {
  volume: number;
  dayDemand: number;
  spread: number;
}

class Depot {
  readonly sales: Sale[] = [];
  readonly accounts: Accounts;
  readonly shelf: Shelf;
  readonly waste: Waste;

  constructor(
    private readonly sim: Simulation,
    batches: readonly Batch[],
    lives: readonly DistributorLife[],
  ) {
    this.shelf = new Shelf(sim, batches);
    this.accounts = new Accounts(sim, lives);
    this.waste = new Waste(sim, this.shelf);
  }

  day(k: number) {
    const active = DISTRIBUTORS.map((_, d) => isActive(nth(this.accounts.lives, d), k));
    const activeVolume = DISTRIBUTORS.reduce(
      (sum, dist, d) => sum + (active[d] ? dist.volume : 0),
      0,
    );
    const events: (AccountEvent | WasteEvent)[] = [];
    DISTRIBUTORS.forEach((dist, d) => {
      if (active[d]) events.push(...this.distributorDay(k, d, dist, activeVolume));
    });
    events.push(...this.waste.eventsOf(k));
    events.sort((a, b) => a.at.getTime() - b.at.getTime());
    for (const event of events) {
      if (this.sim.calendar.notAfterNow(event.at)) this.happen(k, event);
    }
  }

  private happen(k: number, event: AccountEvent | WasteEvent) {
    if (event.kind === 'sale') this.sell(k, event);
    else if (event.kind === 'write_off') this.waste.happen(k, event);
    else if (event.kind === 'return') {
      const taken = this.accounts.takeReturn(event.distributor, event.at);
      if (taken) this.waste.returned(taken, k);
    } else this.accounts.takePayment(event.distributor, event.at);
  }

  /** A distributor's collections, return and payments on day k. */
  private distributorDay(k: number, d: number, dist: CatalogDistributor, activeVolume: number) {
    const { calendar, random } = this.sim;
    const sunday = calendar.weekday(k) === 0;
    const afternoonChance = Math.min(0.8, 0.35 * dist.volume) * (sunday ? 0.3 : 1);
    const times: Date[] = [];
    if (random.chance(sunday ? 0.6 : 0.92)) {
      times.push(calendar.at(k, hour(BAKERY_HOURS.salesStart) + random.int(0, 210)));
    }
    if (random.chance(afternoonChance)) times.push(calendar.at(k, hour(13) + random.int(0, 330)));
    const demand = {
      volume: dist.volume,
      dayDemand: this.dayDemand(k),
      // Its share of each bread is spread over its expected collections.
      spread: activeVolume * (0.92 + afternoonChance),
    };
    const events: AccountEvent[] = times.flatMap((time) => this.collection(d, time, demand));
    if (times[0] && random.chance(0.08)) {
      events.push({
        at: new Date(times[0].getTime() - 4 * MINUTE),
        kind: 'return',
        distributor: d,
      });
    }
    events.push(...this.accounts.paymentEvents(d, k));
    return events;
  }

  private dayDemand(k: number) {
    const weekday = this.sim.calendar.weekday(k);
    if (weekday === 0) return 0.55;
    return weekday === 6 ? 1.15 : 1;
  }

  /** The breads a distributor takes at one collection, a couple of minutes apart. */
  private collection(d: number, time: Date, demand: Demand): AccountEvent[] {
    const { random } = this.sim;
    const events: AccountEvent[] = [];
    RECIPE_LIST.forEach((_, recipe) => {
      const chance = RECIPE_CHANCE[recipe] ?? 0.5;
      if (!random.chance(chance)) return;
      const expected =
        (nth(this.shelf.averageLoaves, recipe) * demand.volume * demand.dayDemand) /
        (demand.spread * chance);
      const wanted = Math.max(1, Math.round(expected * random.between(0.75, 1.3)));
      const at = new Date(time.getTime() + recipe * 2 * MINUTE);
      events.push({ at, kind: 'sale', distributor: d, recipe, wanted });
    });
    return events;
  }

  private sell(k: number, event: Extract<AccountEvent, { kind: 'sale' }>) {
    const { calendar, random, ids } = this.sim;
    const { distributor: d, recipe: r } = event;
    const dist = nth(DISTRIBUTORS, d);
    const available = this.shelf.onSale(r, event.at);
    // Over 1.75 days' bread waiting on the racks is pushed harder (less goes stale then, some
    // still does); on the last day some stays for the screens.
    const backlog = available / Math.max(1, nth(this.shelf.averageLoaves, r));
    const pushed = Math.round(event.wanted * (1 + Math.min(1, Math.max(0, backlog - 1.75))));
    const loavesTaken = Math.min(
      pushed,
      k === calendar.today ? Math.floor(available * 0.6) : available,
    );
    if (loavesTaken < 1) return;
    this.waste.settle(r, event.at, k);
    const price = toKobo(this.priceOf(k, r, dist));
    const value = multiplyKobo(price, loavesTaken);
    const meant = paidAtSale(value, random.next(), dist.paysOnSpot);
    const sale: Sale = {
      id: ids.uuid(),
      distributor: d,
      recipe: r,
      batchId: this.shelf.take(r, loavesTaken),
      loavesTaken,
      price,
      ...this.accounts.withinLimit(d, k, value, meant),
      notes: random.chance(0.05) ? 'Extra loaves for a church event' : null,
      at: event.at,
    };
    this.sales.push(sale);
    this.accounts.recordSale(sale);
  }

  /** ₦ per loaf: the list price, the rise once flour went up, less a big customer's discount. */
  private priceOf(k: number, r: number, dist: CatalogDistributor) {
    return (
      nth(RECIPE_LIST, r).pricePerLoaf +
      (k >= this.sim.calendar.today - PRICE_RISE.daysAgo ? PRICE_RISE.naira : 0) -
      (dist.volume >= VOLUME_DISCOUNT.fromVolume ? VOLUME_DISCOUNT.naira : 0)
    );
  }
}

/** Every sale, payment, return, stale pile and write-off of the demo, in the order they happened. */
export function sell(
  sim: Simulation,
  batches: readonly Batch[],
  lives: readonly DistributorLife[],
) {
  const depot = new Depot(sim, batches, lives);
  for (let k = 1; k <= sim.calendar.today; k++) depot.day(k);
  const { payments, returns } = depot.accounts;
  const { piles } = depot.shelf;
  return { sales: depot.sales, payments, returns, piles, writeOffs: depot.waste.writeOffs };
}

export function saleRows(plan: Plan) {
  return plan.sales.map((sale) => ({
    id: sale.id,
    distributorId: nth(plan.distributorIds, sale.distributor),
    recipeName: nth(RECIPE_LIST, sale.recipe).name,
    productionBatchId: sale.batchId,
    loavesTaken: sale.loavesTaken,
    pricePerLoaf: fromKobo(sale.price),
    amountPaid: fromKobo(sale.paid),
    creditOverrideReason: sale.overrideReason,
    creditOverrideBy: sale.overrideReason === null ? null : plan.userIds.funmi_manager,
    notes: sale.notes,
    createdAt: sale.at,
  }));
}

/**
 * The price list behind the sales above (bread_prices): each bread's list
 * price from the first day, the rise once flour went up, and the big
 * customers' own prices (the discount) over both.
 */
export function priceRows(plan: Plan) {
  const { calendar } = plan;
  const rise = calendar.today - PRICE_RISE.daysAgo;
  const createdBy = plan.userIds.funmi_manager;
  const bigCustomers = DISTRIBUTORS.flatMap((dist, d) =>
    dist.volume >= VOLUME_DISCOUNT.fromVolume
      ? [{ id: nth(plan.distributorIds, d), since: nth(plan.distributorLives, d).created }]
      : [],
  );
  return RECIPE_LIST.flatMap((recipe) =>
    [0, rise].flatMap((k) => {
      const pricePerLoaf = recipe.pricePerLoaf + (k === rise ? PRICE_RISE.naira : 0);
      const row = {
        recipeName: recipe.name,
        effectiveFrom: calendar.dateAfter(k, 0),
        createdAt: calendar.at(k, hour(6)),
        createdBy,
      };
      return [
        { ...row, distributorId: null, pricePerLoaf },
        // Not before the customer was taken on.
        ...bigCustomers.map((customer) => ({
          ...row,
          effectiveFrom: calendar.dateAfter(Math.max(k, customer.since), 0),
          distributorId: customer.id,
          pricePerLoaf: pricePerLoaf - VOLUME_DISCOUNT.naira,
        })),
      ];
    }),
  );
}
