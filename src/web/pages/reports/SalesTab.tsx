import { SimpleGrid } from '@mantine/core';
import { IconCash, IconCoins, IconReceipt } from '@tabler/icons-react';
import type { DistributorTotals } from '../../../domain/contracts/reports';
import { formatNaira } from '../../../domain/money';
import { StatCard } from '../../components/StatCard';
import { count, money, ReportState, type TabProps } from './ReportState';
import { type Column, ReportTable } from './ReportTable';
import { TrendChart } from './TrendChart';

const distributorColumns: Column<DistributorTotals>[] = [
  { header: 'Distributor', text: (row) => row.distributorName },
  money('Total Sales', (row) => row.totalSales),
  money('Payments', (row) => row.payments),
  money('Returns', (row) => row.returns),
  money('Balance', (row) => row.balance),
];

export function SalesTab({ filter }: TabProps) {
  return (
    <ReportState tab="sales" filter={filter}>
      {(report) => (
        <>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
            <StatCard
              label="Total Sales"
              value={formatNaira(report.totalSales)}
              icon={IconReceipt}
              colour="orange"
            />
            <StatCard
              label="Payments Received"
              value={formatNaira(report.paymentsReceived)}
              icon={IconCash}
              colour="green"
            />
            <StatCard
              label="Outstanding Balance"
              value={formatNaira(report.outstandingBalance)}
              icon={IconCoins}
              colour="red"
            />
          </SimpleGrid>
          <TrendChart
            title="Sales over time"
            label="Sales"
            points={report.trend}
            format={formatNaira}
            axisPrefix="₦"
          />
          <ReportTable
            title="Sales by Distributor"
            fileName="sales-by-distributor.csv"
            rows={report.byDistributor}
            rowKey={(row) => row.distributorId}
            empty="No sales in these dates"
            columns={[
              ...distributorColumns,
              {
                header: 'Transactions',
                text: (row) => count(row.transactions),
                csv: (row) => row.transactions,
                align: 'right',
              },
            ]}
          />
        </>
      )}
    </ReportState>
  );
}
