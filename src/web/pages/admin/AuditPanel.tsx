import { ActionIcon, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { businessDate, DEFAULT_TIME_ZONE } from '../../../domain/time';
import { errorText } from '../../api/http';
import { useAppInfo } from '../../auth/queries';
import { ListState, ShowMoreButton } from '../../components/ListState';
import { AuditCards } from './AuditCards';
import { AuditFilterFields, useAuditFilterState } from './AuditFilters';
import { AuditTable } from './AuditTable';
import { useAuditEvents } from './queries';

/** Admin Panel → Audit Trail: who wrote what, when, on which record, and how it ended. */
export default function AuditPanel() {
  const timeZone = useAppInfo().data?.timeZone ?? DEFAULT_TIME_ZONE;
  const today = businessDate(new Date(), timeZone);
  const filters = useAuditFilterState();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const events = useAuditEvents(filters.query);

  // Offsets move as new events arrive: a row seen on one page may come again on the next.
  const seen = new Set<string>();
  const list = (events.data?.pages.flat() ?? []).filter((event) => {
    if (seen.has(event.id)) return false;
    seen.add(event.id);
    return true;
  });

  const rowProps = {
    timeZone,
    open,
    onPickRecord: filters.pickRecord,
    onToggle: (id: string) =>
      setOpen((now) => {
        const next = new Set(now);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
  };

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
        <AuditFilterFields state={filters} today={today} />
      </Card>

      <ListState
        query={events}
        isEmpty={list.length === 0}
        loading="Loading the audit trail..."
        failed={errorText(events.error, 'Failed to load the audit trail')}
        empty={
          filters.filtered
            ? 'No events match these filters.'
            : 'No events yet. Every change made in the app will be listed here.'
        }
      >
        <Stack gap="md">
          <AuditTable events={list} {...rowProps} />
          <AuditCards events={list} {...rowProps} />
          <ShowMoreButton query={events} label="Show more events" />
        </Stack>
      </ListState>
    </Stack>
  );
}
