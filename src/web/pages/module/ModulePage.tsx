import { canRead } from '../../../domain/permissions';
import type { CurrentUser } from '../../../domain/user';
import { PageHeader } from '../../components/PageHeader';
import type { PageRoute } from '../../routes';
import { NoAccess } from './NoAccess';

/** A route's page: its title and subtitle, or a clear refusal when the user may not read it. */
export function ModulePage({ route, user }: { route: PageRoute; user: CurrentUser }) {
  if (route.adminOnly && !user.isAdmin) return <NoAccess what={`the ${route.title}`} />;
  if (route.module && !canRead(user, route.module)) return <NoAccess what={route.title} />;
  return <PageHeader title={route.title} subtitle={route.subtitle} />;
}
