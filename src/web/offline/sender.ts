import type { QueryClient } from '@tanstack/react-query';
import { distributorsApi } from '../../domain/contracts/distributors';
import { salesApi } from '../../domain/contracts/sales';
import { settlementApi } from '../../domain/contracts/settlement';
import {
  afterRefusal,
  afterRetry,
  afterSignedOut,
  dueEntries,
  FIRST_RETRY_MS,
  nextWake,
  type OutboxEntry,
  outcomeOf,
  sendAgain,
  timeToSend,
} from '../../domain/outbox';
import { ApiError, callOnce } from '../api/http';
import { forgetSignedInUser, SIGNED_IN_USER } from '../api/query-client';
import { noteNetworkFailed, onBackOnline } from './network';
import { changeEntry, loadOutbox, outboxEntries, removeEntry } from './outbox-store';

/**
 * The outbox's sender (docs/decisions.md, "Offline selling"): one pass at a
 * time across the tabs (a Web Lock), the signed-in user's own entries only,
 * oldest first, one at a time, each under its Idempotency-Key. A refused
 * entry stays for a person and the pass goes on; no network (or "too many
 * calls") ends the pass until the entry's retry time, or until the network
 * is back.
 */

/** What one send came to. */
export type SendResult =
  | { outcome: 'sent'; answer: unknown }
  | { outcome: 'refused' | 'signIn'; error: ApiError }
  /**
   * `error`: the server's answer, when there was one. `everyone`: the others
   * would fare no better (no network, the server down or asking for fewer
   * calls), so the pass ends; a plain server error may be the entry's own.
   */
  | { outcome: 'retry'; error?: ApiError; everyone: boolean };

/** Long enough for a slow phone network, short enough that a dead Wi-Fi does not hold the queue. */
const SEND_TIMEOUT_MS = 30_000;
/** Screens refetch at most this often while a long queue is sent, and once at its end. */
const REFRESH_EVERY_MS = 1_000;

interface Sender {
  user: OutboxEntry['madeBy'];
  client: QueryClient;
  timer?: ReturnType<typeof setTimeout>;
}

let sender: Sender | null = null;

/** Who the entries made now belong to: the signed-in user, while the sender runs. */
export const signedInMaker = (): OutboxEntry['madeBy'] | null => sender?.user ?? null;

function sendWrite(entry: OutboxEntry, serverTimed: boolean): Promise<unknown> {
  const once = { idempotencyKey: entry.key, madeBy: entry.madeBy.id, timeoutMs: SEND_TIMEOUT_MS };
  const time = timeToSend(entry, serverTimed);
  const { write } = entry;
  switch (write.kind) {
    case 'sale':
      return callOnce(salesApi.record, { body: { ...write.body, ...time } }, once);
    case 'payment':
      return callOnce(distributorsApi.pay, { body: { ...write.body, ...time } }, once);
    case 'return':
      return callOnce(distributorsApi.giveBack, { body: { ...write.body, ...time } }, once);
    case 'settlement':
      return callOnce(
        settlementApi.settle,
        { params: write.params, body: { ...write.body, ...time } },
        once,
      );
  }
}

/** Sends one entry and tells what came of it; nothing is kept here. */
export async function sendEntry(entry: OutboxEntry, serverTimed: boolean): Promise<SendResult> {
  try {
    return { outcome: 'sent', answer: await sendWrite(entry, serverTimed) };
  } catch (error) {
    if (!(error instanceof ApiError)) {
      // Given up waiting: the server may have it, which the key makes safe to send again.
      if (error instanceof DOMException && error.name === 'TimeoutError') noteNetworkFailed();
      return { outcome: 'retry', everyone: true };
    }
    const outcome = outcomeOf({ status: error.status, code: error.code });
    if (outcome === 'signIn' || outcome === 'refused') return { outcome, error };
    return { outcome: 'retry', error, everyone: error.status !== 500 };
  }
}

const problemOf = (error: ApiError) => ({
  message: error.serverMessage ?? error.message,
  code: error.code,
  fieldErrors: error.fieldErrors,
});

/** The next pass, while it waits for the lock: later requests join it. */
interface PassRequest {
  /** Retry times are forgotten first: the network is back, or a person is waiting. */
  fresh: boolean;
  done: Promise<Map<string, SendResult>>;
}
let queued: PassRequest | null = null;

/**
 * The entries whose form is open and waits for the answer (it refreshes the
 * screens itself), each told what came of its send. `serverTimed`: a new
 * write sent at once, timed by the server as before the outbox. A form that
 * gives up waiting leaves this list, so a later send carries the moment made
 * and refreshes the screens like any kept write.
 */
const waitingForms = new Map<string, { serverTimed: boolean; answered: (r: SendResult) => void }>();

/**
 * Sends a form's entry at once: what came of it, or undefined when it was not
 * sent before `waitMs` (or by this tab's pass).
 */
export async function sendFromForm(
  key: string,
  serverTimed: boolean,
  waitMs: number,
): Promise<SendResult | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const answered = new Promise<SendResult>((resolve) => {
    waitingForms.set(key, { serverTimed, answered: resolve });
  });
  const passEnded = requestPass({ fresh: true }).then((results) => results.get(key));
  const gaveUp = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), waitMs);
  });
  try {
    return await Promise.race([answered, passEnded, gaveUp]);
  } finally {
    clearTimeout(timer);
    waitingForms.delete(key);
  }
}

/** One pass at a time in all this browser's tabs (the server's key makes a rare overlap harmless). */
function exclusively<T>(run: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks) {
    return navigator.locks.request('outbox-sender', run);
  }
  return Promise.resolve().then(run);
}

/** Asks for a pass; the answer maps each entry sent in it to what came of it. */
export function requestPass(options: { fresh?: boolean } = {}): Promise<Map<string, SendResult>> {
  if (!sender) return Promise.resolve(new Map());
  if (!queued) {
    const request: PassRequest = { fresh: false, done: Promise.resolve(new Map()) };
    request.done = exclusively(() => {
      if (queued === request) queued = null;
      // Whoever is signed in when it starts: the one who asked may have signed out since.
      return sender ? pass(sender, request) : Promise.resolve(new Map<string, SendResult>());
    });
    queued = request;
  }
  queued.fresh ||= options.fresh ?? false;
  return queued.done;
}

/** Retry times forgotten: the network is back, or a person is waiting. */
async function forgetRetryTimes(userId: string) {
  const waiting = outboxEntries().filter((e) => e.madeBy.id === userId && e.nextTryAt > 0);
  for (const entry of waiting) {
    await changeEntry(entry.key, (e) =>
      e.state === 'waiting' ? { ...e, nextTryAt: 0 } : undefined,
    );
  }
}

/**
 * Every screen refetches after entries are sent (a form's own refreshes them
 * itself), at most once a second while a long queue goes: after each of 500
 * they would refetch 500 times.
 */
function screensRefresher(client: QueryClient) {
  let unrefreshed = 0;
  let refreshedAt = Date.now();
  const refresh = () => {
    unrefreshed = 0;
    refreshedAt = Date.now();
    void client.invalidateQueries();
  };
  return {
    sent() {
      unrefreshed += 1;
      if (Date.now() - refreshedAt >= REFRESH_EVERY_MS) refresh();
    },
    passEnded() {
      if (unrefreshed > 0) refresh();
    },
  };
}

/** Keeps what came of a send in the entry; true when the pass must end. */
async function keepResult(current: Sender, key: string, result: SendResult): Promise<boolean> {
  switch (result.outcome) {
    case 'sent':
      await removeEntry(key);
      return false;
    case 'refused':
      await changeEntry(key, (e) => afterRefusal(e, problemOf(result.error)));
      return false;
    case 'signIn':
      // Everything waits for its maker's sign-in. A stopped sender signs no one out:
      // the user signed in since is not the one whose session ended.
      await changeEntry(key, afterSignedOut);
      if (sender !== current) return true;
      // The session ended: the app shows the sign-in.
      if (result.error.code === 'NOT_SIGNED_IN') forgetSignedInUser(current.client);
      // Another user signed in (in another tab): this tab asks who, and its sender restarts as them.
      else void current.client.invalidateQueries({ queryKey: SIGNED_IN_USER });
      return true;
    case 'retry': {
      const problem = result.error ? problemOf(result.error) : null;
      await changeEntry(key, (e) => afterRetry(e, problem, Date.now(), Math.random()));
      return result.everyone;
    }
  }
}

async function pass(current: Sender, request: PassRequest): Promise<Map<string, SendResult>> {
  const results = new Map<string, SendResult>();
  await loadOutbox();
  const me = current.user.id;
  if (request.fresh) await forgetRetryTimes(me);
  const screens = screensRefresher(current.client);
  const tried = new Set<string>();
  while (sender === current) {
    const next = dueEntries(outboxEntries(), me, Date.now()).find((e) => !tried.has(e.key));
    if (!next) break;
    tried.add(next.key);
    // As it is now: another tab may have discarded or corrected it.
    const claimed = await changeEntry(next.key, (e) =>
      e.state === 'refused' ? undefined : { ...e, state: 'sending' },
    );
    if (!claimed) continue;
    const result = await sendEntry(claimed, waitingForms.get(claimed.key)?.serverTimed ?? false);
    results.set(claimed.key, result);
    const ends = await keepResult(current, claimed.key, result);
    // Its form, if still waiting, refreshes the screens itself.
    const form = waitingForms.get(claimed.key);
    if (form) form.answered(result);
    else if (result.outcome === 'sent') screens.sent();
    if (ends) break;
  }
  screens.passEnded();
  wakeLater(current);
  return results;
}

/**
 * Sets the sender's timer: the earliest retry time of the user's entries, or,
 * when some were never tried (made with no network), a first try soon.
 */
function wakeLater(current: Sender) {
  clearTimeout(current.timer);
  if (sender !== current) return;
  const entries = outboxEntries();
  const me = current.user.id;
  let wake = nextWake(entries, me);
  if (wake === null && dueEntries(entries, me, Date.now()).length > 0) {
    wake = Date.now() + FIRST_RETRY_MS;
  }
  if (wake === null) return;
  current.timer = setTimeout(() => void requestPass(), Math.max(0, wake - Date.now()));
}

/** After an entry was kept with no network: the sender tries it in a while. */
export function wakeSoon(): void {
  if (sender) wakeLater(sender);
}

/** "Send now" on an entry of the list: at once, a refused one too. */
export async function sendNow(key: string): Promise<void> {
  await changeEntry(key, sendAgain);
  await requestPass({ fresh: true });
}

/**
 * Starts sending the signed-in user's entries: now (their earlier session's
 * included), whenever the network is back, and on the retry timer. The
 * answer stops it (sign-out, or another user signs in).
 */
export function startSender(user: OutboxEntry['madeBy'], client: QueryClient): () => void {
  const current: Sender = { user, client };
  sender = current;
  const stopListening = onBackOnline(() => void requestPass({ fresh: true }));
  void requestPass({ fresh: true });
  return () => {
    stopListening();
    clearTimeout(current.timer);
    if (sender === current) sender = null;
  };
}
