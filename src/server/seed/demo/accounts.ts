/**
 * Distributor accounts: who buys from the bakery over the demo, what each
 * has bought and owes, the payments made on account and the bread returned
 * (never more than the distributor bought of it).
 */
import type { PaymentMethod, ReturnReason } from '../../../domain/distributor-schemas';
import {
  addKobo,
  fromKobo,
  type Kobo,
  multiplyKobo,
  subtractKobo,
  toKobo,
} from '../../../domain/money';
import { BANKS, DISTRIBUTORS, MOBILE_WALLETS, RETURN_NOTES } from '../catalog';
import { RECIPE_LIST } from './baking';
import { type Calendar, hour } from './calendar';
import { type AccountEvent, nth, type Payment, type Return, type Sale } from './records';
import type { Plan, Simulation } from './simulate';

/** The last distributor closed its shop this many days ago and was archived. */
const ARCHIVED_DAYS_AGO = 35;
/** The tenth distributor is a new customer who joined this many days ago. */
const JOINED_DAYS_AGO = 30;

/** The days a distributor's account was opened and archived (null: still open). */
export interface DistributorLife {
  created: number;
  archived: number | null;
}

export function distributorLives(calendar: Calendar): DistributorLife[] {
  return DISTRIBUTORS.map((_, index) => ({
    created: index === 9 ? calendar.today - JOINED_DAYS_AGO : Math.floor(index / 5),
    archived: index === DISTRIBUTORS.length - 1 ? calendar.today - ARCHIVED_DAYS_AGO : null,
  }));
}

/** Buys on day k: opened before it and not yet archived. */
export const isActive = (life: DistributorLife, k: number) =>
  life.created < k && (life.archived === null || k < life.archived);

const PREFERRED_METHODS = [
  'bank_transfer',
  'cash',
  'mobile_money',
  'bank_transfer',
  'check',
] as const;

const perBread = <T>(value: T) => DISTRIBUTORS.map(() => RECIPE_LIST.map(() => value));

const THOUSAND_NAIRA = toKobo(1_000);

/** Each distributor's account as the days go by: what it bought of each bread, returned and owes. */
export class Accounts {
  readonly payments: Payment[] = [];
  readonly returns: Return[] = [];
  private readonly bought = perBread(0);
  private readonly returned = perBread(0);
  private readonly lastPrice = perBread(toKobo(0));
  /** What each owes the bakery. */
  private readonly balance = DISTRIBUTORS.map(() => toKobo(0));
  private readonly nextPaymentDay: number[];

  constructor(
    private readonly sim: Simulation,
    readonly lives: readonly DistributorLife[],
  ) {
    this.nextPaymentDay = DISTRIBUTORS.map(
      (_, index) => nth(lives, index).created + sim.random.int(2, 5),
    );
  }

  recordSale(sale: Sale) {
    const d = sale.distributor;
    nth(this.bought, d)[sale.recipe] = nth(nth(this.bought, d), sale.recipe) + sale.loavesTaken;
    nth(this.lastPrice, d)[sale.recipe] = sale.price;
    const owing = subtractKobo(multiplyKobo(sale.price, sale.loavesTaken), sale.paid);
    this.balance[d] = addKobo(nth(this.balance, d), owing);
  }

  /** The payments due on day k: every few days, and a final settlement the day before archiving. */
  paymentEvents(d: number, k: number): AccountEvent[] {
    const { calendar, random } = this.sim;
    const events: AccountEvent[] = [];
    if (k >= nth(this.nextPaymentDay, d)) {
      this.nextPaymentDay[d] = k + random.int(2, 6);
      const at = calendar.at(k, hour(10) + random.int(0, 420));
      events.push({ at, kind: 'payment', distributor: d, settle: false });
    }
    const life = nth(this.lives, d);
    if (life.archived !== null && k === life.archived - 1) {
      events.push({
        at: calendar.at(k, hour(18) + 30),
        kind: 'payment',
        distributor: d,
        settle: true,
      });
    }
    return events;
  }

  /** A few loaves of one bread the distributor bought come back; answers that return. */
  takeReturn(d: number, at: Date): Return | null {
    const { random, ids } = this.sim;
    const returnable = (r: number) => nth(nth(this.bought, d), r) - nth(nth(this.returned, d), r);
    const candidates = RECIPE_LIST.map((_, r) => r).filter((r) => returnable(r) > 0);
    if (candidates.length === 0) return null;
    const r = random.pick(candidates);
    const loavesReturned = Math.min(returnable(r), random.int(1, 8));
    const reason = random.weighted<ReturnReason>([
      ['spoiled', 50],
      ['damaged', 25],
      ['quality_issue', 15],
      ['other', 10],
    ]);
    const price = nth(nth(this.lastPrice, d), r);
    const taken: Return = {
      id: ids.uuid(),
      distributor: d,
      recipe: r,
      loavesReturned,
      price,
      reason,
      notes: random.chance(0.6) ? random.pick(RETURN_NOTES[reason]) : null,
      at,
    };
    this.returns.push(taken);
    nth(this.returned, d)[r] = nth(nth(this.returned, d), r) + loavesReturned;
    this.balance[d] = subtractKobo(nth(this.balance, d), multiplyKobo(price, loavesReturned));
    return taken;
  }

  /** A payment on account, when enough is owed; a settlement pays off the lot in cash. */
  takePayment(d: number, at: Date, settle: boolean) {
    const owed = nth(this.balance, d);
    const amount = settle ? owed : this.instalment(d, owed);
    if (amount === null || amount <= 0) return;
    const paymentMethod = settle ? 'cash' : this.methodOf(d);
    this.payments.push({
      id: this.sim.ids.uuid(),
      distributor: d,
      amount,
      paymentMethod,
      description: settle
        ? 'Final settlement: shop closed, account archived'
        : this.describe(paymentMethod),
      at,
    });
    this.balance[d] = subtractKobo(owed, amount);
  }

  /** Most of what is owed, in whole thousands of naira; under ₦20,000 owed waits for next time. */
  private instalment(d: number, owed: Kobo): Kobo | null {
    const { random } = this.sim;
    if (owed < toKobo(20_000)) return null;
    let thousands = Math.floor((owed * random.between(0.6, 1)) / THOUSAND_NAIRA);
    // Now and then a distributor rounds up to the next ₦10,000 and more, and is left in credit.
    if (nth(this.lives, d).archived === null && random.chance(0.05)) {
      thousands = Math.ceil(owed / toKobo(10_000)) * 10 + 10;
    }
    return thousands < 1 ? null : multiplyKobo(THOUSAND_NAIRA, thousands);
  }

  private methodOf(d: number): PaymentMethod {
    const { random } = this.sim;
    return random.chance(0.7)
      ? nth(PREFERRED_METHODS, d % PREFERRED_METHODS.length)
      : random.pick(['cash', 'bank_transfer', 'mobile_money', 'check'] as const);
  }

  private describe(method: PaymentMethod) {
    const { random } = this.sim;
    const ref = String(random.int(100_000, 999_999));
    if (method === 'bank_transfer') return `Transfer from ${random.pick(BANKS)}, ref ${ref}`;
    if (method === 'mobile_money') return `${random.pick(MOBILE_WALLETS)} transfer, ref ${ref}`;
    if (method === 'check') return `Cheque no. 00${ref}`;
    return 'Cash paid at the depot';
  }
}

export function distributorRows(plan: Plan) {
  const { calendar } = plan;
  return DISTRIBUTORS.map((dist, d) => {
    const life = nth(plan.distributorLives, d);
    const createdAt = calendar.at(life.created, 10 * 60 + d * 7);
    return {
      id: nth(plan.distributorIds, d),
      name: dist.name,
      address: `${dist.street}, ${dist.area}, ${dist.city}`,
      phone: dist.phone,
      archived: life.archived !== null,
      createdAt,
      updatedAt: life.archived === null ? createdAt : calendar.at(life.archived, 9 * 60),
    };
  });
}

export function paymentRows(plan: Plan) {
  return plan.payments.map((payment) => ({
    id: payment.id,
    distributorId: nth(plan.distributorIds, payment.distributor),
    amount: fromKobo(payment.amount),
    paymentMethod: payment.paymentMethod,
    description: payment.description,
    createdAt: payment.at,
  }));
}

export function returnRows(plan: Plan) {
  return plan.returns.map((r) => ({
    id: r.id,
    distributorId: nth(plan.distributorIds, r.distributor),
    recipeName: nth(RECIPE_LIST, r.recipe).name,
    loavesReturned: r.loavesReturned,
    pricePerLoaf: fromKobo(r.price),
    reason: r.reason,
    notes: r.notes,
    createdAt: r.at,
  }));
}
