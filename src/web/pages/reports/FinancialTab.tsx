import { SimpleGrid, Table } from '@mantine/core';
import { IconArrowBackUp, IconCash, IconCoins, IconReceipt } from '@tabler/icons-react';
import type { DistributorTotals, FinancialReport } from '../../../domain/contracts/reports';
import { formatNaira } from '../../../domain/money';
import { StatCard } from '../../components/StatCard';
import { money, ReportState, type TabProps } from './ReportState';
import { type Column, ReportTable } from './ReportTable';
import { TrendChart } from './TrendChart';

const balanceColumns: Column<DistributorTotals>[] = [
  { header: 'Distributor', text: (row) => row.distributorName },
  money('Sales', (row) => row.totalSales),
  money('Payments', (row) => row.payments),
  money('Returns', (row) => row.returns),
  money('Balance Owed', (row) => row.balance),
];

/** The cash-basis summary, line by line. */
const summaryLines = (report: FinancialReport): [string, number][] => [
  ['Total Sales (Invoiced)', report.totalRevenue],
  ['Less: Returns', report.totalReturns],
  ['Net Sales', report.netSales],
  ['Cash Received', report.cashReceived],
  ['Outstanding Receivables', report.accountsReceivable],
];

export function FinancialTab({ filter }: TabProps) {
  return (
    <ReportState tab="financial" filter={filter}>
      {(report) => (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            <StatCard
              label="Total Revenue (Sales)"
              value={formatNaira(report.totalRevenue)}
              icon={IconReceipt}
              colour="orange"
            />
            <StatCard
              label="Cash Received"
              value={formatNaira(report.cashReceived)}
              note="Actual cash basis income"
              icon={IconCash}
              colour="green"
            />
            <StatCard
              label="Total Returns"
              value={formatNaira(report.totalReturns)}
              icon={IconArrowBackUp}
              colour="red"
            />
            <StatCard
              label="Accounts Receivable"
              value={formatNaira(report.accountsReceivable)}
              icon={IconCoins}
              colour="blue"
            />
          </SimpleGrid>
          <TrendChart
            title="Cash received over time"
            label="Cash received"
            points={report.trend}
            format={formatNaira}
            axisPrefix="₦"
          />
          <Table withTableBorder fz="sm" data-testid="financial-summary">
            <Table.Thead>
              <Table.Tr>
                <Table.Th colSpan={2}>Financial Summary (cash-basis)</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {summaryLines(report).map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Td>{label}</Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {formatNaira(value)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <ReportTable
            title="Distributor Balances"
            fileName="distributor-balances.csv"
            rows={report.balances}
            rowKey={(row) => row.distributorId}
            empty="No distributor owes anything"
            columns={balanceColumns}
          />
        </>
      )}
    </ReportState>
  );
}
