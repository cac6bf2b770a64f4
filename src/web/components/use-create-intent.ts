import { useLocation, useSearch } from 'wouter';
import type { ModuleKey } from '../../domain/modules';
import { useRights } from '../auth/use-rights';

/**
 * A link to a page with `?new` (the dashboard's quick actions) opens that
 * page's create dialog at once, for a user who may write the module (anyone
 * else would fill in a form only to be refused). `done` drops the query when
 * the dialog closes, so a reload or Back does not open it again.
 */
export function useCreateIntent(path: string, module: ModuleKey) {
  const asked = new URLSearchParams(useSearch()).has('new');
  const { canWrite } = useRights(module);
  const [, navigate] = useLocation();
  const requested = asked && canWrite;
  return {
    requested,
    done: () => {
      if (asked) navigate(path, { replace: true });
    },
  };
}
