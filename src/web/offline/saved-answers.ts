import { type DehydratedState, dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { createStore, del, get, type UseStore, update } from 'idb-keyval';
import type { CurrentUser } from '../../domain/user';
import { SIGNED_IN_USER } from '../api/query-client';
import { answersToKeep, isKeptOffline } from './kept-answers';

/**
 * The last answers the signed-in app was given, kept in IndexedDB so that the app
 * opens with them when there is no network (docs/decisions.md, "Offline selling").
 * One entry, whose user and build must be this user's and this build's: a new
 * build may read answers differently, and the next person on a shared phone must
 * never be shown the last one's. Signing out, or a session found ended, deletes it
 * (forgetSignedInUser).
 */
interface SavedAnswers {
  userId: string;
  build: string;
  answers: DehydratedState['queries'];
}

const KEY = 'last-answers';
const BUILD = import.meta.env.BAKERY_BUILD;
/** A save waits this long for more answers: a page's first load brings several at once. */
const SAVE_AFTER_MS = 1000;

// Its own database: the outbox keeps unsent writes in another, which signing out must not touch.
let database: UseStore | undefined;
const answersStore = () => {
  database ??= createStore('bakery-offline-answers', 'answers');
  return database;
};

let saving: { client: QueryClient; timer?: ReturnType<typeof setTimeout> } | undefined;

async function save(client: QueryClient): Promise<void> {
  const user = client.getQueryData<CurrentUser | null>(SIGNED_IN_USER);
  if (!user) return;
  const fetched = dehydrate(client, {
    shouldDehydrateQuery: (query) =>
      query.state.status === 'success' && isKeptOffline(query.queryKey),
  }).queries;
  const now = Date.now();
  // In one transaction, so two tabs of the app add to the entry rather than undo each other.
  await update<SavedAnswers>(
    KEY,
    (saved) => ({
      userId: user.id,
      build: BUILD,
      answers: answersToKeep(
        [...(saved?.userId === user.id && saved.build === BUILD ? saved.answers : []), ...fetched],
        now,
      ),
    }),
    answersStore(),
  );
}

function saveNow(): void {
  if (!saving) return;
  clearTimeout(saving.timer);
  saving.timer = undefined;
  save(saving.client).catch((error: unknown) => console.warn('Answers not saved', error));
}

function saveSoon(): void {
  if (saving && saving.timer === undefined) saving.timer = setTimeout(saveNow, SAVE_AFTER_MS);
}

/**
 * From now on each answer the signed-in app is given is saved for offline use,
 * within a second, and at once when the page is hidden (a phone may close it then).
 */
export function keepAnswersSaved(client: QueryClient): void {
  if (saving) return;
  saving = { client };
  client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') saveSoon();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden' && saving?.timer !== undefined) saveNow();
  });
  saveSoon();
}

/**
 * Puts the saved answers back into the cache, for a start without the server. True
 * when they hold a signed-in user (who then sees the app as last seen); false when
 * there are none, or they are another build's or over a week old.
 */
export async function restoreSavedAnswers(client: QueryClient): Promise<boolean> {
  const saved = await get<SavedAnswers>(KEY, answersStore());
  if (!saved || saved.build !== BUILD) return false;
  const answers = answersToKeep(saved.answers, Date.now());
  const user = answers.find((answer) => answer.queryKey[0] === SIGNED_IN_USER[0]);
  if ((user?.state.data as CurrentUser | null | undefined)?.id !== saved.userId) return false;
  hydrate(client, {
    mutations: [],
    // Shown as they are until the network is back: a page must not try a fetch that
    // cannot go, or fail in its place.
    queries: answers.map((answer) => ({
      ...answer,
      state: { ...answer.state, isInvalidated: false },
    })),
  });
  return true;
}

/** Deletes the saved answers (signed out, or the session ended), and any save on its way. */
export async function forgetSavedAnswers(): Promise<void> {
  if (saving) {
    clearTimeout(saving.timer);
    saving.timer = undefined;
  }
  await del(KEY, answersStore());
}
