import { SimpleGrid, Stack, Table, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconBuildingFactory2,
  IconCash,
  IconChecks,
  IconCoins,
  IconFlame,
  IconPackage,
  IconReceipt,
  IconScale,
  IconStack2,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { csvAmount } from '../../../domain/csv';
import { RETURN_REASON_LABELS } from '../../../domain/distributor-schemas';
import {
  INVENTORY_CATEGORY_LABELS,
  type InventoryCategory,
} from '../../../domain/inventory-schemas';
import { formatNaira } from '../../../domain/money';
import { BATCH_STATUS_LABELS } from '../../../domain/production-schemas';
import type {
  DistributorTotals,
  FinancialReport,
  InventoryReport,
  ProductionReport,
  ReturnsReport,
  SalesReport,
} from '../../../domain/reports';
import { countOf } from '../../../domain/words';
import { formatDay, formatQuantity } from '../../components/format';
import { LoadingLine } from '../../components/LoadingLine';
import { StatCard } from '../../components/StatCard';
import { useReport } from './queries';
import { type Column, ReportTable } from './ReportTable';
import { ReturnsHistory } from './ReturnsHistory';
import { TrendChart } from './TrendChart';

interface TabProps {
  filter: string;
  timeZone: string;
}

const count = (value: number) => value.toLocaleString('en-NG');
const money = <T,>(header: string, value: (row: T) => number): Column<T> => ({
  header,
  text: (row) => formatNaira(value(row)),
  csv: (row) => csvAmount(value(row)),
  align: 'right',
});
const categoryLabel = (category: string) =>
  INVENTORY_CATEGORY_LABELS[category as InventoryCategory] ?? category;

/** Loads one tab's report, then shows it; the same three states on every tab. */
function ReportState<T>(props: {
  tab: string;
  filter: string;
  children: (report: T) => ReactNode;
}) {
  const report = useReport<T>(props.tab, props.filter);
  if (report.isPending) return <LoadingLine label="Loading report..." />;
  if (report.isError) return <Text c="red">Failed to load the report</Text>;
  return <Stack gap="lg">{props.children(report.data)}</Stack>;
}

export function ReturnsTab({ filter, timeZone }: TabProps) {
  return (
    <ReportState<ReturnsReport> tab="returns" filter={filter}>
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

const distributorColumns: Column<DistributorTotals>[] = [
  { header: 'Distributor', text: (row) => row.distributorName },
  money('Total Sales', (row) => row.totalSales),
  money('Payments', (row) => row.payments),
  money('Returns', (row) => row.returns),
  money('Balance', (row) => row.balance),
];

const balanceColumns: Column<DistributorTotals>[] = [
  { header: 'Distributor', text: (row) => row.distributorName },
  money('Sales', (row) => row.totalSales),
  money('Payments', (row) => row.payments),
  money('Returns', (row) => row.returns),
  money('Balance Owed', (row) => row.balance),
];

export function SalesTab({ filter }: TabProps) {
  return (
    <ReportState<SalesReport> tab="sales" filter={filter}>
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

export function ProductionTab({ filter, timeZone }: TabProps) {
  return (
    <ReportState<ProductionReport> tab="production" filter={filter}>
      {(report) => (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            <StatCard
              label="Total Batches"
              value={count(report.totalBatches)}
              icon={IconStack2}
              colour="orange"
            />
            <StatCard
              label="Completed"
              value={count(report.completed)}
              icon={IconChecks}
              colour="green"
            />
            <StatCard
              label="In Progress"
              value={count(report.inProgress)}
              icon={IconFlame}
              colour="blue"
            />
            <StatCard
              label="Total Loaves Produced"
              value={count(report.totalLoaves)}
              icon={IconBuildingFactory2}
              colour="grape"
            />
          </SimpleGrid>
          <TrendChart
            title="Flour used over time"
            label="Flour (kg)"
            points={report.trend}
            format={(value) => formatQuantity(value, 'kg')}
          />
          <ReportTable
            title="Production Batches"
            fileName="production-batches.csv"
            rows={report.batches}
            rowKey={(row) => row.id}
            empty="No production batches in these dates"
            columns={[
              {
                header: 'Date',
                text: (row) => (row.date ? formatDay(row.date, timeZone) : 'No date'),
              },
              { header: 'Recipe', text: (row) => row.recipeName },
              {
                header: 'Flour (kg)',
                text: (row) => formatQuantity(row.flourKg),
                csv: (row) => row.flourKg,
                align: 'right',
              },
              {
                header: 'Loaves Produced',
                text: (row) => (row.loavesProduced === null ? '-' : count(row.loavesProduced)),
                csv: (row) => row.loavesProduced ?? '-',
                align: 'right',
              },
              { header: 'Status', text: (row) => BATCH_STATUS_LABELS[row.status] },
            ]}
          />
        </>
      )}
    </ReportState>
  );
}

export function InventoryTab({ filter }: TabProps) {
  return (
    <ReportState<InventoryReport> tab="inventory" filter={filter}>
      {(report) => (
        <>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
            <StatCard
              label="Total Items"
              value={count(report.totalItems)}
              icon={IconPackage}
              colour="orange"
            />
            <StatCard
              label="Low Stock Items"
              value={count(report.lowStockCount)}
              icon={IconAlertTriangle}
              colour="red"
            />
            <StatCard
              label="Total Inventory Value"
              value={formatNaira(report.totalValue)}
              icon={IconScale}
              colour="green"
            />
          </SimpleGrid>
          {report.lowStock.length > 0 && (
            <ReportTable
              title="Low Stock Alerts"
              fileName="low-stock.csv"
              rows={report.lowStock}
              rowKey={(row) => row.id}
              empty=""
              columns={[
                { header: 'Item', text: (row) => row.name },
                { header: 'Category', text: (row) => categoryLabel(row.category) },
                {
                  header: 'Current Stock',
                  text: (row) => formatQuantity(row.currentStock),
                  csv: (row) => row.currentStock,
                  align: 'right',
                },
                {
                  header: 'Minimum Stock',
                  text: (row) => formatQuantity(row.minStock),
                  csv: (row) => row.minStock,
                  align: 'right',
                },
                { header: 'Unit', text: (row) => row.unit },
              ]}
            />
          )}
          <ReportTable
            title="Inventory Status"
            fileName="inventory-status.csv"
            rows={report.items}
            rowKey={(row) => row.id}
            empty="No inventory items yet"
            columns={[
              { header: 'Item', text: (row) => row.name },
              { header: 'Category', text: (row) => categoryLabel(row.category) },
              {
                header: 'Current Stock',
                text: (row) => formatQuantity(row.currentStock, row.unit),
                csv: (row) => row.currentStock,
                align: 'right',
              },
              {
                header: 'Unit Cost',
                text: (row) => formatNaira(row.unitCost),
                csv: (row) => row.unitCost,
                align: 'right',
              },
              money<InventoryReport['items'][number]>('Total Value', (row) => row.totalValue),
            ]}
          />
        </>
      )}
    </ReportState>
  );
}

export function FinancialTab({ filter }: TabProps) {
  return (
    <ReportState<FinancialReport> tab="financial" filter={filter}>
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
              {[
                ['Total Sales (Invoiced)', report.totalRevenue],
                ['Less: Returns', report.totalReturns],
                ['Net Sales', report.netSales],
                ['Cash Received', report.cashReceived],
                ['Outstanding Receivables', report.accountsReceivable],
              ].map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Td>{label}</Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {formatNaira(value as number)}
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
