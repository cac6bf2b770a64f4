import { SimpleGrid } from '@mantine/core';
import { IconAlertTriangle, IconPackage, IconScale } from '@tabler/icons-react';
import type { InventoryReport } from '../../../domain/contracts/reports';
import { formatNaira } from '../../../domain/money';
import { formatQuantity } from '../../components/format';
import { StatCard } from '../../components/StatCard';
import { categoryLabel, count, money, ReportState, type TabProps } from './ReportState';
import { ReportTable } from './ReportTable';

export function InventoryTab({ filter }: TabProps) {
  return (
    <ReportState tab="inventory" filter={filter}>
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
