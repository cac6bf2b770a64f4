import { SimpleGrid } from '@mantine/core';
import { IconBuildingFactory2, IconChecks, IconFlame, IconStack2 } from '@tabler/icons-react';
import { BATCH_STATUS_LABELS } from '../../../domain/production-schemas';
import { formatDay, formatQuantity } from '../../components/format';
import { StatCard } from '../../components/StatCard';
import { count, ReportState, type TabProps } from './ReportState';
import { ReportTable } from './ReportTable';
import { TrendChart } from './TrendChart';

export function ProductionTab({ filter, timeZone }: TabProps) {
  return (
    <ReportState tab="production" filter={filter}>
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
