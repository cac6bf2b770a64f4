import { ActionIcon, Card, Table } from '@mantine/core';
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

function AuditRow({ event, ...props }: AuditRowProps & { event: AuditEvent }) {
  const expanded = props.open.has(event.id);
  return (
    <>
      <Table.Tr data-testid="audit-row">
        <Table.Td>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={expanded ? 'Hide details' : 'Show details'}
            aria-expanded={expanded}
            onClick={() => props.onToggle(event.id)}
          >
            {expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
          </ActionIcon>
        </Table.Td>
        <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(event.at, props.timeZone, { seconds: true })}
        </Table.Td>
        <Table.Td>
          <Who event={event} />
        </Table.Td>
        <Table.Td>
          <ActionCell event={event} />
        </Table.Td>
        <Table.Td>
          <RecordCell event={event} onPick={props.onPickRecord} />
        </Table.Td>
        <Table.Td>
          <StatusBadge status={event.status} />
        </Table.Td>
      </Table.Tr>
      {expanded && (
        <Table.Tr>
          <Table.Td />
          <Table.Td colSpan={5}>
            <Details event={event} />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

/** The trail on a wide screen: one row per event, its details unfolding beneath it. */
export function AuditTable({ events, ...props }: AuditRowProps & { events: AuditEvent[] }) {
  return (
    <Card withBorder radius="lg" p={0} visibleFrom="sm">
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={36} />
              <Table.Th>When</Table.Th>
              <Table.Th>Who</Table.Th>
              <Table.Th>Action</Table.Th>
              <Table.Th>Record</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {events.map((event) => (
              <AuditRow key={event.id} event={event} {...props} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
