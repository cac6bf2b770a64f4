import { Anchor, Badge, SimpleGrid } from '@mantine/core';
import { IconAlertTriangle, IconArrowBackUp, IconTruckDelivery } from '@tabler/icons-react';
import { Link } from 'wouter';
import type { ReturnsRateReport } from '../../../domain/contracts/reports';
import { canRead } from '../../../domain/permissions';
import { countOf } from '../../../domain/words';
import { useCurrentUser } from '../../auth/queries';
import { formatPercent } from '../../components/format';
import { StatCard } from '../../components/StatCard';
import { returnsRateCsvUrl } from './queries';
import { count, ReportState, type TabProps } from './ReportState';
import { type Column, ReportTable } from './ReportTable';

type Row = ReturnsRateReport['rows'][number];

/** The week grid on Orders where this distributor's standing order is changed. */
export const standingOrderHref = (distributorId: string) =>
  `/orders?tab=standing&distributor=${encodeURIComponent(distributorId)}`;

export function ReturnsRateTab({ filter }: TabProps) {
  const user = useCurrentUser().data;
  // The standing orders are Sales': the link only for those who may open them.
  const mayAdjust = Boolean(user && canRead(user, 'sales'));
  const columns: Column<Row>[] = [
    { header: 'Distributor', text: (row) => row.distributorName ?? 'Unknown' },
    { header: 'Bread Type', text: (row) => row.recipeName },
    { header: 'Taken', text: (row) => count(row.taken), csv: (row) => row.taken, align: 'right' },
    {
      header: 'Returned',
      text: (row) => count(row.returned),
      csv: (row) => row.returned,
      align: 'right',
    },
    { header: 'Rate', text: (row) => formatPercent(row.ratePercent), align: 'right' },
    {
      header: 'Flagged',
      text: (row) => (row.flagged ? 'Yes' : 'No'),
      cell: (row) =>
        row.flagged ? (
          <Badge color="red" size="sm">
            Too many returns
          </Badge>
        ) : (
          '-'
        ),
    },
  ];
  if (mayAdjust) {
    columns.push({
      header: 'Standing order',
      text: () => '',
      cell: (row) => (
        <Anchor
          component={Link}
          href={standingOrderHref(row.distributorId)}
          fz="sm"
          aria-label={`Adjust standing order of ${row.distributorName ?? 'Unknown'}`}
        >
          Adjust standing order
        </Anchor>
      ),
    });
  }
  return (
    <ReportState tab="returnsRate" filter={filter}>
      {(report) => (
        <>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
            <StatCard
              label="Returns rate"
              value={formatPercent(report.ratePercent)}
              note={`${countOf(report.totalReturned, 'loaf')} back of ${countOf(report.totalTaken, 'loaf')}`}
              icon={IconArrowBackUp}
              colour="red"
            />
            <StatCard
              label="Flagged"
              value={count(report.rows.filter((row) => row.flagged).length)}
              note={`Above ${report.thresholdPercent}% (Admin Settings)`}
              icon={IconAlertTriangle}
              colour="orange"
            />
            <StatCard
              label="Distributor × bread"
              value={count(report.rows.length)}
              note="with loaves taken or returned"
              icon={IconTruckDelivery}
              colour="blue"
            />
          </SimpleGrid>
          <ReportTable
            title="Returns Rate by Distributor and Bread"
            fileName="returns-rate.csv"
            csvHref={returnsRateCsvUrl(filter)}
            rows={report.rows}
            rowKey={(row) => `${row.distributorId}:${row.recipeName}`}
            empty="No loaves taken or returned in these dates"
            columns={columns}
          />
        </>
      )}
    </ReportState>
  );
}
