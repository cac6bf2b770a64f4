import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

/**
 * Mutations that manage the cache themselves: signing in sets the user, signing
 * out removes everything. Refetching every screen's data there would only
 * answer 401s.
 */
export const OWNS_CACHE = ['auth'] as const;

/** The signed-in user's query: null shows the landing page. */
export const SIGNED_IN_USER = ['/api/auth/user'] as const;

/** What a signed-out visitor's page may hold: who is signed in (no one) and what the landing page reads. */
const ANYONES = new Set<unknown>([SIGNED_IN_USER[0], '/api/app-info']);

/**
 * Forgets the last signed-in user's answers, in memory and those the device kept
 * for offline use (src/web/offline/saved-answers.ts), so the next person on a
 * shared phone sees nothing of them.
 */
function forgetUsersAnswers(client: QueryClient) {
  client.removeQueries({ predicate: (query) => !ANYONES.has(query.queryKey[0]) });
  void import('../offline/saved-answers').then((saved) => saved.forgetSavedAnswers());
}

/**
 * Sets the user to null, so the app shows the landing page, and forgets their
 * answers: after signing out, and when a call finds the session ended (idle,
 * deactivated, password reset) instead of leaving each screen with an error.
 */
export function forgetSignedInUser(client: QueryClient) {
  client.setQueryData(SIGNED_IN_USER, null);
  forgetUsersAnswers(client);
}

/**
 * An ApiError (./http) whose code says the session ended. Read by its shape:
 * importing the class would pull http.ts and the error codes into the
 * landing page's first download.
 */
const sessionEnded = (error: unknown) => {
  if ((error as { code?: unknown } | null)?.code === 'NOT_SIGNED_IN') {
    forgetSignedInUser(queryClient);
  }
};

/**
 * docs/rules/forms-and-messages.md: data never goes stale on its own, no refetch on focus, no
 * polling, no retries. Instead, any successful write marks every answer stale,
 * as the server empties its whole read cache: a sale changes the loaves left,
 * the balances, the dashboard and the reports, and no page has to remember
 * which of them. Screens on view refetch before the write's promise settles,
 * so a dialog that closes on success closes onto fresh figures; the others
 * refetch when next shown.
 */
export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: sessionEnded,
    // No one signed in, as the server says: answers shown while the app opened
    // offline belong to someone whose session has since ended.
    onSuccess: (data, query) => {
      if (data === null && query.queryKey[0] === SIGNED_IN_USER[0]) forgetUsersAnswers(queryClient);
    },
  }),
  mutationCache: new MutationCache({
    onError: sessionEnded,
    onSuccess: (_data, _variables, _context, mutation) =>
      mutation.options.mutationKey?.[0] === OWNS_CACHE[0]
        ? undefined
        : queryClient.invalidateQueries(),
  }),
  defaultOptions: {
    queries: {
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    },
    mutations: { retry: false },
  },
});
