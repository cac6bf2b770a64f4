import { Button, Card, Center, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useDeferredValue, useEffect } from 'react';
import { matchRoute, useLocation, useRouter } from 'wouter';
import { STATEMENT_LINK_ROUTE } from '../domain/statement-link-path';
import { useCurrentUser } from './auth/queries';
import { FullPageLoader } from './components/FullPageLoader';
import { ShellPlaceholder } from './components/ShellPlaceholder';
import { LandingPage } from './pages/landing/LandingPage';
import { PAGE_ROUTES } from './routes';

const SignedInApp = lazy(() => import('./SignedInApp'));
const StatementLinkPage = lazy(() => import('./pages/statement-link/StatementLinkPage'));
const OpenOffline = lazy(() => import('./offline/OpenOffline'));

function ServerUnreachable({ onRetry }: { onRetry: () => void }) {
  return (
    <Center h="100dvh" p="md">
      <Card withBorder radius="lg" p="xl" maw={440} role="alert">
        <Stack gap="sm">
          <Title order={1} fz={22}>
            Cannot reach the bakery server
          </Title>
          <Text c="dimmed">Check that the server is running and your connection is working.</Text>
          <Button color="orange" onClick={onRetry}>
            Try again
          </Button>
        </Stack>
      </Card>
    </Center>
  );
}

export function App() {
  const [location] = useLocation();
  const { parser } = useRouter();
  const [isStatementLink, link] = matchRoute(parser, STATEMENT_LINK_ROUTE, location);
  // A distributor's statement link: no sign-in, and nothing of the app around it.
  if (isStatementLink) {
    return (
      <Suspense fallback={<FullPageLoader label="Loading statement..." />}>
        <StatementLinkPage token={link.token} />
      </Suspense>
    );
  }
  return <BakeryApp />;
}

/** The landing page, or the signed-in app once someone has signed in. */
function BakeryApp() {
  const currentUser = useCurrentUser();
  const [location] = useLocation();
  const { parser } = useRouter();
  // The first page after the loader is rendered as interruptible background work:
  // React splits it into short slices instead of one long task that blocks input.
  const isPending = useDeferredValue(currentUser.isPending);
  const user = currentUser.data;
  const route = user
    ? PAGE_ROUTES.find((candidate) => matchRoute(parser, candidate.path, location)[0])
    : undefined;
  // The page's chunk and first data are fetched alongside the shell's chunk, not after it.
  useEffect(() => {
    route?.load?.();
    route?.prefetch?.();
  }, [route]);

  // No answer (no network, or the server down): the answers saved on this device, if any.
  if (!user && (currentUser.isError || currentUser.fetchStatus === 'paused')) {
    return (
      <Suspense fallback={<FullPageLoader />}>
        <OpenOffline error={currentUser.error}>
          <ServerUnreachable onRetry={() => currentUser.refetch()} />
        </OpenOffline>
      </Suspense>
    );
  }
  if (isPending) return <FullPageLoader />;
  // The landing page is in the entry chunk: a signed-out visitor waits for nothing more.
  if (!user) return <LandingPage />;
  return (
    <Suspense fallback={<ShellPlaceholder title={route?.title} subtitle={route?.subtitle} />}>
      <SignedInApp user={user} />
    </Suspense>
  );
}
