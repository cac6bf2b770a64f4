import { MutationCache, QueryClient } from '@tanstack/react-query';

/**
 * Mutations that manage the cache themselves: signing in sets the user, signing
 * out removes everything. Refetching every screen's data there would only
 * answer 401s.
 */
export const OWNS_CACHE = ['auth'] as const;

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
  mutationCache: new MutationCache({
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
