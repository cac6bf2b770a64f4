import { Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { StandingGrid } from '../../../domain/contracts/orders';
import { errorText } from '../../api/http';
import { notifyError, notifySuccess } from '../../api/notify';
import { LoadingLine } from '../../components/LoadingLine';
import { NumberField, typedNumber } from '../../components/NumberField';
import { useOrderBook, useSetStanding, useStandingGrids } from './queries';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
type Week = Record<string, number[]>;

/** One distributor's week: a row per bread offered, a box per weekday. */
function WeekGrid({ grid, breads }: { grid: StandingGrid; breads: readonly string[] }) {
  const save = useSetStanding();
  const fromGrid = (): Week =>
    Object.fromEntries(
      breads.map((bread) => [
        bread,
        grid.breads.find((b) => b.recipeName === bread)?.days ?? [0, 0, 0, 0, 0, 0, 0],
      ]),
    );
  const [week, setWeek] = useState<Week>(fromGrid);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refilled when the saved grid changes
  useEffect(() => setWeek(fromGrid()), [grid, breads]);
  const setCell = (bread: string, index: number, value: number) =>
    setWeek((old) => ({
      ...old,
      [bread]: (old[bread] ?? []).map((loaves, i) => (i === index ? value : loaves)),
    }));
  const submit = () =>
    save.mutate(
      {
        id: grid.distributorId,
        input: {
          breads: breads.map((recipeName) => ({ recipeName, days: week[recipeName] ?? [] })),
        },
      },
      {
        onSuccess: () => notifySuccess('Success', `${grid.name}'s standing order saved`),
        onError: (error) => notifyError('Error', errorText(error, 'Failed to save')),
      },
    );
  return (
    <Card withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Title order={3} fz="md">
          {grid.name}
        </Title>
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label={`Standing order of ${grid.name}`}>
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
                    <Table.Td key={day}>
                      <NumberField
                        aria-label={`${grid.name} ${bread} ${day}`}
                        w={64}
                        value={week[bread]?.[index] ?? 0}
                        onChange={(value) => setCell(bread, index, typedNumber(value))}
                      />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end">
          <Button color="orange" onClick={submit} loading={save.isPending}>
            Save {grid.name}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Every active distributor's week; days already closed keep what they ordered. */
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
