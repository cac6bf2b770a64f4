import { Anchor, Button, Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { IconBreadOff, IconCoins, IconDownload, IconPercentage } from '@tabler/icons-react';
import { Link } from 'wouter';
import type { WasteReport } from '../../../domain/contracts/reports';
import { formatNaira } from '../../../domain/money';
import { WASTE_REASON_LABELS } from '../../../domain/waste';
import { countOf } from '../../../domain/words';
import { formatPercent } from '../../components/format';
import { StatCard } from '../../components/StatCard';
import { wasteCsvUrl } from './queries';
import { count, money, ReportState, type TabProps } from './ReportState';
import type { Column } from './ReportTable';
import { ReportTable } from './ReportTable';

type BreadRow = WasteReport['byBread'][number];
type ReasonRow = WasteReport['byReason'][number];

const loavesColumn = <T extends { loaves: number }>(header: string): Column<T> => ({
  header,
  text: (row) => count(row.loaves),
  csv: (row) => row.loaves,
  align: 'right',
});

const breadColumns: Column<BreadRow>[] = [
  { header: 'Bread Type', text: (row) => row.recipeName },
  loavesColumn('Loaves Wasted'),
  money('Cost', (row) => row.cost),
  {
    header: 'Loaves Baked',
    text: (row) => count(row.loavesBaked),
    csv: (row) => row.loavesBaked,
    align: 'right',
  },
  {
    header: '% of Production',
    text: (row) => formatPercent(row.percentOfProduction),
    align: 'right',
  },
];

const reasonColumns: Column<ReasonRow>[] = [
  { header: 'Reason', text: (row) => WASTE_REASON_LABELS[row.reason] },
  loavesColumn('Loaves'),
  money('Cost', (row) => row.cost),
];

/** Every write-off of the dates, one a line, from the server (the tables hold only sums). */
function WriteOffsExport({ filter, empty }: { filter: string; empty: boolean }) {
  const fileName = 'waste.csv';
  return (
    <Card withBorder radius="lg" p="lg">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Title order={2} fz="md">
            All Write-offs
          </Title>
          <Text fz="sm" c="dimmed">
            Every write-off of these dates, then the total.{' '}
            <Anchor component={Link} href="/waste" fz="sm" underline="always">
              Open the Waste page
            </Anchor>
          </Text>
        </div>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={14} aria-hidden />}
          disabled={empty}
          aria-label="Download All Write-offs as CSV"
          {...(empty ? {} : { component: 'a', href: wasteCsvUrl(filter), download: fileName })}
        >
          CSV
        </Button>
      </Group>
    </Card>
  );
}

/** The Waste tab (docs/screens/reports.md#waste): loaves written off, their cost, against the loaves baked. */
export function WasteTab({ filter }: TabProps) {
  return (
    <ReportState tab="waste" filter={filter}>
      {(report) => (
        <>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
            <StatCard
              label="Loaves Wasted"
              value={count(report.totalLoaves)}
              note={`of ${countOf(report.loavesBaked, 'loaf')} baked`}
              icon={IconBreadOff}
              colour="red"
            />
            <StatCard
              label="Cost of Waste"
              value={formatNaira(report.totalCost)}
              note="Ingredients of the loaves written off"
              icon={IconCoins}
              colour="orange"
            />
            <StatCard
              label="Waste % of Production"
              value={formatPercent(report.percentOfProduction)}
              note="Loaves wasted ÷ loaves baked"
              icon={IconPercentage}
              colour="grape"
            />
          </SimpleGrid>
          <ReportTable
            title="Waste by Bread"
            fileName="waste-by-bread.csv"
            rows={report.byBread}
            rowKey={(row) => row.recipeName}
            empty="No loaves written off in these dates"
            columns={breadColumns}
          />
          <ReportTable
            title="Waste by Reason"
            fileName="waste-by-reason.csv"
            rows={report.byReason}
            rowKey={(row) => row.reason}
            empty="No loaves written off in these dates"
            columns={reasonColumns}
          />
          <WriteOffsExport filter={filter} empty={report.totalLoaves === 0} />
        </>
      )}
    </ReportState>
  );
}
