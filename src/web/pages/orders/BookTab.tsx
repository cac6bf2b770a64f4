import { Alert, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { BookLine, OrderBook } from '../../../domain/contracts/orders';
import { DEFAULT_TIME_ZONE, formatClock } from '../../../domain/time';
import { errorText } from '../../api/http';
import { useAppInfo } from '../../auth/queries';
import { DateField } from '../../components/DateField';
import { DATE_INPUT_FORMAT } from '../../components/format';
import { LoadingLine } from '../../components/LoadingLine';
import { StackedTable } from '../../components/StackedTable';
import { DayOrderDialog } from './DayOrderDialog';
import { useOrderBook } from './queries';

function CutoffBanner({ book }: { book: OrderBook }) {
  const timeZone = useAppInfo().data?.timeZone ?? DEFAULT_TIME_ZONE;
  const on = `${book.cutoffTime} on ${formatClock(new Date(book.cutoffAt), timeZone).shortDate}`;
  if (book.past) {
    return (
      <Alert color="gray" title="This day is over">
        Its orders can no longer be changed.
      </Alert>
    );
  }
  return book.closed ? (
    <Alert color="red" title={`Closed at ${on}`}>
      Only a manager (Sales delete right) can still change this day's orders.
    </Alert>
  ) : (
    <Alert color="green" title={`Open until ${on}`}>
      Change a distributor's loaves for this day only with "Change this day".
    </Alert>
  );
}

function LoavesCell({ bread }: { bread: BookLine['breads'][number] }) {
  const changed = bread.change !== null && bread.change !== bread.standing;
  return (
    <Table.Td data-figure fw={changed ? 700 : undefined} data-label={bread.recipeName}>
      {bread.ordered}
      {changed ? (
        <Text span c="dimmed" fz="xs" ml={4}>
          (standing {bread.standing})
        </Text>
      ) : null}
    </Table.Td>
  );
}

export function BookTab() {
  const [day, setDay] = useState<string | null>(null);
  const [changing, setChanging] = useState<BookLine | null>(null);
  const book = useOrderBook(day);
  if (book.isPending) return <LoadingLine label="Loading the order book..." />;
  if (book.isError)
    return <Text c="red">{errorText(book.error, 'Failed to load the order book')}</Text>;
  const data = book.data;
  return (
    <Stack gap="md">
      <Group align="flex-end" gap="md">
        <DateField
          label="Day"
          valueFormat={DATE_INPUT_FORMAT}
          value={data.day}
          onChange={(date) => date && setDay(date)}
          w={190}
        />
        <Text fw={600}>{data.total} loaves ordered</Text>
      </Group>
      <CutoffBanner book={data} />
      {data.lines.length === 0 ? (
        <Text c="dimmed">No active distributors.</Text>
      ) : (
        <StackedTable
          minWidth={360 + data.breads.length * 110}
          striped
          withTableBorder
          aria-label="Order book"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Distributor</Table.Th>
              {data.breads.map((bread) => (
                <Table.Th key={bread} data-figure>
                  {bread}
                </Table.Th>
              ))}
              <Table.Th data-figure>Total</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.lines.map((line) => (
              <Table.Tr key={line.distributorId}>
                <Table.Td>
                  {line.name}
                  {line.paused ? (
                    <Badge ml="xs" color="gray" size="sm">
                      Paused
                    </Badge>
                  ) : null}
                </Table.Td>
                {line.breads.map((bread) => (
                  <LoavesCell key={bread.recipeName} bread={bread} />
                ))}
                <Table.Td data-figure fw={600} data-label="Total">
                  {line.total}
                </Table.Td>
                <Table.Td data-wide>
                  <Button
                    size="xs"
                    variant="light"
                    color="orange"
                    disabled={data.past}
                    onClick={() => setChanging(line)}
                    aria-label={`Change this day for ${line.name}`}
                  >
                    Change this day
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>Total per bread</Table.Th>
              {data.totals.map((total) => (
                <Table.Th key={total.recipeName} data-figure data-label={total.recipeName}>
                  {total.loaves}
                </Table.Th>
              ))}
              <Table.Th data-figure data-label="Total">
                {data.total}
              </Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Tfoot>
        </StackedTable>
      )}
      <DayOrderDialog day={data.day} line={changing} onClose={() => setChanging(null)} />
    </Stack>
  );
}
