/**
 * Statements and reminders sent to a distributor's phone (issue 19): the
 * number in international form, the message from the settings' template,
 * and the WhatsApp (wa.me) and SMS (sms:) links that open them prefilled.
 * Nothing is sent by the bakery's server: the user's own phone sends it.
 */
import { z } from 'zod';
import { daysBetween } from './ageing';
import { isStorableText, storable } from './fields';
import { formatNaira } from './money';
import { businessDate } from './time';

export const REMINDER_KINDS = ['statement', 'reminder'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
export const REMINDER_CHANNELS = ['whatsapp', 'sms'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];

export const REMINDER_KIND_LABELS: Record<ReminderKind, string> = {
  statement: 'Statement',
  reminder: 'Reminder',
};
export const REMINDER_CHANNEL_LABELS: Record<ReminderChannel, string> = {
  whatsapp: 'WhatsApp',
  sms: 'SMS',
};

/**
 * A phone number as +234…: a Nigerian number written locally (0803 123
 * 4567), without its 0 (803 123 4567) or with the country code (234…,
 * +234…). A number given with another country's + code is kept as it is.
 * Null when it cannot be a number.
 */
export function internationalPhone(phone: string): string | null {
  const plus = phone.trim().startsWith('+');
  let digits = phone.replace(/\D/g, '');
  if (plus && !digits.startsWith('234')) {
    return digits.length >= 8 && digits.length <= 15 ? `+${digits}` : null;
  }
  if (digits.startsWith('234')) digits = digits.slice(3);
  if (digits.startsWith('0')) digits = digits.slice(1);
  // Nigerian subscriber numbers are 10 digits (mobiles 70x–91x); fixed lines in
  // Lagos are 1 + 7 digits (8 digits).
  if (digits.length < 8 || digits.length > 10) return null;
  return `+234${digits}`;
}

/** The words a template may use, each in braces: {bakery}, {balance}… */
export const TEMPLATE_FIELDS = [
  'bakery',
  'distributor',
  'balance',
  'overdue',
  'oldestDue',
  'link',
] as const;
export type TemplateField = (typeof TEMPLATE_FIELDS)[number];
export type TemplateValues = Record<TemplateField, string>;

export const DEFAULT_REMINDER_TEMPLATE =
  'Good day {distributor}. This is {bakery}. Your balance with us is {balance}, ' +
  'of which {overdue} is overdue (oldest due {oldestDue}). Kindly pay at your earliest convenience. Thank you.';

export const DEFAULT_STATEMENT_TEMPLATE =
  'Good day {distributor}. This is {bakery}. Your statement: balance {balance}, ' +
  'overdue {overdue} (oldest due {oldestDue}). {link}Thank you for your business.';

const UNKNOWN_FIELD = /\{(?!(?:bakery|distributor|balance|overdue|oldestDue|link)\})[^}]*\}/;

/** A template as the settings keep it: text with only the known {fields}. */
export const messageTemplate = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .refine(isStorableText, storable(label))
    .trim()
    .min(1, { error: `${label} is required` })
    .max(1000, { error: `${label} must be less than 1000 characters` })
    .refine((text) => !UNKNOWN_FIELD.test(text), {
      error: `${label} can use only {${TEMPLATE_FIELDS.join('}, {')}}`,
    });

/** The template with each {field} replaced; spaces left doubled by an empty field closed up. */
export function renderTemplate(template: string, values: TemplateValues): string {
  return template
    .replace(/\{(\w+)\}/g, (whole, name: string) =>
      (TEMPLATE_FIELDS as readonly string[]).includes(name) ? values[name as TemplateField] : whole,
    )
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** The link that opens the message on the phone: WhatsApp's click-to-chat or the SMS app. */
export function messageLink(channel: ReminderChannel, phone: string, message: string): string {
  const text = encodeURIComponent(message);
  if (channel === 'whatsapp') return `https://wa.me/${phone.replace(/^\+/, '')}?text=${text}`;
  return `sms:${phone}?body=${text}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "3 Nov 2026" for the bakery day "2026-11-03"; "—" for none (nothing owed). */
export function messageDay(day: string | null): string {
  if (day === null) return '—';
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return `${date} ${MONTHS[month - 1]} ${year}`;
}

/** Who is writing when the letterhead has no name yet. */
export const UNNAMED_BAKERY = 'your bakery';

/** What a message says of one distributor's account, as its template's {fields}. */
export function messageValues(account: {
  bakeryName: string;
  distributorName: string;
  balance: number;
  overdue: number;
  oldestDueDay: string | null;
  link?: string;
}): TemplateValues {
  return {
    bakery: account.bakeryName.trim() || UNNAMED_BAKERY,
    distributor: account.distributorName,
    balance: formatNaira(account.balance),
    overdue: formatNaira(account.overdue),
    oldestDue: messageDay(account.oldestDueDay),
    // Followed by the template's next words: a space keeps them apart, and none is left when there is no link.
    link: account.link ? `${account.link} ` : '',
  };
}

/** Why a distributor's phone cannot be messaged, under its phone field. */
export const phoneNotUsable = (name: string, phone: string) =>
  `${name}'s phone "${phone}" cannot be used for WhatsApp or SMS: enter a Nigerian number such as 0803 123 4567, or another country's number with its + code`;

/** "today", "yesterday", "3 days ago": since a message was sent, in bakery days. */
export function sinceSent(sentAt: string, now: Date, timeZone: string): string {
  const days = daysBetween(businessDate(new Date(sentAt), timeZone), businessDate(now, timeZone));
  if (days <= 0) return 'today';
  return days === 1 ? 'yesterday' : `${days} days ago`;
}
