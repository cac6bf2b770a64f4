import { useMutation } from '@tanstack/react-query';
import {
  corrected,
  entryLine,
  newEntry,
  type OutboxEntry,
  type OutboxWrite,
} from '../../domain/outbox';
import { notifyError, notifySuccess } from '../api/notify';
import { networkState } from './network';
import { changeEntry, putEntry, removeEntry } from './outbox-store';
import { type SendResult, sendEntry, sendFromForm, signedInMaker, wakeSoon } from './sender';

/**
 * The write was kept on this device, not answered: no network, no answer in
 * time (`until` 'network'), or the session ended before it was stored
 * ('signIn'). The form closes; the sender sends it later. Shown as a failure,
 * the person would record it again and it would be stored twice.
 */
export class KeptOnDevice extends Error {
  constructor(
    readonly entry: OutboxEntry,
    readonly until: 'network' | 'signIn' = 'network',
  ) {
    super('Kept on this device');
    this.name = 'KeptOnDevice';
  }
}

/**
 * A correction not saved: the record it corrects is no longer refused (another
 * tab sent or discarded it), and under its key the server would only give the
 * first answer again.
 */
export class CorrectionTooLate extends Error {
  constructor() {
    super('This record was sent or discarded meanwhile: the correction was not saved');
    this.name = 'CorrectionTooLate';
  }
}

/** How long an open form waits for its answer before it closes with the write kept. */
const FORM_WAIT_MS = 10_000;

/** Keeps a new entry, or a correction if its entry is still refused; false when there is no IndexedDB. */
async function keep(entry: OutboxEntry, replacing: OutboxEntry | undefined): Promise<boolean> {
  if (!replacing) {
    return putEntry(entry).then(
      () => true,
      () => false,
    );
  }
  const saved = await changeEntry(replacing.key, (now) =>
    now.state === 'refused' ? corrected(now, entry.write, entry.distributorName) : undefined,
  );
  if (!saved) throw new CorrectionTooLate();
  return true;
}

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

/**
 * Records a sale, payment, return or settlement from its form through the
 * outbox: kept in IndexedDB first, so a closed tab cannot lose it, then sent
 * at once. Answers the server's answer when it was stored; throws the
 * server's refusal (the ApiError, for the form to show; a new entry is then
 * dropped, since the person is there to correct it, while a corrected one
 * stays refused in the list), KeptOnDevice when it waits for the network or
 * a sign-in, or CorrectionTooLate. `replacing`: the refused entry a person
 * corrected.
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
  const kept = await keep(entry, replacing);
  // No IndexedDB here (a private window of some browsers): sent as before, kept nowhere.
  if (!kept) return answerOf<Answer>(await sendEntry(entry, true), entry, false);
  if (!networkState().online) {
    wakeSoon();
    throw new KeptOnDevice(entry);
  }
  // A correction keeps the moment the sale was made; a new write is timed as before.
  const result = await sendFromForm(entry.key, !replacing, FORM_WAIT_MS);
  if (result?.outcome === 'refused' && !replacing) await removeEntry(entry.key);
  return answerOf<Answer>(result, entry, true);
}

/** The form's side of a send: the answer, or the error the form shows. */
function answerOf<Answer>(result: SendResult | undefined, entry: OutboxEntry, kept: boolean) {
  switch (result?.outcome) {
    case 'sent':
      return result.answer as Answer;
    case 'refused':
      throw result.error;
    case 'signIn':
      // Kept, it waits for its maker's sign-in: shown as failed, it would be recorded twice.
      if (kept) throw new KeptOnDevice(entry, 'signIn');
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
export function keptOnDevice(error: unknown): error is KeptOnDevice | CorrectionTooLate {
  if (error instanceof CorrectionTooLate) {
    notifyError('Not corrected', error.message);
    return true;
  }
  if (!(error instanceof KeptOnDevice)) return false;
  const when = error.until === 'signIn' ? 'you sign in again' : 'the network returns';
  notifySuccess('Kept on this device', `${entryLine(error.entry)}. It will be sent when ${when}.`);
  return true;
}

/** What a form gives to record through the outbox: its input, whose it is, what it corrects. */
export interface MadeOnForm<Input> {
  input: Input;
  distributorName: string;
  /** The refused entry a person corrected (the Unsent list's Correct). */
  replacing?: OutboxEntry | undefined;
}

/**
 * A form's write through the outbox (recordThroughOutbox) as a mutation. It
 * runs with no network too: TanStack would hold it unsaved, the outbox keeps it.
 */
export const useOutboxWrite = <Input, Answer>(writeOf: (input: Input) => OutboxWrite) =>
  useMutation({
    networkMode: 'always',
    mutationFn: (made: MadeOnForm<Input>) =>
      recordThroughOutbox<Answer>(writeOf(made.input), made.distributorName, made.replacing),
  });

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
