import { Center, Loader } from '@mantine/core';
import { Suspense } from 'react';
import { canRead } from '../../../domain/permissions';
import type { CurrentUser } from '../../../domain/user';
import { PageHeader } from '../../components/PageHeader';
import type { PageRoute } from '../../routes';
import { NoAccess } from './NoAccess';

/** A route's page, or a clear refusal when the user may not read it. */
export function ModulePage({ route, user }: { route: PageRoute; user: CurrentUser }) {
  if (route.adminOnly && !user.isAdmin) return <NoAccess what={`the ${route.title}`} />;
  if (route.module && !canRead(user, route.module)) return <NoAccess what={route.title} />;
  if (!route.page) return <PageHeader title={route.title} subtitle={route.subtitle} />;
  return (
    <Suspense
      fallback={
        <Center mih="40vh">
          <Loader color="orange" />
        </Center>
      }
    >
      <route.page />
    </Suspense>
  );
}
