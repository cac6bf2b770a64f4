import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

const closeButtonProps = { 'aria-label': 'Close notification' };

/** Toasts: one at a time (the provider's limit), 5000 ms each. */
export function notifySuccess(title: string, message: ReactNode, id?: string) {
  notifications.show({ id, title, message, color: 'green', autoClose: 5000, closeButtonProps });
}

/** Takes a toast down at once, so the next one need not wait (an Undo's answer, say). */
export function dismissNotification(id: string) {
  notifications.hide(id);
}

export function notifyError(title: string, message: string) {
  notifications.show({ title, message, color: 'red', autoClose: 5000, closeButtonProps });
}
