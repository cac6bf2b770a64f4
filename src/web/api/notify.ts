import { type NotificationData, notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

const closeButtonProps = { 'aria-label': 'Close notification' };

/**
 * One toast at a time, 5000 ms (docs/rules/forms-and-messages.md). The newest
 * replaces the one shown at once: queued behind it, "Sale Recorded" would still
 * be on screen after the payment that followed it.
 */
function replaceToast(toast: NotificationData) {
  notifications.clean();
  notifications.show({ autoClose: 5000, closeButtonProps, ...toast });
}

export function notifySuccess(title: string, message: ReactNode, id?: string) {
  replaceToast({ id, title, message, color: 'green' });
}

/** Takes a toast down at once (an Undo's answer, say). */
export function dismissNotification(id: string) {
  notifications.hide(id);
}

export function notifyError(title: string, message: string) {
  replaceToast({ title, message, color: 'red' });
}
