/**
 * The outbox (issue 20): sales, payments, returns and settlements recorded on
 * a device are kept there, each with a key the device made, until the server
 * has answered them. These are its rules: what an entry holds, what an answer
 * means for it, when it is tried again and what a person reads about it. No
 * rule here drops an entry: only a sent one leaves, or one a person discards.
 */
import { doublingWait } from './backoff';
import type { BreadReturnInput, PaymentInput } from './distributor-schemas';
import { PAYMENT_METHOD_LABELS } from './distributor-schemas';
import type { FieldError } from './errors';
import { formatNaira } from './money';
import { loavesValue, type SaleInput } from './sales-schemas';
import type { SettlementInput } from './settlement';
import { countOf } from './words';

/** The writes a person may make with no network, with the route each is sent to. */
export const OUTBOX_ROUTES = {
  sale: 'POST /api/sales-transactions',
  payment: 'POST /api/distributor-payments',
  return: 'POST /api/bread-returns',
  settlement: 'POST /api/settlements/:id',
} as const;
export type OutboxKind = keyof typeof OUTBOX_ROUTES;

/** What the person typed, as the route takes it; `recordedAt` is added when sent. */
export type OutboxWrite =
  | { kind: 'sale'; body: Omit<SaleInput, 'recordedAt'> }
  | { kind: 'payment'; body: Omit<PaymentInput, 'recordedAt'> }
  | { kind: 'return'; body: Omit<BreadReturnInput, 'recordedAt'> }
  | {
      kind: 'settlement';
      /** The distributor settled: the route's `:id`. */
      params: { id: string };
      body: Omit<SettlementInput, 'recordedAt'>;
    };

/**
 * waiting: to be sent (now, or at `nextTryAt`); sending: a tab has it on the
 * wire; refused: the server said no, and a person must correct or discard it.
 */
export type OutboxState = 'waiting' | 'sending' | 'refused';

export interface OutboxEntry {
  /** The Idempotency-Key: made on the device, kept through retries and corrections. */
  key: string;
  write: OutboxWrite;
  /** The distributor's name as the form showed it, for the line a person reads. */
  distributorName: string;
  /** When it was made on the device (ISO instant): sent as `recordedAt`. */
  madeAt: string;
  /** Who made it: it is sent only under their session. */
  madeBy: { id: string; name: string };
  state: OutboxState;
  /** Answers that said "try again later" (no network, a server error, too many calls). */
  attempts: number;
  /** Not sent before this instant (ms since 1970); 0 for at once. */
  nextTryAt: number;
  /** The server's words when it refused (or, while waiting, why the last try failed). */
  problem: { message: string; code?: string | undefined; fieldErrors: FieldError[] } | null;
}

export function newEntry(
  key: string,
  write: OutboxWrite,
  distributorName: string,
  madeBy: OutboxEntry['madeBy'],
  now: Date,
): OutboxEntry {
  return {
    key,
    write,
    distributorName,
    madeAt: now.toISOString(),
    madeBy,
    state: 'waiting',
    attempts: 0,
    nextTryAt: 0,
    problem: null,
  };
}

/** Waiting to be sent at once, with no tries counted and no problem. */
const freshTry = { state: 'waiting', attempts: 0, nextTryAt: 0, problem: null } as const;

/**
 * A refused entry corrected by a person: the new figures under the same key
 * (a refusal stored nothing, so the key is free) and the same moment made,
 * since the loaves changed hands then; it waits to be sent again.
 */
export function corrected(
  entry: OutboxEntry,
  write: OutboxWrite,
  distributorName: string,
): OutboxEntry {
  return { ...entry, write, distributorName, ...freshTry };
}

/** "Send now": tried again at once, a refused one too (the loaves may be back). */
export const sendAgain = (entry: OutboxEntry): OutboxEntry => ({ ...entry, ...freshTry });

/**
 * The time sent with the body. A new write sent from its open form, at once,
 * goes as today, timed by the server (so a phone's clock minutes off does not
 * refuse the sales of a person standing at the counter). Any other carries
 * the moment it was made, so it lands on its own bakery day: one sent later,
 * or a refused one corrected (the loaves changed hands when it was made).
 */
export const timeToSend = (
  entry: Pick<OutboxEntry, 'madeAt'>,
  serverTimed: boolean,
): { recordedAt?: string } => (serverTimed ? {} : { recordedAt: entry.madeAt });

/** What the server (or the lack of it) said to one send. */
export type Answer =
  | { network: true }
  | { network?: false; status: number; code?: string | undefined; message?: string | undefined };

/**
 * sent: stored (or stored before: the same answer again). retry: nothing
 * stored, and sending the same again later may work (no network, a server
 * error, too many calls). signIn: the session ended, so it waits for its
 * maker's next sign-in. refused: the server will not take it as it is
 * (loaves gone, distributor archived, over the credit limit, no right,
 * a field wrong): a person must correct or discard it.
 */
export type Outcome = 'sent' | 'retry' | 'signIn' | 'refused';

export function outcomeOf(answer: Answer): Outcome {
  if (answer.network) return 'retry';
  const { status } = answer;
  if (status >= 200 && status < 300) return 'sent';
  if (status === 401) return 'signIn';
  // 408: the server gave up waiting for the body; 429: it asks for less, later.
  if (status >= 500 || status === 429 || status === 408) return 'retry';
  return 'refused';
}

/** The first retry waits 2 s, each one after twice as long, up to a minute. */
export const FIRST_RETRY_MS = 2_000;
export const LONGEST_RETRY_MS = 60_000;
/** Up to a tenth more, so the tabs and phones that lost the server together do not return together. */
const JITTER = 0.1;

/** How long to wait after the `attempts`-th answer that said "later"; `random` is in [0, 1). */
export function retryDelay(attempts: number, random: number): number {
  const wait = doublingWait(attempts - 1, FIRST_RETRY_MS, LONGEST_RETRY_MS);
  return Math.round(wait * (1 + JITTER * random));
}

/** The entry after an answer that said "try again later". */
export function afterRetry(
  entry: OutboxEntry,
  problem: OutboxEntry['problem'],
  now: number,
  random: number,
): OutboxEntry {
  const attempts = entry.attempts + 1;
  return {
    ...entry,
    state: 'waiting',
    attempts,
    nextTryAt: now + retryDelay(attempts, random),
    problem,
  };
}

/** The entry after the server refused it, with the server's words. */
export const afterRefusal = (
  entry: OutboxEntry,
  problem: NonNullable<OutboxEntry['problem']>,
): OutboxEntry => ({ ...entry, state: 'refused', nextTryAt: 0, problem });

/** Back to waiting, untouched otherwise: the session ended before the answer. */
export const afterSignedOut = (entry: OutboxEntry): OutboxEntry => ({ ...entry, state: 'waiting' });

/**
 * Whether the server may have stored it already: an earlier try got no
 * answer, or a server error (a refusal stores nothing, and a stored one would
 * have been answered as sent). Discarding such an entry may lose nothing, or
 * may hide a record the person believes gone.
 */
export const mayHaveReachedServer = (entry: Pick<OutboxEntry, 'state' | 'attempts'>): boolean =>
  entry.state !== 'refused' && entry.attempts > 0;

/** Oldest first: the order they were made in (the key breaks a tie of the same millisecond). */
export const oldestFirst = (a: OutboxEntry, b: OutboxEntry): number =>
  a.madeAt === b.madeAt ? a.key.localeCompare(b.key) : a.madeAt < b.madeAt ? -1 : 1;

/**
 * The entries a sender signed in as `userId` sends, oldest first: that user's
 * own, not refused, due at `now`. A `sending` one is due too: the lock that
 * guards a sending pass is free, so the tab that was sending it is gone.
 */
export function dueEntries(entries: readonly OutboxEntry[], userId: string, now: number) {
  return entries
    .filter((e) => e.madeBy.id === userId && e.state !== 'refused' && e.nextTryAt <= now)
    .sort(oldestFirst);
}

/** When the sender should look again: the earliest retry time of the user's waiting entries. */
export function nextWake(entries: readonly OutboxEntry[], userId: string): number | null {
  const times = entries
    .filter((e) => e.madeBy.id === userId && e.state === 'waiting' && e.nextTryAt > 0)
    .map((e) => e.nextTryAt);
  return times.length === 0 ? null : Math.min(...times);
}

/**
 * The line a person reads for an entry, in the bakery's words:
 * "Sale: 40 loaves of Agege Bread to Mama Put, ₦20,000.00 paid ₦5,000.00".
 */
export function entryLine(entry: Pick<OutboxEntry, 'write' | 'distributorName'>): string {
  const { write, distributorName: name } = entry;
  switch (write.kind) {
    case 'sale': {
      const { loavesTaken, pricePerLoaf, amountPaid, recipeName } = write.body;
      const value = formatNaira(loavesValue(loavesTaken, pricePerLoaf));
      return `Sale: ${countOf(loavesTaken, 'loaf')} of ${recipeName} to ${name}, ${value} paid ${formatNaira(amountPaid ?? 0)}`;
    }
    case 'payment': {
      const method = PAYMENT_METHOD_LABELS[write.body.paymentMethod ?? 'cash'];
      return `Payment: ${formatNaira(write.body.amount)} from ${name} (${method})`;
    }
    case 'return': {
      const { loavesReturned, pricePerLoaf, recipeName } = write.body;
      const credit = formatNaira(loavesValue(loavesReturned, pricePerLoaf));
      return `Return: ${countOf(loavesReturned, 'loaf')} of ${recipeName} from ${name}, ${credit} credit`;
    }
    case 'settlement': {
      const { returns, collected, paymentMethod } = write.body;
      const loaves = returns.reduce((sum, line) => sum + line.loaves, 0);
      const method = PAYMENT_METHOD_LABELS[paymentMethod];
      return `Settlement: ${name}, ${countOf(loaves, 'loaf')} returned, ${formatNaira(collected)} collected (${method})`;
    }
  }
}

/** What a person reads about where an entry stands. */
export function stateText(
  entry: OutboxEntry,
  signedInUserId: string | null,
  online: boolean,
): string {
  if (entry.state === 'refused') return `Refused: ${entry.problem?.message ?? 'no reason given'}`;
  if (entry.madeBy.id !== signedInUserId) return `Waiting for ${entry.madeBy.name} to sign in`;
  if (entry.state === 'sending') return 'Sending…';
  if (!online) return 'Waiting for the network';
  // Online yet not sent: the server failed it, and it is tried again soon.
  return entry.problem ? `Trying again soon: ${entry.problem.message}` : 'Waiting to be sent';
}
