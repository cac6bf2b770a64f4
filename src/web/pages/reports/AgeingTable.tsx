import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'wouter';
import { AGEING_BUCKET_LABELS, AGEING_BUCKETS, type Ageing } from '../../../domain/ageing';
import type { AgeingReport, AgeingRow } from '../../../domain/contracts/credit';
import { formatNaira, toKobo } from '../../../domain/money';
import { countOf } from '../../../domain/words';
import { formatCalendarDate } from '../../components/format';
import { MoreRows, useShownInPages } from '../../components/ShownInPages';
import { StackedTable } from '../../components/StackedTable';
import { creditTermsText } from '../distributors/CreditSummary';

/** Rows drawn at first and added by each "Show more distributors". */
export const AGEING_PAGE = 50;

const isOverLimit = (row: AgeingRow) =>
  row.creditLimit !== null && toKobo(row.balance) > toKobo(row.creditLimit);

/** The five buckets, Overdue, Balance and Oldest due: the cells a distributor's row and the total share. */
function Figures(props: { ageing: Ageing; balance: number; overLimit?: boolean }) {
  const { ageing } = props;
  const overdue = toKobo(ageing.overdue) > 0;
  return (
    <>
      {AGEING_BUCKETS.map((bucket) => (
        <Table.Td key={bucket} data-figure data-label={AGEING_BUCKET_LABELS[bucket]}>
          {formatNaira(ageing[bucket])}
        </Table.Td>
      ))}
      <Table.Td data-figure data-label="Overdue" fw={700} c={overdue ? 'red' : undefined}>
        {formatNaira(ageing.overdue)}
      </Table.Td>
      <Table.Td data-figure data-label="Balance" fw={700}>
        {formatNaira(props.balance)}
        {props.overLimit && (
          <Text span display="block" fz="xs" fw={700} c="red">
            Over the limit
          </Text>
        )}
      </Table.Td>
      <Table.Td data-label="Oldest due">
        {ageing.oldestDueDay && (
          <>
            <span style={{ whiteSpace: 'nowrap' }}>{formatCalendarDate(ageing.oldestDueDay)}</span>
            {ageing.daysOverdue > 0 && (
              <Text span display="block" fz="xs" c="dimmed">
                {countOf(ageing.daysOverdue, 'day')} overdue
              </Text>
            )}
          </>
        )}
      </Table.Td>
    </>
  );
}

/** The name opens the statement; under it the limit and terms, so the figures keep the width. */
function DistributorRow({ row }: { row: AgeingRow }) {
  return (
    <Table.Tr data-testid="ageing-row">
      <Table.Td>
        <Anchor component={Link} href={`/distributors/${row.distributorId}/statement`} fz="sm">
          {row.name}
        </Anchor>
        {row.archived && (
          <Text span fz="xs" c="dimmed">
            {' '}
            (archived)
          </Text>
        )}
        <Text fz="xs" c="dimmed" fw={400}>
          {creditTermsText(row.creditLimit, row.paymentTermsDays)}
        </Text>
      </Table.Td>
      <Figures ageing={row} balance={row.balance} overLimit={isOverLimit(row)} />
    </Table.Tr>
  );
}

/**
 * The distributors owing anything, most overdue first, AGEING_PAGE at a time,
 * over the total of all of them. A table from the small breakpoint up and on
 * paper; a card per distributor on a phone (StackedTable).
 */
export function AgeingTable({ report }: { report: AgeingReport }) {
  const pages = useShownInPages(report.rows, AGEING_PAGE);
  return (
    <>
      <StackedTable
        minWidth={880}
        phoneColumns="repeat(2, minmax(0, 1fr))"
        striped
        fz="sm"
        horizontalSpacing="xs"
        verticalSpacing="xs"
        aria-label={`Receivables ageing on ${formatCalendarDate(report.asOf)}`}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Distributor</Table.Th>
            {AGEING_BUCKETS.map((bucket) => (
              <Table.Th key={bucket} data-figure>
                {AGEING_BUCKET_LABELS[bucket]}
              </Table.Th>
            ))}
            <Table.Th data-figure>Overdue</Table.Th>
            <Table.Th data-figure>Balance</Table.Th>
            <Table.Th>Oldest due</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pages.rows.map((row) => (
            <DistributorRow key={row.distributorId} row={row} />
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr data-testid="ageing-total">
            <Table.Th>Total</Table.Th>
            <Figures ageing={report.totals} balance={report.totals.balance} />
          </Table.Tr>
        </Table.Tfoot>
      </StackedTable>
      <MoreRows
        pages={pages}
        noun="distributor"
        label="Show more distributors"
        testId="ageing-pager"
      />
    </>
  );
}
