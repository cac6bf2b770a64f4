import { Button } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { OutboxEntry } from '../../domain/outbox';
import { useOutbox } from './outbox-store';
import { UnsentList } from './UnsentList';

/** The dialogs a refused record is corrected in: loaded when first needed. */
const UnsentCorrection = lazy(() => import('./UnsentCorrection'));

/**
 * "Unsent: N" in the header while records wait on this device (every user's:
 * they are all unsent), opening their list; a refused one is corrected in
 * its own dialog, opened with its figures.
 */
export function UnsentButton({ userId }: { userId: string }) {
  const entries = useOutbox();
  const [opened, setOpened] = useState(false);
  const [correcting, setCorrecting] = useState<OutboxEntry | null>(null);
  return (
    <>
      {entries.length > 0 && (
        <Button
          size="compact-sm"
          variant="light"
          color="orange"
          leftSection={<IconCloudUpload size={16} aria-hidden />}
          onClick={() => setOpened(true)}
          data-testid="unsent-button"
          style={{ flexShrink: 0 }}
        >
          Unsent: {entries.length}
        </Button>
      )}
      <UnsentList
        opened={opened}
        onClose={() => setOpened(false)}
        userId={userId}
        onCorrect={(entry) => {
          setOpened(false);
          setCorrecting(entry);
        }}
      />
      {correcting && (
        <Suspense fallback={null}>
          <UnsentCorrection entry={correcting} onClose={() => setCorrecting(null)} />
        </Suspense>
      )}
    </>
  );
}
