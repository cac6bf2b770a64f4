import { useSyncExternalStore } from 'react';

/**
 * Whether the bakery server can be reached, as the app last found it: the
 * browser's own online flag says only that a network is there (a phone on a
 * dead Wi-Fi says online), so a failed call counts as offline too, until a
 * call goes through or the browser reports the network back.
 */
export interface NetworkState {
  online: boolean;
  /** When a call last got an answer from the server (ms since 1970), if this tab has had one. */
  lastAnswerAt: number | null;
}

let state: NetworkState = {
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  lastAnswerAt: null,
};
const listeners = new Set<() => void>();

function update(next: NetworkState) {
  if (next.online === state.online && next.lastAnswerAt === state.lastAnswerAt) return;
  const cameBack = next.online && !state.online;
  state = next;
  for (const listener of listeners) listener();
  if (cameBack) for (const listener of backOnline) listener();
}

/** A call got an answer (any status): the server is there. */
export function noteServerAnswered(): void {
  update({ online: true, lastAnswerAt: Date.now() });
}

/** A call never reached the server (fetch threw: no network, server down, power cut). */
export function noteNetworkFailed(): void {
  update({ ...state, online: false });
}

/** True when fetch threw before any answer: the network, not the server, said no. */
export const isNetworkFailure = (error: unknown): boolean => error instanceof TypeError;

const backOnline = new Set<() => void>();

/** Runs `listener` each time the app finds the server again after being offline. */
export function onBackOnline(listener: () => void): () => void {
  backOnline.add(listener);
  return () => backOnline.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => update({ ...state, online: false }));
  // The browser's word is a hint: the next call, or the outbox's send, confirms it.
  window.addEventListener('online', () => update({ ...state, online: true }));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const networkState = (): NetworkState => state;

/** The network state, re-rendering when it changes. */
export const useNetwork = (): NetworkState =>
  useSyncExternalStore(subscribe, networkState, networkState);
