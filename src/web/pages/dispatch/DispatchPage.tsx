import { Box, Button, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { DispatchDay } from '../../../domain/contracts/dispatch';
import { useRights } from '../../auth/use-rights';
import { LoadingLine } from '../../components/LoadingLine';
import { PageHeader } from '../../components/PageHeader';
import { StackedTable } from '../../components/StackedTable';
import { WorkDayField } from '../../components/WorkDayField';
import { DeliveryNotes } from './DeliveryNotes';
import { DispatchCard } from './DispatchCard';
import { useDispatchDay } from './queries';

function LoadingList({ loading }: { loading: DispatchDay['loading'] }) {
  return (
    <StackedTable minWidth={420} striped withTableBorder aria-label="Loading list">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Bread</Table.Th>
          <Table.Th data-figure>Ordered</Table.Th>
          <Table.Th data-figure>To load</Table.Th>
          <Table.Th data-figure>Available</Table.Th>
          <Table.Th data-figure>Loaded</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {loading.map((bread) => (
          <Table.Tr key={bread.recipeName}>
            <Table.Td>{bread.recipeName}</Table.Td>
            <Table.Td data-figure data-label="Ordered">
              {bread.ordered}
            </Table.Td>
            <Table.Td data-figure data-label="To load">
              {bread.toLoad}
            </Table.Td>
            <Table.Td
              data-figure
              data-label="Available"
              c={bread.available < bread.toLoad ? 'red' : undefined}
            >
              {bread.available}
            </Table.Td>
            <Table.Td data-figure data-label="Loaded">
              {bread.loaded}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </StackedTable>
  );
}

/** Dispatch (docs/screens/dispatch.md): the loading list and each distributor's delivery note. */
export default function DispatchPage() {
  const [day, setDay] = useState<string | null>(null);
  const { canWrite } = useRights('sales');
  const answer = useDispatchDay(day);
  if (answer.isPending) return <LoadingLine label="Loading the dispatch..." />;
  if (answer.isError) {
    return <Text c="red">Failed to load the dispatch: {answer.error.message}</Text>;
  }
  const data = answer.data;
  return (
    <Stack gap="md">
      <Box data-print="hide">
        <PageHeader
          title="Dispatch"
          subtitle="The day's loading list and each distributor's delivery note"
          actions={
            <Button
              variant="default"
              disabled={data.notes.length === 0}
              onClick={() => window.print()}
            >
              Print delivery notes
            </Button>
          }
        />
      </Box>
      <Stack gap="md" data-print="hide">
        <WorkDayField
          day={data.day}
          isToday={data.isToday}
          onChange={setDay}
          notToday="Only today's orders can be dispatched: this day is shown as it stands."
        />
        {data.notes.length === 0 ? (
          <Text c="dimmed">No loaves ordered for this day.</Text>
        ) : (
          <>
            <Text fw={600}>Loading list</Text>
            <LoadingList loading={data.loading} />
            <SimpleGrid cols={{ base: 1, xl: 2 }}>
              {data.notes.map((note) => (
                <DispatchCard
                  key={`${note.distributorId}-${data.day}`}
                  day={data.day}
                  note={note}
                  canDispatch={canWrite && data.isToday}
                />
              ))}
            </SimpleGrid>
          </>
        )}
      </Stack>
      <DeliveryNotes day={data.day} notes={data.notes} />
    </Stack>
  );
}
