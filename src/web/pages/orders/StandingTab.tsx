import { Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'wouter';
import type { StandingGrid } from '../../../domain/contracts/orders';
import { errorText } from '../../api/http';
import { notifyError, notifySuccess } from '../../api/notify';
import { LoadingLine } from '../../components/LoadingLine';
import { NumberField, typedNumber } from '../../components/NumberField';
import { StackedTable } from '../../components/StackedTable';
import { useOrderBook, useSetStanding, useStandingGrids } from './queries';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
type Week = Record<string, number[]>;

const NO_DAYS = [0, 0, 0, 0, 0, 0, 0];

/** One distributor's week: a row per bread offered, a box per weekday. */
function WeekGrid({ grid, breads }: { grid: StandingGrid; breads: readonly string[] }) {
  const save = useSetStanding();
  // Only the breads typed since their last save; the others show the server's grid. Any
  // save refetches every grid, and a box typed here but not saved keeps what was typed.
  const [typed, setTyped] = useState<Week>({});
  const saved = (bread: string) => grid.breads.find((b) => b.recipeName === bread)?.days ?? NO_DAYS;
  const daysOf = (bread: string) => typed[bread] ?? saved(bread);
  const setCell = (bread: string, index: number, value: number) =>
    setTyped((old) => ({
      ...old,
      [bread]: (old[bread] ?? saved(bread)).map((loaves, i) => (i === index ? value : loaves)),
    }));
  const submit = () => {
    const sent: Week = Object.fromEntries(breads.map((bread) => [bread, daysOf(bread)]));
    save.mutate(
      {
        id: grid.distributorId,
        input: {
          breads: breads.map((recipeName) => ({ recipeName, days: sent[recipeName] ?? [] })),
        },
      },
      {
        onSuccess: () => {
          // Saved: the server's grid shows again, but for a box typed while saving.
          setTyped((old) =>
            Object.fromEntries(Object.entries(old).filter(([bread, days]) => days !== sent[bread])),
          );
          notifySuccess('Success', `${grid.name}'s standing order saved`);
        },
        onError: (error) => notifyError('Error', errorText(error, 'Failed to save')),
      },
    );
  };
  return (
    <Card withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Title order={3} fz="md">
          {grid.name}
        </Title>
        <StackedTable minWidth={640} aria-label={`Standing order of ${grid.name}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Bread</Table.Th>
              {WEEKDAYS.map((day) => (
                <Table.Th key={day}>{day}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {breads.map((bread) => (
              <Table.Tr key={bread}>
                <Table.Td>{bread}</Table.Td>
                {WEEKDAYS.map((day, index) => (
                  <Table.Td key={day} data-label={day}>
                    <NumberField
                      aria-label={`${grid.name} ${bread} ${day}`}
                      w={64}
                      value={daysOf(bread)[index] ?? 0}
                      onChange={(value) => setCell(bread, index, typedNumber(value))}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </StackedTable>
        <Group justify="flex-end">
          <Button color="orange" onClick={submit} loading={save.isPending}>
            Save {grid.name}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Every distributor's week grid, or only the one chosen (with the way back to all of them). */
export function StandingTab({ distributorId }: { distributorId: string | null }) {
  const grids = useStandingGrids();
  const book = useOrderBook(null);
  if (grids.isPending || book.isPending) return <LoadingLine label="Loading standing orders..." />;
  if (grids.isError || book.isError) return <Text c="red">Failed to load standing orders</Text>;
  return (
    <Stack gap="md">
      <Text c="dimmed" fz="sm">
        Loaves each distributor takes every week. A change applies to days still open; days whose
        orders have closed keep what they ordered.
      </Text>
      {distributorId && (
        <Group>
          <Button component={Link} href="/orders?tab=standing" variant="default" size="xs">
            Show all distributors
          </Button>
        </Group>
      )}
      {grids.data
        .filter((grid) => !distributorId || grid.distributorId === distributorId)
        .map((grid) => (
          <WeekGrid key={grid.distributorId} grid={grid} breads={book.data.breads} />
        ))}
    </Stack>
  );
}
