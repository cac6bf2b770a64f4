import '@mantine/notifications/styles.css';
import './toasts.css';
import { Notifications } from '@mantine/notifications';

/**
 * docs/rules/forms-and-messages.md: one toast at a time, 5000 ms; the newest replaces it
 * (notify.ts). At the bottom: at the top a toast covered either the header's
 * date and bell or, below the header, the page's own buttons.
 */
export default function Toasts() {
  return <Notifications limit={1} autoClose={5000} position="bottom-right" />;
}
