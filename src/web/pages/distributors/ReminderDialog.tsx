import { Modal, Paper, Stack, Text } from '@mantine/core';
import type { DistributorWithAccount } from '../../../domain/contracts/distributors';
import {
  REMINDER_KIND_LABELS,
  type ReminderChannel,
  type ReminderKind,
} from '../../../domain/reminders';
import { errorText } from '../../api/http';
import { notifyError } from '../../api/notify';
import { LoadingLine } from '../../components/LoadingLine';
import { useRecordReminder, useReminderPreview } from './credit-queries';
import { MessageLinks, PhoneProblem } from './MessageLinks';

export interface Reminding {
  distributor: DistributorWithAccount;
  kind: ReminderKind;
  /** A statement link made a moment ago, put in the message as {link}. */
  link?: string;
}

/**
 * Send statement / Send reminder: the message as it will go, and two links
 * that open it in WhatsApp or the SMS app on this device. Following one
 * records it; the user's phone does the sending.
 */
export function ReminderDialog(props: { reminding: Reminding | null; onClose: () => void }) {
  const { reminding } = props;
  const preview = useReminderPreview(
    reminding?.distributor.id ?? null,
    reminding?.kind ?? 'reminder',
    reminding?.link,
  );
  const record = useRecordReminder();
  const title = reminding ? `Send ${REMINDER_KIND_LABELS[reminding.kind].toLowerCase()}` : '';

  const recordSent = (channel: ReminderChannel) => {
    if (!reminding) return;
    record.mutate(
      { id: reminding.distributor.id, kind: reminding.kind, channel, link: reminding.link },
      {
        onSuccess: props.onClose,
        onError: (error) => notifyError('Error', errorText(error, 'Failed to record the message')),
      },
    );
  };

  return (
    <Modal opened={reminding !== null} onClose={props.onClose} title={title} centered>
      {reminding && (
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            {reminding.distributor.name} · {reminding.distributor.phone}
          </Text>
          {preview.isPending && <LoadingLine label="Preparing the message..." />}
          {preview.isError && <PhoneProblem error={preview.error} />}
          {preview.data && (
            <>
              <div>
                <Text fz="xs" c="dimmed">
                  To {preview.data.phone}
                </Text>
                <Paper withBorder p="sm" radius="md" bg="gray.0" data-testid="message-preview">
                  <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {preview.data.message}
                  </Text>
                </Paper>
              </div>
              <MessageLinks preview={preview.data} onSent={recordSent} />
              <Text fz="xs" c="dimmed">
                Your phone sends the message; the bakery keeps a record of it being sent.
              </Text>
            </>
          )}
        </Stack>
      )}
    </Modal>
  );
}
