import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useRef } from 'react';
import type { CreatedStatementLink } from '../../../domain/contracts/statement-links';
import type { ReminderChannel } from '../../../domain/reminders';
import { errorText } from '../../api/http';
import { notifyError, notifySuccess } from '../../api/notify';
import { formatDateTime } from '../../components/format';
import { useRecordReminder, useReminderPreview } from './credit-queries';
import { MessageLinks, PhoneProblem } from './MessageLinks';

/**
 * The clipboard API exists only on HTTPS or localhost; a bakery served over
 * plain HTTP on its own network copies the selected field the older way.
 */
async function copyText(field: HTMLInputElement | null, text: string): Promise<boolean> {
  if (navigator.clipboard) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Refused (no permission): the selection below still works.
    }
  }
  field?.select();
  return document.execCommand('copy');
}

/**
 * A link just made: its address (shown only now) to copy, and WhatsApp and
 * SMS buttons that open the settings' statement message with it on this
 * device, each recorded as a statement sent.
 */
export function StatementLinkShare(props: {
  distributorId: string;
  link: CreatedStatementLink;
  timeZone: string;
}) {
  const { distributorId, link } = props;
  const field = useRef<HTMLInputElement>(null);
  const preview = useReminderPreview(distributorId, 'statement', link.url);
  const record = useRecordReminder();
  const recordSent = (channel: ReminderChannel) =>
    record.mutate(
      { id: distributorId, kind: 'statement', channel, link: link.url },
      {
        onError: (error) => notifyError('Error', errorText(error, 'Failed to record the message')),
      },
    );
  const copy = async () => {
    if (await copyText(field.current, link.url)) notifySuccess('Link Copied', link.url);
    else notifyError('Error', 'Copy the selected link by hand');
  };

  return (
    <Paper withBorder radius="md" p="sm" data-testid="new-statement-link">
      <Stack gap="xs">
        <Text fz="sm" fw={600}>
          Link made, open until {formatDateTime(link.expiresAt, props.timeZone)}. Copy or send it
          now: it is shown only this once.
        </Text>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            ref={field}
            label="Statement link"
            value={link.url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            style={{ flex: 1, minWidth: 0 }}
          />
          <Button variant="default" leftSection={<IconCopy size={16} aria-hidden />} onClick={copy}>
            Copy
          </Button>
        </Group>
        {preview.isError && <PhoneProblem error={preview.error} />}
        {preview.data && <MessageLinks preview={preview.data} onSent={recordSent} />}
      </Stack>
    </Paper>
  );
}
