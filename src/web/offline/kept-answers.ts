// No imports: the entry chunk loads this lazily (saved-answers.ts), without the shared chunk.

/**
 * What the signed-in app keeps on the device to show offline: the answers of the
 * pages the floor uses, and of the shell around them. Reports, accounting,
 * stock and administration are not kept (they are read at the office, online).
 */
const KEPT_OFFLINE = new Set([
  '/api/auth/user',
  '/api/app-info',
  '/api/notifications',
  '/api/letterhead',
  '/api/dashboard/summary',
  '/api/sales-transactions',
  '/api/available-loaves',
  '/api/distributors',
  '/api/distributor-payments',
  '/api/pending-transfers',
  '/api/bread-prices',
  '/api/orders/book',
  '/api/orders/standing',
  '/api/orders/pauses',
  '/api/dispatch',
  '/api/settlements',
]);

/**
 * Asked for on a page but not its figures: who is signed in, the clock's zone,
 * the bell, and the letterhead (seen only on paper; it is fetched after the
 * page's own answer, so going offline at once can leave it unkept).
 */
const NOT_FIGURES = new Set([
  '/api/auth/user',
  '/api/app-info',
  '/api/notifications',
  '/api/letterhead',
]);

/** An answer older than this is not shown offline: a week-old balance misleads more than none. */
export const KEPT_FOR_MS = 7 * 24 * 60 * 60 * 1000;

export const isKeptOffline = (queryKey: readonly unknown[]): boolean =>
  KEPT_OFFLINE.has(String(queryKey[0]));

/** One kept answer, as TanStack Query's dehydrate writes it (only what is read here). */
export interface KeptAnswer {
  queryHash: string;
  state: { dataUpdatedAt: number };
}

/**
 * The answers to keep: for each query the newest of those kept before and those
 * fetched since, none older than a week. Answers kept before stay although the
 * page has long been left (TanStack forgets an unused query after 5 minutes):
 * the Distributors page seen this morning still opens offline in the afternoon.
 */
export function answersToKeep<A extends KeptAnswer>(answers: readonly A[], now: number): A[] {
  const newest = new Map<string, A>();
  for (const answer of answers) {
    if (now - answer.state.dataUpdatedAt > KEPT_FOR_MS) continue;
    const known = newest.get(answer.queryHash);
    if (!known || known.state.dataUpdatedAt <= answer.state.dataUpdatedAt) {
      newest.set(answer.queryHash, answer);
    }
  }
  return [...newest.values()];
}

/** A query of the cache as the offline banner reads it. */
export interface ShownQuery {
  queryKey: readonly unknown[];
  /** A screen on view uses it. */
  observed: boolean;
  hasData: boolean;
  dataUpdatedAt: number;
  /** No answer, and its fetch waits for the network or could not reach the server. */
  waitingForNetwork: boolean;
}

/** A query the page on view uses for its own figures (not the shell's). */
const isPageFigures = (query: ShownQuery) =>
  query.observed && !NOT_FIGURES.has(String(query.queryKey[0]));

/**
 * When the figures on screen were fetched: the oldest of the answers the screen
 * shows, so "figures as of 14:32" is true of every figure on it. Null when the
 * screen shows none.
 */
export function shownFiguresAt(queries: readonly ShownQuery[]): number | null {
  let oldest: number | null = null;
  for (const query of queries) {
    if (!query.hasData || !isPageFigures(query)) continue;
    if (oldest === null || query.dataUpdatedAt < oldest) oldest = query.dataUpdatedAt;
  }
  return oldest;
}

/**
 * The screen asks for an answer that was never fetched online: it cannot show
 * offline. The shell's answers (who is signed in, the clock's zone, the bell)
 * are not the page's figures: the bell still waiting does not make a page
 * that has its figures "not available".
 */
export const isMissingOffline = (queries: readonly ShownQuery[]): boolean =>
  queries.some((query) => query.waitingForNetwork && isPageFigures(query));
