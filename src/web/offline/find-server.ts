import { useEffect } from 'react';
import { doublingWait } from '../../domain/backoff';
import { authApi } from '../../domain/contracts/auth';
import { call } from '../api/http';

const FIRST_TRY_MS = 1_000;
const LONGEST_WAIT_MS = 10_000;

/** The wait before the nth try (from 0): one second, doubling, never more than ten. */
export const waitBeforeTry = (attempt: number): number =>
  doublingWait(attempt, FIRST_TRY_MS, LONGEST_WAIT_MS);

/**
 * While the server cannot be reached, asks it now and then whether it is back
 * (its app info, the smallest answer), and at once when the page is shown again.
 * The browser's "online" event is not enough: it never comes when the network
 * did not look lost to the browser (a dead Wi-Fi, the server's power cut, a page
 * opened offline). Any answer counts (http.ts tells network.ts), and with it the
 * banner goes and the pages refetch.
 */
export function useFindServerAgain(offline: boolean): void {
  useEffect(() => {
    if (!offline) return;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tryNow = () => {
      clearTimeout(timer);
      call(authApi.appInfo).catch(() => undefined);
      timer = setTimeout(tryNow, waitBeforeTry(attempt++));
    };
    const onShown = () => {
      if (document.visibilityState === 'visible') tryNow();
    };
    timer = setTimeout(tryNow, waitBeforeTry(attempt++));
    document.addEventListener('visibilitychange', onShown);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onShown);
    };
  }, [offline]);
}
