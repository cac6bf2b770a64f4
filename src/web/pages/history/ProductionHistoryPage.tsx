import { Box, Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconCalendarStats, IconChartBar, IconScale } from '@tabler/icons-react';
import type { ProductionBatch } from '../../../domain/contracts/production';
import type { ProductionHistorySummary } from '../../../domain/contracts/production-history';
import { durationHours } from '../../../domain/production';
import { DEFAULT_TIME_ZONE } from '../../../domain/time';
import { countOf } from '../../../domain/words';
import { useAppInfo } from '../../auth/queries';
import { formatDateTime, formatQuantity } from '../../components/format';
import { ListState, ShowMoreButton } from '../../components/ListState';
import { PageHeader } from '../../components/PageHeader';
import { StatCard } from '../../components/StatCard';
import { useCompletedBatches, useHistorySummary } from '../production/queries';

const ONE_DECIMAL = new Intl.NumberFormat('en-NG', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

function durationText(batch: ProductionBatch): string {
  const hours = durationHours(batch.startedAt, batch.completedAt);
  if (hours === null) return '—';
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

/** docs/screens/production-history.md: the change shows only when last month is above 0. */
function changeNote(summary: ProductionHistorySummary) {
  if (summary.changePercent === null) return 'No production last month';
  const sign = summary.changePercent > 0 ? '+' : '';
  return (
    <Text span fz="xs" c={summary.changePercent < 0 ? 'red' : 'green'} data-testid="month-change">
      {sign}
      {ONE_DECIMAL.format(summary.changePercent)}% vs last month
    </Text>
  );
}

export default function ProductionHistoryPage() {
  const summary = useHistorySummary();
  const batches = useCompletedBatches();
  const timeZone = useAppInfo().data?.timeZone ?? DEFAULT_TIME_ZONE;
  const list = batches.data?.pages.flat() ?? [];
  const figures = summary.data;

  return (
    <>
      <PageHeader title="Production History" subtitle="Track completed production batches" />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" mb="lg">
        <StatCard
          label="Total Production"
          value={figures ? formatQuantity(figures.totalKg, 'kg') : '—'}
          icon={IconScale}
          colour="orange"
          note={figures && countOf(figures.completedBatches, 'completed batch')}
        />
        <StatCard
          label="This Month"
          value={figures ? formatQuantity(figures.thisMonthKg, 'kg') : '—'}
          icon={IconCalendarStats}
          colour="blue"
          note={figures && changeNote(figures)}
        />
        <StatCard
          label="Average Batch Size"
          value={
            // "0" with no batch to average, not "0.0 kg" (docs/screens/production-history.md).
            figures
              ? figures.completedBatches === 0
                ? '0'
                : `${ONE_DECIMAL.format(figures.averageBatchKg)} kg`
              : '—'
          }
          icon={IconChartBar}
          colour="green"
        />
      </SimpleGrid>
      <ListState
        query={batches}
        isEmpty={list.length === 0}
        loading="Loading history..."
        failed="Failed to load production history"
        empty="No completed batches yet. Completed production batches appear here."
      >
        <Stack gap="md">
          <Card withBorder radius="lg" p={0} visibleFrom="sm">
            <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Batch</Table.Th>
                  <Table.Th>Recipe</Table.Th>
                  <Table.Th ta="right">Flour</Table.Th>
                  <Table.Th ta="right">Loaves</Table.Th>
                  <Table.Th>Completed</Table.Th>
                  <Table.Th ta="right">Duration</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((batch) => (
                  <Table.Tr key={batch.id} data-testid="history-row">
                    <Table.Td>{batch.batchNumber}</Table.Td>
                    <Table.Td fw={600}>{batch.recipeName}</Table.Td>
                    <Table.Td ta="right">{formatQuantity(batch.flourKg, 'kg')}</Table.Td>
                    <Table.Td ta="right">{batch.loavesProduced?.toLocaleString('en-NG')}</Table.Td>
                    <Table.Td>
                      {batch.completedAt && formatDateTime(batch.completedAt, timeZone)}
                    </Table.Td>
                    <Table.Td ta="right">{durationText(batch)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
          <Box hiddenFrom="sm">
            <Stack gap="sm">
              {list.map((batch) => (
                <Card key={batch.id} withBorder radius="lg" p="md" data-testid="history-card">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <div style={{ minWidth: 0 }}>
                      <Text fw={700}>{batch.recipeName}</Text>
                      <Text fz="sm" c="dimmed">
                        {batch.batchNumber}
                      </Text>
                    </div>
                    <Text fw={700}>{formatQuantity(batch.flourKg, 'kg')}</Text>
                  </Group>
                  <Text fz="sm" mt="xs">
                    {batch.loavesProduced !== null && countOf(batch.loavesProduced, 'loaf')} ·{' '}
                    {durationText(batch)}
                  </Text>
                  <Text fz="sm" c="dimmed">
                    Completed {batch.completedAt && formatDateTime(batch.completedAt, timeZone)}
                  </Text>
                </Card>
              ))}
            </Stack>
          </Box>
          <ShowMoreButton query={batches} label="Show more batches" />
        </Stack>
      </ListState>
    </>
  );
}
