import { Button, Card, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '../../api/http';
import { notifyError, notifySuccess } from '../../api/notify';
import { DateField } from '../../components/DateField';
import { DATE_INPUT_FORMAT, formatCalendarDate } from '../../components/format';
import { LoadingLine } from '../../components/LoadingLine';
import { StackedTable } from '../../components/StackedTable';
import { useAddPause, usePauses, useRemovePause, useStandingGrids } from './queries';

function AddPause() {
  const distributors = useStandingGrids();
  const add = useAddPause();
  const [distributorId, setDistributorId] = useState<string | null>(null);
  const [fromDay, setFromDay] = useState<string | null>(null);
  const [toDay, setToDay] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    add.mutate(
      { distributorId: distributorId ?? '', fromDay: fromDay ?? '', toDay: toDay ?? '', reason },
      {
        onSuccess: (pause) => {
          notifySuccess('Success', `${pause.distributorName}'s orders are paused`);
          setReason('');
        },
        onError: (error) => notifyError('Error', errorText(error, 'Failed to add the pause')),
      },
    );
  };
  return (
    <Card withBorder radius="lg" p="md">
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" gap="sm">
          <Select
            label="Distributor"
            data={(distributors.data ?? []).map((d) => ({ value: d.distributorId, label: d.name }))}
            value={distributorId}
            onChange={setDistributorId}
            w={220}
          />
          <DateField
            label="From"
            valueFormat={DATE_INPUT_FORMAT}
            value={fromDay}
            onChange={setFromDay}
            w={170}
          />
          <DateField
            label="To"
            valueFormat={DATE_INPUT_FORMAT}
            value={toDay}
            onChange={setToDay}
            w={170}
          />
          <TextInput
            label="Reason"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            w={220}
          />
          <Button type="submit" color="orange" loading={add.isPending}>
            Add pause
          </Button>
        </Group>
      </form>
    </Card>
  );
}

/** Pauses not yet over, and a form to add one. */
export function PausesTab() {
  const pauses = usePauses();
  const remove = useRemovePause();
  const removeOne = (id: string) =>
    remove.mutate(id, {
      onSuccess: (answer) => notifySuccess('Success', answer.message),
      onError: (error) => notifyError('Error', errorText(error, 'Failed to remove the pause')),
    });
  return (
    <Stack gap="md">
      <AddPause />
      {pauses.isPending ? (
        <LoadingLine label="Loading pauses..." />
      ) : pauses.isError ? (
        <Text c="red">Failed to load pauses</Text>
      ) : pauses.data.length === 0 ? (
        <Text c="dimmed">No pauses ahead.</Text>
      ) : (
        <StackedTable minWidth={560} phoneColumns="repeat(2, minmax(0, 1fr))" aria-label="Pauses">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Distributor</Table.Th>
              <Table.Th>From</Table.Th>
              <Table.Th>To</Table.Th>
              <Table.Th>Reason</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pauses.data.map((pause) => (
              <Table.Tr key={pause.id}>
                <Table.Td>{pause.distributorName}</Table.Td>
                <Table.Td data-label="From">{formatCalendarDate(pause.fromDay)}</Table.Td>
                <Table.Td data-label="To">{formatCalendarDate(pause.toDay)}</Table.Td>
                <Table.Td data-label="Reason" data-wide>
                  {pause.reason ?? ''}
                </Table.Td>
                <Table.Td data-wide>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => removeOne(pause.id)}
                    aria-label={`Remove pause of ${pause.distributorName}`}
                  >
                    Remove
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </StackedTable>
      )}
    </Stack>
  );
}
