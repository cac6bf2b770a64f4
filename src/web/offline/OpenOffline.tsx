import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { FullPageLoader } from '../components/FullPageLoader';
import { isNetworkFailure } from './network';
import { restoreSavedAnswers } from './saved-answers';

/**
 * The app opened without an answer to "who is signed in?": no network, or the
 * server down. With answers saved on this device, their user is signed in again
 * and sees the app as last seen (the offline banner says so); without any, or
 * when the server did answer with an error, `children` (Cannot reach the bakery
 * server). Loaded only on this path, never with the landing page.
 */
export default function OpenOffline({
  error,
  children,
}: {
  /** Why there is no user: null while the question waits for the network. */
  error: unknown;
  children: ReactNode;
}) {
  const client = useQueryClient();
  const [restored, setRestored] = useState<boolean>();
  const serverAnswered = error !== null && !isNetworkFailure(error);
  useEffect(() => {
    if (serverAnswered) return;
    let current = true;
    restoreSavedAnswers(client).then(
      (found) => current && setRestored(found),
      () => current && setRestored(false),
    );
    return () => {
      current = false;
    };
  }, [client, serverAnswered]);
  // Once restored, App draws the signed-in app in this one's place.
  if (serverAnswered || restored === false) return children;
  return <FullPageLoader />;
}
