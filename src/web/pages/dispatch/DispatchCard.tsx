import { Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { DeliveryNote } from '../../../domain/contracts/dispatch';
import { formatNaira } from '../../../domain/money';
import { DEFAULT_TIME_ZONE, formatClock } from '../../../domain/time';
import { ApiError, errorText } from '../../api/http';
import { notifyError, notifySuccess } from '../../api/notify';
import { useAppInfo } from '../../auth/queries';
import { NumberField, typedNumber } from '../../components/NumberField';
import { useDispatch } from './queries';

const price = (value: number | null) => (value === null ? 'No price' : formatNaira(value));

/** What the clerk is offered to load: the order, or fewer when fewer are left now. */
const offered = (line: DeliveryNote['lines'][number]) => Math.min(line.ordered, line.available);

/**
 * One distributor's lines for the day: before dispatch, what to load per bread
 * (at most the order; until typed, what is available now); after, what was loaded
 * and the shortfall.
 */
export function DispatchCard({
  day,
  note,
  canDispatch,
}: {
  day: string;
  note: DeliveryNote;
  canDispatch: boolean;
}) {
  const timeZone = useAppInfo().data?.timeZone ?? DEFAULT_TIME_ZONE;
  const [load, setLoad] = useState<Record<string, number>>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const dispatch = useDispatch();
  const submit = () => {
    const lines = note.lines.map((line) => ({
      recipeName: line.recipeName,
      loaves: load[line.recipeName] ?? offered(line),
    }));
    setFieldErrors({});
    dispatch.mutate(
      { id: note.distributorId, input: { day, lines } },
      {
        onSuccess: (made) =>
          notifySuccess(
            'Dispatched',
            `${made.totalLoaded} loaves loaded for ${note.name} (${formatNaira(made.totalValue)})`,
          ),
        onError: (error) => {
          if (error instanceof ApiError) {
            setFieldErrors(
              Object.fromEntries(
                error.fieldErrors.map((field) => {
                  const index = Number(field.path.split('.')[1]);
                  return [lines[index]?.recipeName ?? '', field.message];
                }),
              ),
            );
          }
          notifyError('Error', errorText(error, 'Failed to dispatch'));
        },
      },
    );
  };
  return (
    <Card component="section" withBorder padding="md" aria-label={`Dispatch for ${note.name}`}>
      <Group justify="space-between" mb="xs">
        <Text fw={700}>{note.name}</Text>
        {note.dispatched && note.dispatchedAt ? (
          <Badge color="green">
            Dispatched {formatClock(new Date(note.dispatchedAt), timeZone).time}
          </Badge>
        ) : (
          <Badge color="gray">To load</Badge>
        )}
      </Group>
      <Table.ScrollContainer minWidth={560}>
        <Table striped aria-label={`Lines for ${note.name}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Bread</Table.Th>
              <Table.Th ta="right">Ordered</Table.Th>
              <Table.Th ta="right">{note.dispatched ? 'Loaded' : 'To load'}</Table.Th>
              <Table.Th ta="right">Short</Table.Th>
              <Table.Th ta="right">Available</Table.Th>
              <Table.Th ta="right">Price</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {note.lines.map((line) => {
              const loaded = line.loaded ?? load[line.recipeName] ?? offered(line);
              const short = line.ordered - loaded;
              return (
                <Table.Tr key={line.recipeName}>
                  <Table.Td>{line.recipeName}</Table.Td>
                  <Table.Td ta="right">{line.ordered}</Table.Td>
                  <Table.Td ta="right">
                    {note.dispatched || !canDispatch ? (
                      loaded
                    ) : (
                      <NumberField
                        aria-label={`${line.recipeName} to load for ${note.name}`}
                        value={loaded}
                        min={0}
                        max={line.ordered}
                        w={80}
                        ml="auto"
                        error={fieldErrors[line.recipeName]}
                        onChange={(value) =>
                          setLoad((old) => ({ ...old, [line.recipeName]: typedNumber(value) }))
                        }
                      />
                    )}
                  </Table.Td>
                  <Table.Td
                    ta="right"
                    fw={short > 0 ? 700 : undefined}
                    c={short > 0 ? 'red' : undefined}
                  >
                    {short}
                  </Table.Td>
                  <Table.Td
                    ta="right"
                    c={!note.dispatched && line.available < line.ordered ? 'red' : undefined}
                  >
                    {line.available}
                  </Table.Td>
                  <Table.Td ta="right">{price(line.pricePerLoaf)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" mt="sm">
        <Stack gap={0}>
          <Text fz="sm">
            {note.dispatched
              ? `${note.totalLoaded} of ${note.totalOrdered} loaves loaded`
              : `${note.totalOrdered} loaves ordered`}
          </Text>
          <Text fz="sm" fw={600}>
            Value {formatNaira(note.totalValue)}
          </Text>
        </Stack>
        {!note.dispatched && canDispatch ? (
          <Button color="orange" onClick={submit} loading={dispatch.isPending}>
            Dispatch
          </Button>
        ) : null}
      </Group>
    </Card>
  );
}
