/**
 * Payment receipts (issue 19): the receipt's label from its number, the
 * amount in words as a Nigerian receipt or cheque writes it, and the short
 * message that shares a receipt by WhatsApp or SMS.
 */
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from './distributor-schemas';
import { formatNaira, toKobo } from './money';

/** "RCT-000123": six digits at least, so receipts sort and read alike; more once past 999,999. */
export const receiptLabel = (receiptNumber: number) =>
  `RCT-${String(receiptNumber).padStart(6, '0')}`;

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES = ['', 'thousand', 'million', 'billion', 'trillion'];

/** 1–99: "seven", "forty-two". */
function underHundred(n: number): string {
  if (n < 20) return ONES[n] as string;
  const ones = n % 10;
  return `${TENS[Math.floor(n / 10)]}${ones ? `-${ONES[ones]}` : ''}`;
}

/** 1–999 the British way: "one hundred and ten". */
function underThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (!hundreds) return underHundred(rest);
  return `${ONES[hundreds]} hundred${rest ? ` and ${underHundred(rest)}` : ''}`;
}

/**
 * A whole number in words, groups of thousands joined by commas, and by
 * "and" before a last group under a hundred: "twelve thousand, five
 * hundred", "one thousand and one".
 */
export function wholeInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a whole amount: ${n}`);
  if (n === 0) return ONES[0] as string;
  const groups: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 1000)) groups.push(rest % 1000);
  const parts = groups
    .map((group, scale) => ({ group, scale }))
    .filter(({ group }) => group > 0)
    .reverse();
  return parts
    .map(({ group, scale }, index) => {
      const words = `${underThousand(group)}${scale ? ` ${SCALES[scale]}` : ''}`;
      if (index === 0) return words;
      const last = index === parts.length - 1;
      return `${last && scale === 0 && group < 100 ? ' and ' : ', '}${words}`;
    })
    .join('');
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * An amount in naira and kobo in words, exact to the kobo: "Twelve
 * thousand, five hundred naira and fifty kobo", "One kobo", "Zero naira".
 * Naira and kobo take no plural, as Nigerians write them.
 */
export function nairaInWords(amount: number): string {
  const kobo = toKobo(amount);
  if (kobo < 0) throw new RangeError(`Not a payment: ${amount}`);
  const naira = Math.floor(kobo / 100);
  const cents = kobo % 100;
  const nairaPart = `${wholeInWords(naira)} naira`;
  if (!cents) return capitalised(nairaPart);
  const koboPart = `${wholeInWords(cents)} kobo`;
  return capitalised(naira ? `${nairaPart} and ${koboPart}` : koboPart);
}

export interface ReceiptMessageValues {
  bakery: string;
  label: string;
  amount: number;
  amountInWords: string;
  /** The day as the receipt shows it, e.g. "Thu, 26 Nov 2026". */
  date: string;
  paymentMethod: PaymentMethod;
}

/** The message that goes with a shared receipt: short enough for one SMS or so. */
export function receiptMessage(values: ReceiptMessageValues): string {
  const from = values.bakery.trim() ? ` from ${values.bakery.trim()}` : '';
  return (
    `Receipt ${values.label}${from}: received ${formatNaira(values.amount)} ` +
    `(${values.amountInWords}) on ${values.date} by ${PAYMENT_METHOD_LABELS[values.paymentMethod]}. Thank you.`
  );
}

/**
 * A payment's state: recorded (credited, with a receipt) or, while transfers
 * need confirming, a bank transfer or mobile money waiting for a manager.
 */
export const PAYMENT_STATUSES = ['recorded', 'pending_confirmation'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The methods whose money may be claimed without having arrived. */
export const TRANSFER_METHODS: readonly PaymentMethod[] = ['bank_transfer', 'mobile_money'];
export const isTransfer = (method: PaymentMethod) => TRANSFER_METHODS.includes(method);
