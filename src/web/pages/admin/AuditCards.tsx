import { Box, Button, Card, Collapse, Group, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { AuditEvent } from '../../../domain/audit';
import { formatDateTime } from '../../components/format';
import {
  ActionCell,
  type AuditRowProps,
  Details,
  RecordCell,
  StatusBadge,
  Who,
} from './AuditCells';

function AuditCard({ event, ...props }: AuditRowProps & { event: AuditEvent }) {
  const expanded = props.open.has(event.id);
  return (
    <Card withBorder radius="md" p="sm" data-testid="audit-card">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <ActionCell event={event} />
        </div>
        <StatusBadge status={event.status} />
      </Group>
      <Text fz="sm" mt={6}>
        <Who event={event} />
        <Text span fz="sm" c="dimmed">
          {' · '}
          {formatDateTime(event.at, props.timeZone, { seconds: true })}
        </Text>
      </Text>
      <Group justify="space-between" align="flex-end" mt={6} wrap="nowrap">
        <RecordCell event={event} onPick={props.onPickRecord} />
        <Button
          size="xs"
          variant="subtle"
          color="gray"
          aria-expanded={expanded}
          rightSection={
            expanded ? (
              <IconChevronDown size={14} aria-hidden />
            ) : (
              <IconChevronRight size={14} aria-hidden />
            )
          }
          onClick={() => props.onToggle(event.id)}
        >
          Details
        </Button>
      </Group>
      <Collapse expanded={expanded}>
        <Details event={event} />
      </Collapse>
    </Card>
  );
}

/** The trail on a phone: a card per event, where the table's six columns would not fit. */
export function AuditCards({ events, ...props }: AuditRowProps & { events: AuditEvent[] }) {
  return (
    <Box hiddenFrom="sm">
      <Stack gap="sm">
        {events.map((event) => (
          <AuditCard key={event.id} event={event} {...props} />
        ))}
      </Stack>
    </Box>
  );
}
