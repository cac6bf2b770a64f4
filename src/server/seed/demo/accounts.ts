/**
 * Distributor accounts: who buys from the bakery over the demo, what each
 * has bought and owes, the payments made on account (each as its habit has
 * it, credit.ts) and the bread returned (never more than the distributor
 * bought of it).
 */
import { isOverLimit } from '../../../domain/credit';
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
import {
  CREDIT_CONTROL_DAYS_AGO,
  creditTermsOf,
  LATE_BY_DAYS,
  OVERRIDE,
  PAYS_EVERY,
} from './credit';
import { type AccountEvent, nth, type Payment, type Return, type Sale } from './records';
import type { Plan, Simulation } from './simulate';

/** The last distributor closed its kiosk this many days ago, owing, and was archived. */
const ARCHIVED_DAYS_AGO = 85;
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
  /** Each day's sales less what was paid at them, by distributor and day. */
  private readonly chargedOn = DISTRIBUTORS.map((): Kobo[] => []);
  private readonly nextPaymentDay: number[];
  /** Whether the manager has let the chosen distributor's sale over its limit yet. */
  private overridden = false;

  constructor(
    private readonly sim: Simulation,
    readonly lives: readonly DistributorLife[],
  ) {
    this.nextPaymentDay = DISTRIBUTORS.map(
      (_, index) => nth(lives, index).created + this.nextPaymentIn(index),
    );
  }

  recordSale(sale: Sale) {
    const d = sale.distributor;
    nth(this.bought, d)[sale.recipe] = nth(nth(this.bought, d), sale.recipe) + sale.loavesTaken;
    nth(this.lastPrice, d)[sale.recipe] = sale.price;
    const owing = subtractKobo(multiplyKobo(sale.price, sale.loavesTaken), sale.paid);
    const charged = nth(this.chargedOn, d);
    const k = this.sim.calendar.dayOf(sale.at);
    charged[k] = addKobo(charged[k] ?? toKobo(0), owing);
    this.balance[d] = addKobo(nth(this.balance, d), owing);
  }

  /**
   * What is paid at a sale of this value, as the app lets it once limits are
   * set: what the distributor meant to pay if the balance stays within the
   * limit, else the whole value, unless it is the sale a manager let over
   * (with the reason).
   */
  withinLimit(d: number, k: number, value: Kobo, meant: Kobo) {
    const { today } = this.sim.calendar;
    const { creditLimit, habit } = creditTermsOf(d);
    const onCash =
      habit.kind === 'stopped' &&
      habit.cashFromDaysAgo !== undefined &&
      k >= today - habit.cashFromDaysAgo;
    if (onCash) return { paid: value, overrideReason: null };
    const before = nth(this.balance, d);
    const after = addKobo(before, subtractKobo(value, meant));
    if (
      k < today - CREDIT_CONTROL_DAYS_AGO ||
      !isOverLimit(fromKobo(before), fromKobo(after), creditLimit)
    ) {
      return { paid: meant, overrideReason: null };
    }
    const overriding =
      d === OVERRIDE.distributor && k >= today - OVERRIDE.fromDaysAgo && !this.overridden;
    if (!overriding) return { paid: value, overrideReason: null };
    this.overridden = true;
    return { paid: meant, overrideReason: OVERRIDE.reason };
  }

  /** A payment on day k when its habit has one due, until a distributor stops paying. */
  paymentEvents(d: number, k: number): AccountEvent[] {
    const { calendar, random } = this.sim;
    const { habit } = creditTermsOf(d);
    if (habit.kind === 'stopped' && k >= calendar.today - habit.daysAgo) return [];
    if (k < nth(this.nextPaymentDay, d)) return [];
    this.nextPaymentDay[d] = k + this.nextPaymentIn(d);
    const at = calendar.at(k, hour(10) + random.int(0, 420));
    return [{ at, kind: 'payment', distributor: d }];
  }

  private nextPaymentIn(d: number) {
    const { habit } = creditTermsOf(d);
    const [least, most] = PAYS_EVERY[habit.kind === 'late' ? 'late' : 'regular'];
    return this.sim.random.int(least, most);
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

  /** A payment on account, when enough is owed. */
  takePayment(d: number, at: Date) {
    const owed = nth(this.balance, d);
    const amount = this.instalment(d, this.sim.calendar.dayOf(at), owed);
    if (amount === null || amount <= 0) return;
    const paymentMethod = this.methodOf(d);
    this.payments.push({
      id: this.sim.ids.uuid(),
      distributor: d,
      amount,
      paymentMethod,
      description: this.describe(paymentMethod),
      at,
    });
    this.balance[d] = subtractKobo(owed, amount);
  }

  /**
   * In whole thousands of naira: most of what is owed, or for a late payer
   * what it owes for bread collected over LATE_BY_DAYS before day k; under
   * ₦20,000 waits for next time.
   */
  private instalment(d: number, k: number, owed: Kobo): Kobo | null {
    const { random } = this.sim;
    if (creditTermsOf(d).habit.kind === 'late') {
      const due = this.owedBefore(d, k, owed);
      return due < toKobo(20_000)
        ? null
        : multiplyKobo(THOUSAND_NAIRA, Math.floor(due / THOUSAND_NAIRA));
    }
    if (owed < toKobo(20_000)) return null;
    let thousands = Math.floor((owed * random.between(0.6, 1)) / THOUSAND_NAIRA);
    // Now and then a distributor rounds up to the next ₦10,000 and more, and is left in credit.
    if (random.chance(0.05)) thousands = Math.ceil(owed / toKobo(10_000)) * 10 + 10;
    return thousands < 1 ? null : multiplyKobo(THOUSAND_NAIRA, thousands);
  }

  /** What is owed less the charges of the LATE_BY_DAYS days to day k. */
  private owedBefore(d: number, k: number, owed: Kobo): Kobo {
    const recent = nth(this.chargedOn, d).slice(Math.max(0, k - LATE_BY_DAYS + 1), k + 1);
    return recent.reduce<Kobo>((left, charged) => subtractKobo(left, charged ?? toKobo(0)), owed);
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
  // The manager set every account's limit and terms the morning credit control began (a
  // customer who joined later, when it joined).
  const creditSet = calendar.at(calendar.today - CREDIT_CONTROL_DAYS_AGO, hour(8));
  return DISTRIBUTORS.map((dist, d) => {
    const life = nth(plan.distributorLives, d);
    const { creditLimit, paymentTermsDays } = creditTermsOf(d);
    const createdAt = calendar.at(life.created, 10 * 60 + d * 7);
    return {
      id: nth(plan.distributorIds, d),
      name: dist.name,
      address: `${dist.street}, ${dist.area}, ${dist.city}`,
      phone: dist.phone,
      archived: life.archived !== null,
      creditLimit,
      paymentTermsDays,
      createdAt,
      updatedAt: new Date(Math.max(createdAt.getTime(), creditSet.getTime())),
    };
  });
}

/** Cash and cheques are taken at the depot by the sales clerk; transfers the manager sees in the bank. */
export function paymentRows(plan: Plan) {
  const { ngozi_sales: clerk, funmi_manager: manager } = plan.userIds;
  return plan.payments.map((payment) => ({
    id: payment.id,
    distributorId: nth(plan.distributorIds, payment.distributor),
    amount: fromKobo(payment.amount),
    paymentMethod: payment.paymentMethod,
    description: payment.description,
    recordedBy: ['cash', 'check'].includes(payment.paymentMethod) ? clerk : manager,
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
