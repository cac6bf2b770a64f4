import { Box, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import type { Statement, StatementLine } from '../../../domain/contracts/distributors';
import { formatNaira } from '../../../domain/money';
import { formatDate } from '../../components/format';

/** A positive balance (owed to the bakery) shows red, a negative one (credit) green. */
export const balanceColour = (balance: number) =>
  balance > 0 ? 'red' : balance < 0 ? 'green' : undefined;

const KIND_LABEL = { sale: 'Sale', payment: 'Payment', return: 'Return' } as const;

const amountOrBlank = (value: number) => (value ? formatNaira(value) : '');

/** "Show more lines" while later lines of the range are not loaded yet. */
export interface MoreLines {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** What the lines need of a statement: the bakery's and the distributor's pages share it. */
export type StatementFigures = Pick<
  Statement,
  'startDate' | 'endDate' | 'openingBalance' | 'totalCharges' | 'totalCredits' | 'closingBalance'
> & { lines: StatementLine[] };

function ShowMore({ more }: { more: MoreLines }) {
  return (
    <Button
      variant="default"
      size="xs"
      loading={more.isFetchingNextPage}
      onClick={() => more.fetchNextPage()}
      data-print="hide"
    >
      Show more lines
    </Button>
  );
}

function StatementTable(props: {
  statement: StatementFigures;
  when: (iso: string) => string;
  more: MoreLines;
}) {
  const { statement } = props;
  return (
    <Table verticalSpacing="xs" horizontalSpacing="sm" fz="sm" withTableBorder striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Date</Table.Th>
          <Table.Th>Details</Table.Th>
          <Table.Th ta="right">Charge</Table.Th>
          <Table.Th ta="right">Credit</Table.Th>
          <Table.Th ta="right">Balance</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        <Table.Tr>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(statement.startDate)}</Table.Td>
          <Table.Td fw={600}>Opening balance</Table.Td>
          <Table.Td />
          <Table.Td />
          <Table.Td ta="right" fw={600}>
            {formatNaira(statement.openingBalance)}
          </Table.Td>
        </Table.Tr>
        {statement.lines.map((line) => (
          <Table.Tr key={`${line.kind}-${line.id}`} data-testid="statement-line">
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{props.when(line.at)}</Table.Td>
            <Table.Td>
              <Text span fw={600} fz="sm">
                {KIND_LABEL[line.kind]}:
              </Text>{' '}
              {line.description}
            </Table.Td>
            <Table.Td ta="right">{amountOrBlank(line.charge)}</Table.Td>
            <Table.Td ta="right">{amountOrBlank(line.credit)}</Table.Td>
            <Table.Td ta="right">{formatNaira(line.balance)}</Table.Td>
          </Table.Tr>
        ))}
        {props.more.hasNextPage && (
          <Table.Tr>
            <Table.Td colSpan={5} ta="center">
              <ShowMore more={props.more} />
            </Table.Td>
          </Table.Tr>
        )}
        <Table.Tr fw={700}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(statement.endDate)}</Table.Td>
          <Table.Td>Closing balance</Table.Td>
          <Table.Td ta="right">{formatNaira(statement.totalCharges)}</Table.Td>
          <Table.Td ta="right">{formatNaira(statement.totalCredits)}</Table.Td>
          <Table.Td ta="right" data-testid="closing-balance">
            {formatNaira(statement.closingBalance)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

function LineCard({ line, when }: { line: StatementLine; when: (iso: string) => string }) {
  return (
    <Card withBorder radius="md" p="sm" data-testid="statement-card">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text fz="sm" fw={600}>
            {KIND_LABEL[line.kind]} · {when(line.at)}
          </Text>
          <Text fz="sm" c="dimmed">
            {line.description}
          </Text>
        </div>
        <div style={{ textAlign: 'right', flexShrink: 0 }}>
          {line.charge > 0 && <Text fz="sm">+{formatNaira(line.charge)}</Text>}
          {line.credit > 0 && <Text fz="sm">−{formatNaira(line.credit)}</Text>}
          <Text fz="sm" fw={700}>
            {formatNaira(line.balance)}
          </Text>
        </div>
      </Group>
    </Card>
  );
}

/**
 * A statement's opening balance, lines and closing balance: a table from the
 * small breakpoint up and on paper, a card per line on a phone.
 */
export function StatementLines(props: {
  statement: StatementFigures;
  when: (iso: string) => string;
  more: MoreLines;
}) {
  const { statement: data, when, more } = props;
  return (
    <>
      <Box visibleFrom="sm" data-print="show">
        <StatementTable statement={data} when={when} more={more} />
      </Box>
      <Stack gap="xs" hiddenFrom="sm" data-print="hide">
        <Group justify="space-between">
          <Text fw={600}>Opening balance</Text>
          <Text fw={600}>{formatNaira(data.openingBalance)}</Text>
        </Group>
        {data.lines.length === 0 && (
          <Text c="dimmed" fz="sm">
            No sales, payments or returns in these dates
          </Text>
        )}
        {data.lines.map((line) => (
          <LineCard key={`${line.kind}-${line.id}`} line={line} when={when} />
        ))}
        {more.hasNextPage && <ShowMore more={more} />}
        <Group justify="space-between">
          <Text fw={700}>Closing balance</Text>
          <Text fw={700} c={balanceColour(data.closingBalance)}>
            {formatNaira(data.closingBalance)}
          </Text>
        </Group>
      </Stack>
    </>
  );
}
