import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBread, IconReceipt, IconTruckDelivery } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { formatNaira } from '../../../domain/money';
import { DEFAULT_TIME_ZONE } from '../../../domain/time';
import { countOf } from '../../../domain/words';
import { useAppInfo } from '../../auth/queries';
import { useRights } from '../../auth/use-rights';
import { formatDateTime } from '../../components/format';
import { ListState } from '../../components/ListState';
import { AddButton } from '../../components/PageActions';
import { PageHeader } from '../../components/PageHeader';
import { StatCard } from '../../components/StatCard';
import { useCreateIntent } from '../../components/use-create-intent';
import { useAvailableLoaves, useRecentSales, useSalesSummary } from './queries';
import { SaleDialog } from './SaleDialog';

const count = (value: number | undefined) =>
  value === undefined ? '—' : value.toLocaleString('en-NG');

export default function SalesPage() {
  const summary = useSalesSummary();
  const available = useAvailableLoaves();
  const recent = useRecentSales();
  const rights = useRights('sales');
  const timeZone = useAppInfo().data?.timeZone ?? DEFAULT_TIME_ZONE;
  const intent = useCreateIntent('/sales', 'sales');
  const [recording, setRecording] = useState(intent.requested);

  return (
    <>
      <PageHeader
        title="Sales Management"
        subtitle="Record sales transactions and track available inventory"
        actions={
          rights.canWrite && <AddButton label="Record Sale" onClick={() => setRecording(true)} />
        }
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" mb="lg">
        <StatCard
          label="Available Loaves"
          value={count(summary.data?.totalAvailable)}
          icon={IconBread}
          colour="orange"
          note={
            (summary.data?.totalStale ?? 0) > 0 && (
              <Anchor component={Link} href="/waste" fz="xs" c="red.8" underline="always" fw={600}>
                {countOf(summary.data?.totalStale ?? 0, 'stale loaf')} on the shelf
              </Anchor>
            )
          }
        />
        <StatCard
          label="Total Sold"
          value={count(summary.data?.totalSold)}
          icon={IconTruckDelivery}
          colour="green"
        />
        <StatCard
          label="Sales Transactions"
          value={count(summary.data?.transactionCount)}
          icon={IconReceipt}
          colour="blue"
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder radius="lg" p="lg">
          <Title order={2} fz="lg" mb="md">
            Available Loaves
          </Title>
          <ListState
            query={available}
            isEmpty={available.data?.length === 0}
            loading="Loading loaves..."
            failed="Failed to load available loaves"
            empty="No loaves available from production"
          >
            <Stack gap="sm">
              {available.data?.map((entry) => (
                <Group
                  key={entry.recipeName}
                  justify="space-between"
                  wrap="nowrap"
                  data-testid="available-loaves"
                >
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600}>{entry.recipeName}</Text>
                    <Text fz="sm" c="dimmed">
                      From {countOf(entry.batches.length, 'batch')}
                      {entry.staleLoaves > 0 && (
                        <>
                          {' · '}
                          <Anchor
                            component={Link}
                            href="/waste"
                            fz="sm"
                            c="red.8"
                            underline="always"
                            fw={600}
                            aria-label={`${entry.staleLoaves.toLocaleString('en-NG')} stale loaves of ${entry.recipeName}: write them off on the Waste page`}
                          >
                            {entry.staleLoaves.toLocaleString('en-NG')} stale
                          </Anchor>
                        </>
                      )}
                    </Text>
                  </div>
                  <Badge
                    variant="light"
                    color="orange"
                    tt="none"
                    size="lg"
                    style={{ flexShrink: 0 }}
                  >
                    {countOf(entry.totalAvailable, 'loaf')}
                  </Badge>
                </Group>
              ))}
            </Stack>
          </ListState>
        </Card>
        <Card withBorder radius="lg" p="lg">
          <Title order={2} fz="lg" mb="md">
            Recent Sales
          </Title>
          <ListState
            query={recent}
            isEmpty={recent.data?.length === 0}
            loading="Loading sales..."
            failed="Failed to load sales"
            empty="No sales transactions yet"
          >
            <Stack gap="sm">
              {recent.data?.map((sale) => (
                <Group
                  key={sale.id}
                  justify="space-between"
                  wrap="nowrap"
                  align="flex-start"
                  data-testid="recent-sale"
                >
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600}>{sale.distributorName ?? 'Unknown Distributor'}</Text>
                    <Text fz="sm" c="dimmed">
                      {sale.loavesTaken.toLocaleString('en-NG')} × {sale.recipeName} ·{' '}
                      {formatDateTime(sale.createdAt, timeZone)}
                    </Text>
                  </div>
                  <div style={{ textAlign: 'right', flexShrink: 0 }}>
                    <Text fw={700}>{formatNaira(sale.value)}</Text>
                    <Text fz="sm" c="dimmed">
                      Paid {formatNaira(sale.amountPaid)}
                    </Text>
                  </div>
                </Group>
              ))}
            </Stack>
          </ListState>
        </Card>
      </SimpleGrid>
      <SaleDialog
        opened={recording}
        onClose={() => {
          setRecording(false);
          intent.done();
        }}
      />
    </>
  );
}
