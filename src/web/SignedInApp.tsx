import '@mantine/core/styles.css';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Route, Switch } from 'wouter';
import { type CurrentUser, displayName } from '../domain/user';
import { AppLayout } from './components/AppLayout';
import { startSender } from './offline/sender';
import { ModulePage } from './pages/module/ModulePage';
import { NotFoundPage } from './pages/not-found/NotFoundPage';
import { PAGE_ROUTES } from './routes';

/** The app shell and its routes: a chunk of its own, so the landing page never loads it. */
export default function SignedInApp({ user }: { user: CurrentUser }) {
  const client = useQueryClient();
  // The records this user kept on the device go now, and whenever the network is back.
  const name = displayName(user);
  const maker = useMemo(() => ({ id: user.id, name }), [user.id, name]);
  useEffect(() => startSender(maker, client), [maker, client]);
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
