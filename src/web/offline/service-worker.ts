import { useSyncExternalStore } from 'react';

/**
 * The service worker (vite.config.ts, vite-plugin-pwa) that lets the app open with
 * no network. A new version installs beside the running one and waits: it takes
 * over only when every window of the app is closed, or when the signed-in app's
 * "Reload" says so (docs/decisions.md, "Offline selling"). Taking over at once
 * would leave an open page asking for chunks of its own version that the new
 * worker no longer keeps.
 */
let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();

const CHECK_EVERY_MS = 60 * 60 * 1000;

function offer(worker: ServiceWorker): void {
  // With no worker in charge it is the first install, which replaces nothing.
  if (!navigator.serviceWorker.controller) return;
  waiting = worker;
  for (const listener of listeners) listener();
}

export async function registerServiceWorker(): Promise<void> {
  let registration: ServiceWorkerRegistration;
  try {
    registration = await navigator.serviceWorker.register('/sw.js');
  } catch (error) {
    // The app works on, only not offline (a page over plain HTTP on the network, say).
    console.warn('The app cannot work offline here:', error);
    return;
  }
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') offer(worker);
    });
  });
  // An app left open all day (a phone at the counter) still hears of a new version.
  setInterval(() => registration.update().catch(() => undefined), CHECK_EVERY_MS);
}

/** Lets the waiting version take over, and reloads into it once it has. */
export function reloadIntoNewVersion(): void {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  // Workbox's generated worker skips waiting on this message.
  waiting?.postMessage({ type: 'SKIP_WAITING' });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** True once a new version is installed and waiting for this page's word. */
export const useNewVersionWaiting = (): boolean =>
  useSyncExternalStore(subscribe, () => waiting !== null);
