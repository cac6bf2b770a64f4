import { Alert, Button, SimpleGrid } from '@mantine/core';
import { IconBrandWhatsapp, IconMessage } from '@tabler/icons-react';
import type { ReminderPreview } from '../../../domain/contracts/reminders';
import type { ReminderChannel } from '../../../domain/reminders';
import { ApiError, errorText } from '../../api/http';

/** Why the message cannot be made: the server's words for a phone that cannot be one. */
export function PhoneProblem({ error }: { error: Error }) {
  return (
    <Alert color="red" title="This phone cannot be messaged" data-testid="phone-problem">
      {error instanceof ApiError && error.code === 'PHONE_NOT_USABLE'
        ? error.serverMessage
        : errorText(error, 'Failed to prepare the message')}
    </Alert>
  );
}

/**
 * Open WhatsApp and Open SMS: links that open the message on this device.
 * The link is followed as the browser does by itself (a new tab, or the SMS
 * app); `onSent` records it beside that, never in its way (a receipt's are
 * not recorded).
 */
export function MessageLinks(props: {
  preview: Pick<ReminderPreview, 'whatsappUrl' | 'smsUrl'>;
  onSent?: (channel: ReminderChannel) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <Button
        component="a"
        href={props.preview.whatsappUrl}
        target="_blank"
        rel="noopener noreferrer"
        color="green"
        leftSection={<IconBrandWhatsapp size={16} aria-hidden />}
        onClick={() => props.onSent?.('whatsapp')}
      >
        Open WhatsApp
      </Button>
      <Button
        component="a"
        href={props.preview.smsUrl}
        variant="default"
        leftSection={<IconMessage size={16} aria-hidden />}
        onClick={() => props.onSent?.('sms')}
      >
        Open SMS
      </Button>
    </SimpleGrid>
  );
}
