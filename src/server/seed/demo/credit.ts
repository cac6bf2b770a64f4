/**
 * Credit control in the demo (issue 19): each distributor's limit and terms,
 * how it pays its account, the sale a manager let over the limit and the
 * reminders the depot sent, so the ageing, the cards and the dashboard tell
 * a credit controller's story from the records alone.
 *
 * The limits were set CREDIT_CONTROL_DAYS_AGO, when the bakery began credit
 * control: before then nothing stopped a sale on credit; since then a sale
 * that would take a balance over its limit is paid in full at the counter,
 * as the app insists, but for the one a manager allowed with a reason.
 */
import { ageBalance, type DayCharge } from '../../../domain/ageing';
import {
  addKobo,
  fromKobo,
  type Kobo,
  multiplyKobo,
  subtractKobo,
  toKobo,
} from '../../../domain/money';
import {
  internationalPhone,
  messageValues,
  type ReminderChannel,
  type ReminderKind,
  renderTemplate,
} from '../../../domain/reminders';
import type { AppSettings } from '../../../domain/settings-schemas';
import { businessDate } from '../../../domain/time';
import { DISTRIBUTORS } from '../catalog';
import type { Random } from '../random';
import { DEMO_DAYS, hour } from './calendar';
import { nth } from './records';
import type { Plan } from './simulate';
import type { UserIds } from './users';

/** The day the manager set every account's limit and terms. */
export const CREDIT_CONTROL_DAYS_AGO = 30;

/**
 * How a distributor pays its account: `regular` every 2–6 days, most of what
 * it owes (never overdue); `late` every 5–8 days, for the bread it collected
 * over LATE_BY_DAYS ago (so always some days past 7-day terms); `stopped` no
 * more from `daysAgo`, and from `cashFromDaysAgo` (when the bakery lost
 * patience) every loaf paid for at collection.
 */
type PaymentHabit =
  | { kind: 'regular' | 'late' }
  | { kind: 'stopped'; daysAgo: number; cashFromDaysAgo?: number };

export const PAYS_EVERY = { regular: [2, 6], late: [5, 8] } as const;
export const LATE_BY_DAYS = 12;

interface CreditTerms {
  /** ₦; 0 is cash only, null no limit. */
  creditLimit: number | null;
  paymentTermsDays: number | null;
  habit: PaymentHabit;
}

type DistributorName = (typeof DISTRIBUTORS)[number]['name'];

const REGULAR = { kind: 'regular' } as const;
const LATE = { kind: 'late' } as const;

/** Limits by what each takes on credit; Ibadan, a day's drive away, pays over 14 days. */
const CREDIT_TERMS: Record<DistributorName, CreditTerms> = {
  'Mama Titi Bread Depot': { creditLimit: 600_000, paymentTermsDays: 7, habit: LATE },
  // The bakery's oldest and biggest customer: no limit.
  'Alhaji Musa & Sons Distribution': { creditLimit: null, paymentTermsDays: 14, habit: REGULAR },
  'Iya Bisi Ventures': { creditLimit: 250_000, paymentTermsDays: 7, habit: REGULAR },
  'Chinedu Okafor Enterprises': { creditLimit: 450_000, paymentTermsDays: 7, habit: LATE },
  'Bola Adeyemi Provisions': { creditLimit: 150_000, paymentTermsDays: 7, habit: REGULAR },
  // Cash only: a kiosk, and a new customer in its first three months.
  'Kehinde Bread Kiosk': { creditLimit: 0, paymentTermsDays: null, habit: REGULAR },
  'Lekki Fresh Foods Supermarket': { creditLimit: 600_000, paymentTermsDays: 14, habit: REGULAR },
  'Ngozi Eze Food Mart': { creditLimit: 200_000, paymentTermsDays: 7, habit: LATE },
  // Stopped paying nearly six weeks ago and still collects: over its limit since credit
  // control began, it pays cash for its bread.
  'Oshodi Daily Bread Stores': {
    creditLimit: 250_000,
    paymentTermsDays: 7,
    habit: { kind: 'stopped', daysAgo: 40 },
  },
  'Ajah Mini Mart': { creditLimit: 0, paymentTermsDays: null, habit: REGULAR },
  'Mama Kunle Bread Depot': { creditLimit: 300_000, paymentTermsDays: 14, habit: REGULAR },
  // Disputes a fortnight's bread from eleven weeks ago; put on cash soon after.
  'Dugbe Central Provisions': {
    creditLimit: 150_000,
    paymentTermsDays: 14,
    habit: { kind: 'stopped', daysAgo: 80, cashFromDaysAgo: 68 },
  },
  'Iya Yetunde Ventures': { creditLimit: 150_000, paymentTermsDays: 14, habit: REGULAR },
  // Never paid on account, and closed its kiosk owing (archived with the debt, accounts.ts).
  'Challenge Bread Kiosk': {
    creditLimit: 100_000,
    paymentTermsDays: 7,
    habit: { kind: 'stopped', daysAgo: DEMO_DAYS },
  },
};

export const creditTermsOf = (d: number): CreditTerms => CREDIT_TERMS[nth(DISTRIBUTORS, d).name];

/** The sale a manager let over the limit: the distributor's first one over it since this many days ago. */
export const OVERRIDE = {
  distributor: DISTRIBUTORS.findIndex((dist) => dist.name === 'Oshodi Daily Bread Stores'),
  fromDaysAgo: 9,
  reason: 'Long-standing customer; the owner promised to pay ₦100,000 by the end of the week',
};

/** A reminder sent: to whom, how many days ago, at what time (minutes after midnight), which, how, by whom. */
type SentReminder = readonly [
  DistributorName,
  number,
  number,
  ReminderKind,
  ReminderChannel,
  keyof UserIds,
];

/** What the depot sent: the clerk chases, the manager follows up. */
const REMINDERS: readonly SentReminder[] = [
  ['Challenge Bread Kiosk', 70, hour(11), 'reminder', 'sms', 'ngozi_sales'],
  ['Challenge Bread Kiosk', 25, hour(15), 'statement', 'sms', 'funmi_manager'],
  ['Dugbe Central Provisions', 40, hour(10) + 20, 'reminder', 'whatsapp', 'ngozi_sales'],
  ['Dugbe Central Provisions', 12, hour(16), 'reminder', 'whatsapp', 'funmi_manager'],
  ['Oshodi Daily Bread Stores', 21, hour(9) + 40, 'reminder', 'whatsapp', 'ngozi_sales'],
  ['Oshodi Daily Bread Stores', 8, hour(14) + 10, 'statement', 'whatsapp', 'funmi_manager'],
  ['Oshodi Daily Bread Stores', 2, hour(10) + 5, 'reminder', 'sms', 'ngozi_sales'],
  ['Chinedu Okafor Enterprises', 3, hour(12) + 30, 'reminder', 'whatsapp', 'ngozi_sales'],
  ['Mama Titi Bread Depot', 5, hour(11) + 45, 'statement', 'whatsapp', 'ngozi_sales'],
];

/** The reminders' ids, from the simulation's own generator so they repeat too. */
export const reminderIds = (ids: Random) => REMINDERS.map(() => ids.uuid());

/** A distributor's balance at a moment, and each day's charges (sales less paid at them) until then. */
function accountAt(plan: Plan, d: number, moment: Date) {
  const before = <T extends { distributor: number; at: Date }>(records: readonly T[]) =>
    records.filter((r) => r.distributor === d && r.at.getTime() <= moment.getTime());
  const byDay = new Map<string, Kobo>();
  let balance = toKobo(0);
  for (const sale of before(plan.sales)) {
    const charged = subtractKobo(multiplyKobo(sale.price, sale.loavesTaken), sale.paid);
    const day = businessDate(sale.at, plan.calendar.timeZone);
    byDay.set(day, addKobo(byDay.get(day) ?? toKobo(0), charged));
    balance = addKobo(balance, charged);
  }
  for (const payment of before(plan.payments)) balance = subtractKobo(balance, payment.amount);
  for (const r of before(plan.returns)) {
    balance = subtractKobo(balance, multiplyKobo(r.price, r.loavesReturned));
  }
  const charges: DayCharge[] = [...byDay].map(([day, charged]) => ({
    day,
    charged: fromKobo(charged),
  }));
  return { balance: fromKobo(balance), charges };
}

/** The reminders as the app records one sent: the message its template made of the account then. */
export function reminderRows(plan: Plan, settings: AppSettings) {
  const { calendar } = plan;
  return REMINDERS.map(([name, daysAgo, minutes, kind, channel, by], index) => {
    const d = DISTRIBUTORS.findIndex((dist) => dist.name === name);
    const dist = nth(DISTRIBUTORS, d);
    const phone = internationalPhone(dist.phone);
    if (phone === null) throw new Error(`${dist.name}'s phone cannot take a message`);
    const at = calendar.at(calendar.today - daysAgo, minutes);
    const { balance, charges } = accountAt(plan, d, at);
    const day = businessDate(at, calendar.timeZone);
    const ageing = ageBalance(balance, charges, creditTermsOf(d).paymentTermsDays, day);
    const template = kind === 'statement' ? settings.statementTemplate : settings.reminderTemplate;
    const values = messageValues({
      bakeryName: settings.bakeryName,
      distributorName: dist.name,
      balance,
      overdue: ageing.overdue,
      oldestDueDay: ageing.oldestDueDay,
    });
    return {
      id: nth(plan.reminderIds, index),
      distributorId: nth(plan.distributorIds, d),
      kind,
      channel,
      phone,
      message: renderTemplate(template, values),
      balance,
      overdue: ageing.overdue,
      sentBy: plan.userIds[by],
      createdAt: at,
    };
  });
}
