import '@mantine/notifications/styles.css';
import './Toasts.css';
import { Notifications } from '@mantine/notifications';

/** Spec section 9: one toast at a time, 5000 ms; the newest replaces it (notify.ts). */
export default function Toasts() {
  return <Notifications limit={1} autoClose={5000} position="top-right" />;
}
