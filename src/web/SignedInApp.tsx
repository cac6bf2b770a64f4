import '@mantine/core/styles.css';
import { Route, Switch } from 'wouter';
import type { CurrentUser } from '../domain/user';
import { AppLayout } from './components/AppLayout';
import { ModulePage } from './pages/module/ModulePage';
import { NotFoundPage } from './pages/not-found/NotFoundPage';
import { PAGE_ROUTES } from './routes';

/** The app shell and its routes: a chunk of its own, so the landing page never loads it. */
export default function SignedInApp({ user }: { user: CurrentUser }) {
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
