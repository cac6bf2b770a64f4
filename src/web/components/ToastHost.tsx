import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

const Toasts = lazy(() => import('./Toasts'));

/**
 * Mounts the toast container once the first toast is asked for, so a page that never
 * shows one never downloads it. The store keeps what notify*() queued meanwhile.
 */
export function ToastHost() {
  const requested = useNotifications().notifications.length > 0;
  const [mounted, setMounted] = useState(false);
  // Stays mounted afterwards, or the last toast would lose its closing transition.
  if (requested && !mounted) setMounted(true);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}
