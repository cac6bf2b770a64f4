import { Badge, Code, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { type AuditEvent, auditActionLabel, auditRecordLabel } from '../../../domain/audit';

/** What a row of the trail needs besides its event: the zone, the open rows, the record filter. */
export interface AuditRowProps {
  timeZone: string;
  open: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onPickRecord: (id: string) => void;
}

const STATUS_WORDS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  400: 'Invalid',
  401: 'Not signed in',
  403: 'Refused',
  404: 'Not found',
  409: 'Conflict',
  413: 'Too large',
  415: 'Not JSON',
  429: 'Throttled',
};

export function StatusBadge({ status }: { status: number }) {
  const colour = status < 400 ? 'green' : status === 401 || status === 403 ? 'red' : 'orange';
  const word = STATUS_WORDS[status] ?? (status >= 500 ? 'Server error' : '');
  return (
    <Badge
      variant="light"
      color={status >= 500 ? 'red' : colour}
      tt="none"
      miw="max-content"
      data-testid="status"
    >
      {status} {word}
    </Badge>
  );
}

export function Who({ event }: { event: AuditEvent }) {
  if (!event.username) {
    return (
      <Text span fz="sm" c="dimmed" fs="italic">
        Not signed in
      </Text>
    );
  }
  return (
    <Text span fz="sm" fw={600}>
      {event.username}
      {!event.userId && (
        <Text span fz="xs" c="dimmed" fw={400}>
          {' '}
          (deleted)
        </Text>
      )}
    </Text>
  );
}

/** The record touched; its id filters the trail to that record. */
export function RecordCell({ event, onPick }: { event: AuditEvent; onPick: (id: string) => void }) {
  if (!event.recordType && !event.recordId) return <Text c="dimmed">—</Text>;
  return (
    <Stack gap={0}>
      <Text fz="sm">{event.recordType ? auditRecordLabel(event.recordType) : 'Record'}</Text>
      {event.recordId && (
        <Tooltip label="Show only this record's events">
          <UnstyledButton
            onClick={() => onPick(event.recordId as string)}
            aria-label={`Show only events of record ${event.recordId}`}
          >
            <Text ff="monospace" fz="xs" c="orange.8" td="underline">
              {event.recordId.slice(0, 8)}
            </Text>
          </UnstyledButton>
        </Tooltip>
      )}
    </Stack>
  );
}

export function ActionCell({ event }: { event: AuditEvent }) {
  return (
    <Stack gap={0}>
      <Text fz="sm" fw={600}>
        {auditActionLabel(event.action)}
      </Text>
      <Text fz="xs" c="dimmed" ff="monospace">
        {event.action}
      </Text>
    </Stack>
  );
}

/** The call, the address it came from and what was sent: the rest of the row. */
export function Details({ event }: { event: AuditEvent }) {
  return (
    <Stack gap={6} py={4} data-testid="audit-details">
      <Text fz="sm">
        <Text span c="dimmed">
          Call:{' '}
        </Text>
        <Code>
          {event.method} {event.route}
        </Code>
      </Text>
      <Text fz="sm">
        <Text span c="dimmed">
          From:{' '}
        </Text>
        {event.clientAddress ?? 'unknown address'}
      </Text>
      {event.recordId && (
        <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text span c="dimmed">
            Record id:{' '}
          </Text>
          <Code>{event.recordId}</Code>
        </Text>
      )}
      {event.summary && (
        <Code block fz="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {JSON.stringify(event.summary, null, 2)}
        </Code>
      )}
    </Stack>
  );
}
