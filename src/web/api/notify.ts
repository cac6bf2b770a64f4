import { notifications } from '@mantine/notifications';

const closeButtonProps = { 'aria-label': 'Close notification' };

/** Toasts: one at a time (the provider's limit), 5000 ms each. */
export function notifySuccess(title: string, message: string) {
  notifications.show({ title, message, color: 'green', autoClose: 5000, closeButtonProps });
}

export function notifyError(title: string, message: string) {
  notifications.show({ title, message, color: 'red', autoClose: 5000, closeButtonProps });
}
