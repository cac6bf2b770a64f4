import { useLocation, useSearch } from 'wouter';

/**
 * A link to a page with `?new` (the dashboard's quick actions) opens that
 * page's create dialog at once. `done` drops the query when the dialog
 * closes, so a reload or Back does not open it again.
 */
export function useCreateIntent(path: string) {
  const requested = new URLSearchParams(useSearch()).has('new');
  const [, navigate] = useLocation();
  return {
    requested,
    done: () => {
      if (requested) navigate(path, { replace: true });
    },
  };
}
