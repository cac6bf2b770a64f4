import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { type Query, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { DEFAULT_TIME_ZONE } from '../../domain/time';
import { useAppInfo } from '../auth/queries';
import { useFindServerAgain } from './find-server';
import { isMissingOffline, type ShownQuery, shownFiguresAt } from './kept-answers';
import { isNetworkFailure, onBackOnline, useNetwork } from './network';
import { offlineCaption } from './offline-caption';
import { keepAnswersSaved } from './saved-answers';
import { reloadIntoNewVersion, useNewVersionWaiting } from './service-worker';

const shownQuery = (query: Query): ShownQuery => ({
  queryKey: query.queryKey,
  observed: query.getObserversCount() > 0,
  hasData: query.state.data !== undefined,
  dataUpdatedAt: query.state.dataUpdatedAt,
  // Paused when the browser knows it is offline; failed when it thought the network was there.
  waitingForNetwork:
    query.state.data === undefined &&
    ((query.state.status === 'pending' && query.state.fetchStatus === 'paused') ||
      (query.state.status === 'error' && isNetworkFailure(query.state.error))),
});

/** A figure of the queries on view, worked out again whenever the cache changes. */
function useShown<T>(client: QueryClient, read: (queries: ShownQuery[]) => T): T {
  const cache = client.getQueryCache();
  return useSyncExternalStore(
    (listener) => cache.subscribe(listener),
    () => read(cache.getAll().map(shownQuery)),
  );
}

/**
 * The top of every signed-in page: "Offline: figures as of 14:32" while the server
 * cannot be reached, a plain word when the page on view was never opened online,
 * and "A new version is ready" once one waits. It also keeps the answers saved for
 * offline use, looks for the server while it is away, and refetches the pages on
 * view once it is back.
 */
export function OfflineStatus() {
  const client = useQueryClient();
  const { online } = useNetwork();
  const figuresAt = useShown(client, shownFiguresAt);
  const missing = useShown(client, isMissingOffline);
  const newVersion = useNewVersionWaiting();
  const timeZone = useAppInfo().data?.timeZone ?? DEFAULT_TIME_ZONE;

  useFindServerAgain(!online);
  useEffect(() => keepAnswersSaved(client), [client]);
  useEffect(
    () =>
      onBackOnline(() => {
        void client.invalidateQueries();
      }),
    [client],
  );

  if (online && !newVersion) return null;
  return (
    <Stack gap="sm" mb="md">
      {!online && (
        <Alert
          role="status"
          color="yellow"
          icon={<IconCloudOff size={20} aria-hidden />}
          title={offlineCaption(figuresAt, new Date(), timeZone)}
          data-testid="offline-banner"
        >
          {missing && (
            <Text fz="sm">
              This page is not available offline: it was not opened while online, so none of its
              figures are kept on this device. It loads when the network is back.
            </Text>
          )}
        </Alert>
      )}
      {newVersion && (
        <Alert role="status" color="orange" icon={<IconRefresh size={20} aria-hidden />}>
          <Group justify="space-between" gap="sm">
            <Text fz="sm">A new version of BakeryPro is ready.</Text>
            <Button size="xs" onClick={reloadIntoNewVersion}>
              Reload
            </Button>
          </Group>
        </Alert>
      )}
    </Stack>
  );
}
