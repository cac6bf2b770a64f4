import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Card,
  Code,
  Collapse,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight, IconFilter, IconRefresh } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import {
  AUDIT_MODULE_LABELS,
  AUDIT_MODULES,
  type AuditEvent,
  auditActionLabel,
  auditQuerySchema,
  auditRecordLabel,
  NO_USER,
} from '../../../domain/audit';
import { businessDate, DEFAULT_TIME_ZONE } from '../../../domain/time';
import { errorText } from '../../api/http';
import { useAppInfo } from '../../auth/queries';
import { DateRangeInputs } from '../../components/DateRangeInputs';
import { ListState, ShowMoreButton } from '../../components/ListState';
import { type AuditFilters, useAuditEvents, useUsers } from './queries';

/** "21 Nov 2026, 14:05:09" in the bakery's time zone: seconds matter in a trail. */
function formatMoment(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-NG', {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
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

function StatusBadge({ status }: { status: number }) {
  const colour = status < 400 ? 'green' : status === 401 || status === 403 ? 'red' : 'orange';
  const word = STATUS_WORDS[status] ?? (status >= 500 ? 'Server error' : '');
  return (
    <Badge variant="light" color={status >= 500 ? 'red' : colour} tt="none" data-testid="status">
      {status} {word}
    </Badge>
  );
}

function Who({ event }: { event: AuditEvent }) {
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
function RecordCell({ event, onPick }: { event: AuditEvent; onPick: (id: string) => void }) {
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

function ActionCell({ event }: { event: AuditEvent }) {
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
function Details({ event }: { event: AuditEvent }) {
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

type Outcome = 'succeeded' | 'refused';

interface FilterState {
  userId: string | null;
  module: (typeof AUDIT_MODULES)[number] | null;
  outcome: Outcome | null;
  startDate: string | null;
  endDate: string | null;
  recordId: string | null;
}

const NO_FILTERS: FilterState = {
  userId: null,
  module: null,
  outcome: null,
  startDate: null,
  endDate: null,
  recordId: null,
};

/** The filters as the API takes them: only those chosen. */
function toQuery(filters: FilterState): AuditFilters {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== null && value !== ''),
  ) as AuditFilters;
}

/** Admin Panel → Audit Trail: who wrote what, when, on which record, and how it ended. */
export default function AuditPanel() {
  const timeZone = useAppInfo().data?.timeZone ?? DEFAULT_TIME_ZONE;
  const today = businessDate(new Date(), timeZone);
  const users = useUsers();
  const [filters, setFilters] = useState<FilterState>(NO_FILTERS);
  const [recordText, setRecordText] = useState('');
  const [recordError, setRecordError] = useState<string | null>(null);
  const [open, setOpen] = useState<Set<string>>(new Set());
  // On a phone the six filters would push the list off the screen: they fold away.
  const wide = useMediaQuery('(min-width: 36em)', undefined, { getInitialValueInEffect: false });
  const [showFilters, setShowFilters] = useState(false);
  const events = useAuditEvents(toQuery(filters));

  // Offsets move as new events arrive: a row seen on one page may come again on the next.
  const seen = new Set<string>();
  const list = (events.data?.pages.flat() ?? []).filter((event) => {
    if (seen.has(event.id)) return false;
    seen.add(event.id);
    return true;
  });

  const change = (patch: Partial<FilterState>) => setFilters((now) => ({ ...now, ...patch }));

  /** The record id is checked by the same schema as the server's, when it is complete. */
  const applyRecordId = (text: string) => {
    const trimmed = text.trim();
    if (trimmed === '') {
      setRecordError(null);
      change({ recordId: null });
      return;
    }
    const parsed = auditQuerySchema.safeParse({ recordId: trimmed });
    const issue = parsed.error?.issues.find((i) => i.path[0] === 'recordId');
    if (issue || !parsed.data?.recordId) {
      setRecordError(issue?.message ?? 'Not a record id');
      return;
    }
    setRecordError(null);
    change({ recordId: parsed.data.recordId });
  };

  const pickRecord = (id: string) => {
    setRecordText(id);
    setRecordError(null);
    change({ recordId: id });
  };

  const toggle = (id: string) =>
    setOpen((now) => {
      const next = new Set(now);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const userOptions = [
    { value: NO_USER, label: 'Not signed in' },
    ...(users.data ?? []).map((user) => ({ value: user.id, label: user.username })),
  ];
  const chosen = Object.values(filters).filter((value) => value !== null).length;
  const filtered = chosen > 0 || recordText !== '';

  return (
    <Stack gap="md">
      <Card withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Group justify="space-between" mb="sm" wrap="nowrap">
          <div>
            <Text fw={600} fz="lg">
              Audit Trail
            </Text>
            <Text fz="sm" c="dimmed">
              Every change, sign-in and refused call: who, what, when and the record touched. Times
              are {timeZone}.
            </Text>
          </div>
          <Tooltip label="Load the newest events">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Refresh the audit trail"
              loading={events.isRefetching && !events.isFetchingNextPage}
              onClick={() => events.refetch()}
            >
              <IconRefresh size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
        {!wide && (
          <Button
            variant="light"
            color="orange"
            fullWidth
            leftSection={<IconFilter size={16} aria-hidden />}
            rightSection={
              showFilters ? (
                <IconChevronDown size={14} aria-hidden />
              ) : (
                <IconChevronRight size={14} aria-hidden />
              )
            }
            aria-expanded={showFilters}
            onClick={() => setShowFilters((now) => !now)}
          >
            {chosen > 0 ? `Filters (${chosen})` : 'Filters'}
          </Button>
        )}
        <Collapse expanded={wide || showFilters}>
          <Group
            align="flex-start"
            gap="md"
            wrap="wrap"
            mt={wide ? 0 : 'sm'}
            data-testid="audit-filters"
          >
            <Select
              label="User"
              placeholder="Everyone"
              data={userOptions}
              value={filters.userId}
              onChange={(userId) => change({ userId })}
              searchable
              clearable
              w={{ base: '100%', xs: 200 }}
            />
            <Select
              label="Module"
              placeholder="All modules"
              data={AUDIT_MODULES.map((module) => ({
                value: module,
                label: AUDIT_MODULE_LABELS[module],
              }))}
              value={filters.module}
              onChange={(module) => change({ module: module as FilterState['module'] })}
              clearable
              w={{ base: '100%', xs: 200 }}
            />
            <Select
              label="Result"
              placeholder="All results"
              data={[
                { value: 'succeeded', label: 'Succeeded' },
                { value: 'refused', label: 'Refused or failed' },
              ]}
              value={filters.outcome}
              onChange={(outcome) => change({ outcome: outcome as Outcome | null })}
              clearable
              w={{ base: '100%', xs: 200 }}
            />
            <DateRangeInputs
              startDate={filters.startDate}
              endDate={filters.endDate}
              today={today}
              onStartChange={(startDate) => change({ startDate })}
              onEndChange={(endDate) => change({ endDate })}
            />
            <TextInput
              label="Record id"
              placeholder="Paste a record's id"
              value={recordText}
              onChange={(event) => setRecordText(event.currentTarget.value)}
              onBlur={(event) => applyRecordId(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') applyRecordId(event.currentTarget.value);
              }}
              error={recordError}
              w={{ base: '100%', xs: 330 }}
            />
            <Button
              variant="default"
              mt={{ base: 0, xs: 25 }}
              disabled={!filtered}
              onClick={() => {
                setFilters(NO_FILTERS);
                setRecordText('');
                setRecordError(null);
              }}
            >
              Clear Filters
            </Button>
          </Group>
        </Collapse>
      </Card>

      <ListState
        query={events}
        isEmpty={list.length === 0}
        loading="Loading the audit trail..."
        failed={errorText(events.error, 'Failed to load the audit trail')}
        empty={
          filtered
            ? 'No events match these filters.'
            : 'No events yet. Every change made in the app will be listed here.'
        }
      >
        <Stack gap="md">
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
                  {list.map((event) => {
                    const expanded = open.has(event.id);
                    return (
                      <Fragment key={event.id}>
                        <Table.Tr data-testid="audit-row">
                          <Table.Td>
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label={expanded ? 'Hide details' : 'Show details'}
                              aria-expanded={expanded}
                              onClick={() => toggle(event.id)}
                            >
                              {expanded ? (
                                <IconChevronDown size={16} />
                              ) : (
                                <IconChevronRight size={16} />
                              )}
                            </ActionIcon>
                          </Table.Td>
                          <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
                            {formatMoment(event.at, timeZone)}
                          </Table.Td>
                          <Table.Td>
                            <Who event={event} />
                          </Table.Td>
                          <Table.Td>
                            <ActionCell event={event} />
                          </Table.Td>
                          <Table.Td>
                            <RecordCell event={event} onPick={pickRecord} />
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
                      </Fragment>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
          <Box hiddenFrom="sm">
            <Stack gap="sm">
              {list.map((event) => (
                <Card key={event.id} withBorder radius="md" p="sm" data-testid="audit-card">
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
                      {formatMoment(event.at, timeZone)}
                    </Text>
                  </Text>
                  <Group justify="space-between" align="flex-end" mt={6} wrap="nowrap">
                    <RecordCell event={event} onPick={pickRecord} />
                    <Button
                      size="xs"
                      variant="subtle"
                      color="gray"
                      aria-expanded={open.has(event.id)}
                      rightSection={
                        open.has(event.id) ? (
                          <IconChevronDown size={14} aria-hidden />
                        ) : (
                          <IconChevronRight size={14} aria-hidden />
                        )
                      }
                      onClick={() => toggle(event.id)}
                    >
                      Details
                    </Button>
                  </Group>
                  <Collapse expanded={open.has(event.id)}>
                    <Details event={event} />
                  </Collapse>
                </Card>
              ))}
            </Stack>
          </Box>
          <ShowMoreButton query={events} label="Show more events" />
        </Stack>
      </ListState>
    </Stack>
  );
}
