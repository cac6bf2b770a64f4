import { Button, Card, Center, Stack, Text, Title } from '@mantine/core';
import { Route, Switch } from 'wouter';
import { useCurrentUser } from './auth/queries';
import { AppLayout } from './components/AppLayout';
import { FullPageLoader } from './components/FullPageLoader';
import { LandingPage } from './pages/landing/LandingPage';
import { ModulePage } from './pages/module/ModulePage';
import { NotFoundPage } from './pages/not-found/NotFoundPage';
import { PAGE_ROUTES } from './routes';

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
  const currentUser = useCurrentUser();
  if (currentUser.isPending) return <FullPageLoader />;
  if (currentUser.isError) return <ServerUnreachable onRetry={() => currentUser.refetch()} />;
  const user = currentUser.data;
  if (!user) return <LandingPage />;
  return (
    <AppLayout user={user}>
      <Switch>
        {PAGE_ROUTES.map((route) => (
          <Route key={route.path} path={route.path}>
            <ModulePage route={route} user={user} />
          </Route>
        ))}
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </AppLayout>
  );
}
