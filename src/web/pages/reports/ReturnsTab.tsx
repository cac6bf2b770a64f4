import { SimpleGrid } from '@mantine/core';
import { IconAlertTriangle, IconArrowBackUp } from '@tabler/icons-react';
import type { ReturnsReport } from '../../../domain/contracts/reports';
import { RETURN_REASON_LABELS } from '../../../domain/distributor-schemas';
import { formatNaira } from '../../../domain/money';
import { countOf } from '../../../domain/words';
import { StatCard } from '../../components/StatCard';
import { count, money, ReportState, type TabProps } from './ReportState';
import { ReportTable } from './ReportTable';
import { ReturnsHistory } from './ReturnsHistory';

export function ReturnsTab({ filter, timeZone }: TabProps) {
  return (
    <ReportState tab="returns" filter={filter}>
      {(report) => (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="md">
            <StatCard
              label="Total Returns"
              value={formatNaira(report.totalAmount)}
              note={countOf(report.totalLoaves, 'loaf')}
              icon={IconArrowBackUp}
              colour="red"
            />
            {report.byReason.map((reason) => (
              <StatCard
                key={reason.reason}
                label={RETURN_REASON_LABELS[reason.reason]}
                value={formatNaira(reason.amount)}
                note={countOf(reason.loaves, 'loaf')}
                icon={IconAlertTriangle}
                colour="orange"
              />
            ))}
          </SimpleGrid>
          <ReportTable
            title="Returns by Distributor"
            fileName="returns-by-distributor.csv"
            rows={report.byDistributor}
            rowKey={(row) => row.distributorId}
            empty="No returns in these dates"
            columns={[
              { header: 'Distributor', text: (row) => row.distributorName ?? 'Unknown' },
              {
                header: 'Total Loaves',
                text: (row) => count(row.totalLoaves),
                csv: (row) => row.totalLoaves,
                align: 'right',
              },
              money<ReturnsReport['byDistributor'][number]>(
                'Total Amount',
                (row) => row.totalAmount,
              ),
              {
                header: 'Number of Returns',
                text: (row) => count(row.returns),
                csv: (row) => row.returns,
                align: 'right',
              },
            ]}
          />
          <ReturnsHistory
            key={filter}
            filter={filter}
            timeZone={timeZone}
            total={report.byDistributor.reduce((sum, row) => sum + row.returns, 0)}
          />
        </>
      )}
    </ReportState>
  );
}
