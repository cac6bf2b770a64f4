import type { ModuleKey } from '../../domain/modules';
import { canDelete, canRead, canWrite } from '../../domain/permissions';
import { useCurrentUser } from './queries';

/** What the signed-in user may do on a module, so screens hide the buttons they may not use. */
export function useRights(module: ModuleKey) {
  const user = useCurrentUser().data;
  if (!user) return { canRead: false, canWrite: false, canDelete: false };
  return {
    canRead: canRead(user, module),
    canWrite: canWrite(user, module),
    canDelete: canDelete(user, module),
  };
}
