import {
  corrected,
  entryLine,
  newEntry,
  type OutboxEntry,
  type OutboxWrite,
} from '../../domain/outbox';
import { notifySuccess } from '../api/notify';
import { networkState } from './network';
import { putEntry, removeEntry } from './outbox-store';
import { requestPass, type SendResult, sendEntry, signedInMaker, wakeSoon } from './sender';

/**
 * The write was kept on this device, not answered: no network, or no answer
 * in time. The form closes; the sender sends it later.
 */
export class KeptOnDevice extends Error {
  constructor(readonly entry: OutboxEntry) {
    super('Kept on this device');
    this.name = 'KeptOnDevice';
  }
}

/** How long an open form waits for its answer before it closes with the write kept. */
const FORM_WAIT_MS = 10_000;

/**
 * A v4 UUID: crypto.randomUUID where the page is a secure context, else from
 * crypto.getRandomValues (a bakery server reached by plain http on the shop's
 * network has no randomUUID).
 */
export function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const waitFor = (ms: number) => new Promise<undefined>((resolve) => setTimeout(resolve, ms));

/**
 * Records a sale, payment, return or settlement from its form through the
 * outbox: kept in IndexedDB first, so a closed tab cannot lose it, then sent
 * at once. Answers the server's answer when it was stored; throws the
 * server's refusal (the ApiError, for the form to show; a new entry is then
 * dropped, since the person is there to correct it, while a corrected one
 * stays refused in the list), or KeptOnDevice when it waits for the network.
 * `replacing`: the refused entry a person corrected.
 */
export async function recordThroughOutbox<Answer>(
  write: OutboxWrite,
  distributorName: string,
  replacing?: OutboxEntry,
): Promise<Answer> {
  const maker = signedInMaker();
  if (!maker) throw new Error('Not signed in');
  const entry = replacing
    ? corrected(replacing, write, distributorName)
    : newEntry(newKey(), write, distributorName, maker, new Date());
  const kept = await putEntry(entry).then(
    () => true,
    () => false,
  );
  // No IndexedDB here (a private window of some browsers): sent as before, kept nowhere.
  if (!kept) return answerOf<Answer>(await sendEntry(entry, true), entry, false);
  if (!networkState().online) {
    wakeSoon();
    throw new KeptOnDevice(entry);
  }
  // A correction keeps the moment the sale was made; a new write is timed as before.
  const form = { key: entry.key, serverTimed: !replacing };
  const sent = requestPass({ fresh: true, form }).then((results) => results.get(entry.key));
  const result = await Promise.race([sent, waitFor(FORM_WAIT_MS)]);
  if (result?.outcome === 'refused' && !replacing) await removeEntry(entry.key);
  return answerOf<Answer>(result, entry, true);
}

/** The form's side of a send: the answer, or the error the form shows. */
function answerOf<Answer>(result: SendResult | undefined, entry: OutboxEntry, kept: boolean) {
  switch (result?.outcome) {
    case 'sent':
      return result.answer as Answer;
    case 'refused':
    case 'signIn':
      throw result.error;
    default:
      if (kept) throw new KeptOnDevice(entry);
      throw result?.error ?? new Error('The bakery server could not be reached');
  }
}

/**
 * When `error` says the write was kept: the toast that says so, and true (the
 * form then closes as after a save); false for any other error.
 */
export function keptOnDevice(error: unknown): error is KeptOnDevice {
  if (!(error instanceof KeptOnDevice)) return false;
  notifySuccess(
    'Kept on this device',
    `${entryLine(error.entry)}. It will be sent when the network returns.`,
  );
  return true;
}

/** A form's save handlers (saveHandlers), with a write kept on the device closing the form too. */
export function orKeptOnDevice<Handlers extends { onError: (error: unknown) => void }>(
  handlers: Handlers,
  close: () => void,
): Handlers {
  return {
    ...handlers,
    onError: (error: unknown) => (keptOnDevice(error) ? close() : handlers.onError(error)),
  };
}
