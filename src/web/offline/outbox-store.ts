import { createStore, del, promisifyRequest, set, type UseStore, values } from 'idb-keyval';
import { useEffect, useSyncExternalStore } from 'react';
import { type OutboxEntry, oldestFirst } from '../../domain/outbox';

/**
 * The outbox's entries in IndexedDB (docs/decisions.md, "Offline selling"):
 * a database of its own, kept through a reload, a closed tab and a restarted
 * phone, and not cleared on sign-out (the read cache is): each entry belongs
 * to the user who made it and waits for them. Every tab keeps the same list
 * in memory: a change made here is written, then told to the other tabs.
 */
let database: UseStore | undefined;
const store = () => {
  database ??= createStore('bakery-outbox', 'entries');
  return database;
};

type Change = { put: OutboxEntry } | { removed: string };

const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('outbox');

const byKey = new Map<string, OutboxEntry>();
let list: readonly OutboxEntry[] = [];
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

function apply(change: Change) {
  if ('put' in change) byKey.set(change.put.key, change.put);
  else byKey.delete(change.removed);
  list = [...byKey.values()].sort(oldestFirst);
  for (const listener of listeners) listener();
}

function changed(change: Change) {
  apply(change);
  channel?.postMessage(change);
}

channel?.addEventListener('message', (event: MessageEvent<Change>) => apply(event.data));

/** Reads every entry from the database (once per tab: later changes come as messages). */
export function loadOutbox(): Promise<void> {
  loading ??= values<OutboxEntry>(store()).then(
    (stored) => {
      for (const entry of stored) byKey.set(entry.key, entry);
      list = [...byKey.values()].sort(oldestFirst);
      for (const listener of listeners) listener();
    },
    // No IndexedDB (a private window of some browsers), or a read that failed this
    // once: nothing shows now, and the next pass reads again.
    () => {
      loading = undefined;
    },
  );
  return loading;
}

/** Every entry on this device, every user's, oldest first. */
export const outboxEntries = (): readonly OutboxEntry[] => list;

/** Keeps an entry (a new one, or one replaced whole). */
export async function putEntry(entry: OutboxEntry): Promise<void> {
  await set(entry.key, entry, store());
  changed({ put: entry });
  // Best-effort storage may be cleared when the phone runs short of space: ask to keep it.
  void navigator.storage?.persist?.();
}

/** Takes an entry out: sent, or discarded by a person. */
export async function removeEntry(key: string): Promise<void> {
  await del(key, store());
  changed({ removed: key });
}

/**
 * Changes an entry as it is in the database now, in one transaction: another
 * tab may have discarded or corrected it meanwhile. `change` answers the
 * entry as it should be, or undefined to leave it; the new entry, if any.
 */
export async function changeEntry(
  key: string,
  change: (entry: OutboxEntry) => OutboxEntry | undefined,
): Promise<OutboxEntry | undefined> {
  const next = await store()('readwrite', async (entries) => {
    const found = await promisifyRequest<OutboxEntry | undefined>(entries.get(key));
    const replaced = found && change(found);
    if (!replaced) return undefined;
    entries.put(replaced, key);
    await promisifyRequest(entries.transaction);
    return replaced;
  });
  if (next) changed({ put: next });
  return next;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The entries, re-rendering when any tab changes them. */
export function useOutbox(): readonly OutboxEntry[] {
  useEffect(() => void loadOutbox(), []);
  return useSyncExternalStore(subscribe, outboxEntries, outboxEntries);
}
