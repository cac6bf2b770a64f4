import { Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { DeliveryNote } from '../../../domain/contracts/dispatch';
import { formatNaira, sumNaira } from '../../../domain/money';
import { loavesValue } from '../../../domain/sales-schemas';
import { DEFAULT_TIME_ZONE, formatClock } from '../../../domain/time';
import { ApiError, errorText } from '../../api/http';
import { notifyError, notifySuccess } from '../../api/notify';
import { useAppInfo } from '../../auth/queries';
import { CreditRefusal, useCreditRefusal } from '../../components/CreditOverride';
import { CreditPanel } from '../../components/CreditPanel';
import { NumberField, typedNumber } from '../../components/NumberField';
import { StackedTable } from '../../components/StackedTable';
import { useDispatch } from './queries';

const price = (value: number | null) => (value === null ? 'No price' : formatNaira(value));

/** What the clerk is offered to load: the order, or fewer when fewer are left now. */
const offered = (line: DeliveryNote['lines'][number]) => Math.min(line.ordered, line.available);

/** The box's loaves when they are a count to load, else null (the server names what is wrong). */
const countIn = (loaves: number) => (Number.isInteger(loaves) && loaves >= 0 ? loaves : null);

type Line = DeliveryNote['lines'][number];

/** A bread of the note: the box (or the loaves loaded), the shortfall and, before dispatch, what is left. */
function LineRow(props: {
  note: DeliveryNote;
  line: Line;
  loaded: number;
  editable: boolean;
  error: string | undefined;
  onLoad: (loaves: number) => void;
}) {
  const { note, line, loaded } = props;
  const count = countIn(loaded);
  const short = count === null ? null : line.ordered - count;
  return (
    <Table.Tr>
      <Table.Td>{line.recipeName}</Table.Td>
      <Table.Td data-figure data-label="Ordered">
        {line.ordered}
      </Table.Td>
      <Table.Td data-figure data-label={note.dispatched ? 'Loaded' : 'To load'}>
        {props.editable ? (
          // At the cell's right in the table; on a phone, under its tile's label.
          <Group justify="flex-end">
            <NumberField
              aria-label={`${line.recipeName} to load for ${note.name}`}
              value={loaded}
              min={0}
              max={line.ordered}
              w={80}
              error={props.error}
              onChange={(value) => props.onLoad(typedNumber(value))}
            />
          </Group>
        ) : (
          loaded
        )}
      </Table.Td>
      <Table.Td
        data-figure
        data-label="Short"
        fw={short !== null && short > 0 ? 700 : undefined}
        c={short !== null && short > 0 ? 'red' : undefined}
      >
        {short ?? '—'}
      </Table.Td>
      {note.dispatched ? null : (
        <Table.Td
          data-figure
          data-label="Available"
          c={line.available < line.ordered ? 'red' : undefined}
        >
          {line.available}
        </Table.Td>
      )}
      <Table.Td data-figure data-label="Price">
        {price(line.pricePerLoaf)}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Before dispatch, the loaves in the boxes and their value at the day's prices,
 * as the clerk changes them; null while a box holds no count to load.
 */
function toLoad(lines: readonly { line: Line; loaded: number }[]) {
  let loaves = 0;
  const values: number[] = [];
  for (const { line, loaded } of lines) {
    const count = countIn(loaded);
    if (count === null) return null;
    loaves += count;
    if (line.pricePerLoaf !== null) values.push(loavesValue(count, line.pricePerLoaf));
  }
  return { loaves, value: sumNaira(values) };
}

/** "19 of 24 loaves loaded", "19 of 24 loaves to load" (while the boxes hold counts). */
function summaryOf(note: DeliveryNote, boxes: ReturnType<typeof toLoad>) {
  if (note.dispatched) return `${note.totalLoaded} of ${note.totalOrdered} loaves loaded`;
  if (boxes) return `${boxes.loaves} of ${note.totalOrdered} loaves to load`;
  return `${note.totalOrdered} loaves ordered`;
}

/** The server's refusals of a load's lines (`lines.N.loaves`), by bread, for under their boxes. */
function lineErrors(error: unknown, input: readonly { recipeName: string }[]) {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(
    error.fieldErrors
      .filter((field) => field.path.startsWith('lines.'))
      .map((field) => {
        const index = Number(field.path.split('.')[1]);
        return [input[index]?.recipeName ?? '', field.message];
      }),
  );
}

/**
 * One distributor's lines for the day: before dispatch, what to load per bread
 * (at most the order; until typed, what is available now) and what it comes to;
 * after, what was loaded and the shortfall (what is available then means nothing
 * to this note, so it is not shown).
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
  const lines = note.lines.map((line) => ({
    line,
    loaded: line.loaded ?? load[line.recipeName] ?? offered(line),
  }));
  const boxes = note.dispatched ? null : toLoad(lines);
  const value = note.dispatched ? note.totalValue : boxes?.value;
  const input = lines.map(({ line, loaded }) => ({
    recipeName: line.recipeName,
    loaves: loaded,
  }));
  const refused = useCreditRefusal(JSON.stringify(input));
  const open = !note.dispatched && canDispatch;
  const submit = (creditOverrideReason?: string) => {
    setFieldErrors({});
    dispatch.mutate(
      { id: note.distributorId, input: { day, lines: input, creditOverrideReason } },
      {
        onSuccess: (made) =>
          notifySuccess(
            'Dispatched',
            `${made.totalLoaded} loaves loaded for ${note.name} (${formatNaira(made.totalValue)})`,
          ),
        onError: (error) => {
          setFieldErrors(lineErrors(error, input));
          refused.failed(error, JSON.stringify(input));
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
      <StackedTable minWidth={560} striped aria-label={`Lines for ${note.name}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Bread</Table.Th>
            <Table.Th data-figure>Ordered</Table.Th>
            <Table.Th data-figure>{note.dispatched ? 'Loaded' : 'To load'}</Table.Th>
            <Table.Th data-figure>Short</Table.Th>
            {note.dispatched ? null : <Table.Th data-figure>Available</Table.Th>}
            <Table.Th data-figure>Price</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map(({ line, loaded }) => (
            <LineRow
              key={line.recipeName}
              note={note}
              line={line}
              loaded={loaded}
              editable={open}
              error={fieldErrors[line.recipeName]}
              onLoad={(loaves) => setLoad((old) => ({ ...old, [line.recipeName]: loaves }))}
            />
          ))}
        </Table.Tbody>
      </StackedTable>
      {open ? (
        <Stack gap="sm" mt="sm">
          <CreditPanel
            distributorId={note.distributorId}
            value={boxes?.value ?? null}
            paid={0}
            afterLabel="Balance after this load"
          />
          {refused.refusal ? (
            <CreditRefusal refusal={refused.refusal} busy={dispatch.isPending} onAllow={submit} />
          ) : null}
        </Stack>
      ) : null}
      <Group justify="space-between" mt="sm">
        <Stack gap={0}>
          <Text fz="sm">{summaryOf(note, boxes)}</Text>
          <Text fz="sm" fw={600} data-testid="dispatch-value">
            Value {value === undefined ? '—' : formatNaira(value)}
          </Text>
        </Stack>
        {open ? (
          <Button color="orange" onClick={() => submit()} loading={dispatch.isPending}>
            Dispatch
          </Button>
        ) : null}
      </Group>
    </Card>
  );
}
