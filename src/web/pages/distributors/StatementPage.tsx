import { Anchor, Box, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconDownload, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import type { Statement, StatementLine } from '../../../domain/contracts/distributors';
import { EARLIEST_DATE } from '../../../domain/fields';
import { formatNaira } from '../../../domain/money';
import { businessDate, DEFAULT_TIME_ZONE } from '../../../domain/time';
import { useAppInfo } from '../../auth/queries';
import { DateField } from '../../components/DateField';
import { DATE_INPUT_FORMAT, formatDate, formatDateTime } from '../../components/format';
import { Letterhead } from '../../components/Letterhead';
import { LoadingLine } from '../../components/LoadingLine';
import { balanceColour } from './DistributorsPage';
import { statementCsvUrl, useStatement } from './queries';

const KIND_LABEL = { sale: 'Sale', payment: 'Payment', return: 'Return' } as const;

const amountOrBlank = (value: number) => (value ? formatNaira(value) : '');

/** "Show more lines" while later lines of the range are not loaded yet. */
interface MoreLines {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

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
  statement: Statement;
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
 * A distributor's statement for a date range: every sale, payment and return
 * with the running balance, to print or download as CSV.
 */
export default function StatementPage() {
  const { id = '' } = useParams<{ id: string }>();
  const timeZone = useAppInfo().data?.timeZone ?? DEFAULT_TIME_ZONE;
  const today = businessDate(new Date(), timeZone);
  const [startDate, setStartDate] = useState(`${today.slice(0, 8)}01`);
  const [endDate, setEndDate] = useState(today);
  const statement = useStatement(id, startDate, endDate);
  const when = (iso: string) => formatDateTime(iso, timeZone);
  const [first, ...later] = statement.data?.pages ?? [];
  // Every page carries the whole range's figures; the lines are the pages' together.
  const data = first && {
    ...first,
    lines: [...first.lines, ...later.flatMap((page) => page.lines)],
  };

  return (
    <Stack gap="md">
      <Letterhead />
      <Anchor component={Link} href="/distributors" fz="sm" data-print="hide">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          Back to distributors
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          {/* The route's title, which the loading placeholder shows too. */}
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            Distributor Statement
          </Title>
          {data && (
            <Text c="dimmed">
              {data.distributor.name} · {data.distributor.address} · {data.distributor.phone}
            </Text>
          )}
          {data && (
            <Text fz="sm" c="dimmed">
              {formatDate(data.startDate)} to {formatDate(data.endDate)}
            </Text>
          )}
        </div>
        <Group gap="sm" data-print="hide">
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} aria-hidden />}
            onClick={() => window.print()}
            disabled={!data}
          >
            Print
          </Button>
          <Button
            component="a"
            href={statementCsvUrl(id, startDate, endDate)}
            download
            color="orange"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            Download CSV
          </Button>
        </Group>
      </Group>
      <Group gap="md" data-print="hide" align="flex-start">
        <DateField
          label="From"
          valueFormat={DATE_INPUT_FORMAT}
          value={startDate}
          minDate={EARLIEST_DATE}
          maxDate={endDate}
          onChange={(date) => date && setStartDate(date)}
          w={170}
        />
        <DateField
          label="To"
          valueFormat={DATE_INPUT_FORMAT}
          value={endDate}
          minDate={startDate}
          maxDate={today}
          onChange={(date) => date && setEndDate(date)}
          w={170}
        />
      </Group>
      {statement.isError ? (
        <Text c="red">Failed to load the statement: {statement.error.message}</Text>
      ) : !data ? (
        <LoadingLine label="Loading statement..." />
      ) : (
        <>
          <Box visibleFrom="sm" data-print="show">
            <StatementTable statement={data} when={when} more={statement} />
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
            {statement.hasNextPage && <ShowMore more={statement} />}
            <Group justify="space-between">
              <Text fw={700}>Closing balance</Text>
              <Text fw={700} c={balanceColour(data.closingBalance)}>
                {formatNaira(data.closingBalance)}
              </Text>
            </Group>
          </Stack>
        </>
      )}
    </Stack>
  );
}
