import { Button, Card, Drawer, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { entryLine, mayHaveReachedServer, type OutboxEntry, stateText } from '../../domain/outbox';
import { DEFAULT_TIME_ZONE } from '../../domain/time';
import { useAppInfo } from '../auth/queries';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { useNetwork } from './network';
import { momentText } from './offline-caption';
import { removeEntry, useOutbox } from './outbox-store';
import { sendNow } from './sender';

const STATE_COLOR = { refused: 'red', sending: 'blue', waiting: 'dimmed' } as const;

/** One kept record: what, when and by whom, where it stands, and what its maker may do. */
function UnsentEntry(props: {
  entry: OutboxEntry;
  userId: string;
  onCorrect: (entry: OutboxEntry) => void;
  onDiscard: (entry: OutboxEntry) => void;
}) {
  const { entry, userId } = props;
  const online = useNetwork().online;
  const timeZone = useAppInfo().data?.timeZone ?? DEFAULT_TIME_ZONE;
  const [sending, setSending] = useState(false);
  // Only its maker acts on a record: it is sent under their session alone.
  const own = entry.madeBy.id === userId;
  const send = () => {
    setSending(true);
    void sendNow(entry.key).finally(() => setSending(false));
  };
  return (
    <Card withBorder padding="sm" radius="md" data-testid="unsent-entry">
      <Stack gap={4}>
        <Text fz="sm" fw={600}>
          {entryLine(entry)}
        </Text>
        <Text fz="xs" c="dimmed">
          Made {momentText(new Date(entry.madeAt), new Date(), timeZone)} by {entry.madeBy.name}
        </Text>
        <Text fz="sm" c={STATE_COLOR[entry.state]} data-testid="unsent-state">
          {stateText(entry, userId, online)}
        </Text>
        {own && (
          <Group gap="xs" mt={4}>
            {entry.state !== 'sending' && (
              <Button size="compact-sm" variant="light" onClick={send} loading={sending}>
                Send now
              </Button>
            )}
            {entry.state === 'refused' && (
              <Button size="compact-sm" variant="default" onClick={() => props.onCorrect(entry)}>
                Correct
              </Button>
            )}
            {/* On the wire, it may be stored this second: discarded, it would still show in the books. */}
            {entry.state !== 'sending' && (
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                onClick={() => props.onDiscard(entry)}
              >
                Discard
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** The confirmation's words: honest about a record that may be stored already. */
function discardText(entry: OutboxEntry): string {
  const line = entryLine(entry);
  if (mayHaveReachedServer(entry)) {
    return `${line}. It may have reached the server already: send it now to find out. Discard it only if you are sure it was not recorded.`;
  }
  return `${line}. It was never recorded: once discarded it is gone from this device too.`;
}

/**
 * The records kept on this device and not yet stored by the server, oldest
 * first (docs/screens/shell.md, "Unsent"): each with its state, "Send now",
 * "Correct" for a refused one and "Discard" after a confirmation.
 */
export function UnsentList(props: {
  opened: boolean;
  onClose: () => void;
  userId: string;
  onCorrect: (entry: OutboxEntry) => void;
}) {
  const entries = useOutbox();
  const [discarding, setDiscarding] = useState<OutboxEntry | null>(null);
  return (
    <Drawer
      opened={props.opened}
      onClose={props.onClose}
      position="right"
      size="min(440px, 100vw)"
      title={<Text fw={700}>Unsent records</Text>}
      closeButtonProps={{ 'aria-label': 'Close unsent records' }}
    >
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          Kept on this device until the bakery server has them. They are sent oldest first, each
          once, as soon as the network is back.
        </Text>
        {entries.length === 0 ? (
          <Text fz="sm">Everything has been sent.</Text>
        ) : (
          entries.map((entry) => (
            <UnsentEntry
              key={entry.key}
              entry={entry}
              userId={props.userId}
              onCorrect={props.onCorrect}
              onDiscard={setDiscarding}
            />
          ))
        )}
      </Stack>
      <ConfirmDialog
        opened={discarding !== null}
        title="Discard this record?"
        message={discarding ? discardText(discarding) : ''}
        confirmLabel="Discard"
        cancelLabel="Keep it"
        onConfirm={() => {
          if (discarding) void removeEntry(discarding.key);
          setDiscarding(null);
        }}
        onClose={() => setDiscarding(null)}
      />
    </Drawer>
  );
}
