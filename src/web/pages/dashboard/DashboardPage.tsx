import { Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconBuildingFactory2,
  IconChartBar,
  IconChefHat,
  IconReceipt,
  IconShoppingCart,
} from '@tabler/icons-react';
import { type ReactNode, useDeferredValue } from 'react';
import { Link } from 'wouter';
import { type QuickAction, quickActions } from '../../../domain/dashboard';
import { formatNaira } from '../../../domain/money';
import { DEFAULT_TIME_ZONE } from '../../../domain/time';
import { countOf } from '../../../domain/words';
import { useAppInfo, useCurrentUser } from '../../auth/queries';
import { useRights } from '../../auth/use-rights';
import { formatDateTime, formatQuantity } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { BatchStatusBadge } from '../production/BatchStatusBadge';
import { OrderStatusBadge } from '../purchases/OrderStatusBadge';
import { FigureCards } from './FigureCards';
import { LowStockAlerts } from './LowStockAlerts';
import { OverdueList } from './OverdueList';
import { useDashboardSummary } from './queries';

const ACTION_ICONS: Record<QuickAction['label'], typeof IconChartBar> = {
  'New Production': IconBuildingFactory2,
  'Record Sale': IconReceipt,
  'Purchase Order': IconShoppingCart,
  'New Recipe': IconChefHat,
  'View Reports': IconChartBar,
};

function ListCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" p="lg">
      <Title order={2} fz="lg" mb="md">
        {title}
      </Title>
      {children}
    </Card>
  );
}

export default function DashboardPage() {
  const summary = useDashboardSummary();
  const canOrder = useRights('purchase_orders').canWrite;
  const user = useCurrentUser().data;
  const actions = user ? quickActions(user) : [];
  const timeZone = useAppInfo().data?.timeZone ?? DEFAULT_TIME_ZONE;
  // The cards are drawn as interruptible background work when the figures arrive,
  // instead of one long task just as the page becomes usable.
  const figures = useDeferredValue(summary.data);

  if (summary.isError) {
    return (
      <>
        <PageHeader title="Dashboard" subtitle="Overview of bakery operations" />
        <Text c="red">Failed to load the dashboard</Text>
      </>
    );
  }
  if (!figures) {
    return (
      <>
        <PageHeader title="Dashboard" subtitle="Overview of bakery operations" />
        <Center mih="30vh">
          <Stack align="center" gap="xs">
            <Loader color="orange" />
            <Text c="dimmed">Loading dashboard...</Text>
          </Stack>
        </Center>
      </>
    );
  }
  const { inventory, production, purchaseOrders, sales, moneyOwed } = figures;

  return (
    <>
      <PageHeader title="Dashboard" subtitle="Overview of bakery operations" />
      <FigureCards figures={figures} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {inventory && (
          <ListCard title="Low Stock Alerts">
            <LowStockAlerts items={inventory.lowStockItems} canOrder={canOrder} />
          </ListCard>
        )}
        {production && (
          <ListCard title="Recent Production Batches">
            {production.recentBatches.length === 0 ? (
              <Text c="dimmed">No production batches yet</Text>
            ) : (
              <Stack gap="sm">
                {production.recentBatches.map((batch) => (
                  <Group key={batch.id} justify="space-between" wrap="nowrap">
                    <div>
                      <Text fw={600}>{batch.recipeName}</Text>
                      <Text fz="sm" c="dimmed">
                        {batch.batchNumber} · {formatQuantity(batch.flourKg)} kg ·{' '}
                        {formatDateTime(batch.createdAt, timeZone)}
                      </Text>
                    </div>
                    <BatchStatusBadge status={batch.status} />
                  </Group>
                ))}
              </Stack>
            )}
          </ListCard>
        )}
        {sales && (
          <ListCard title="Loaves Available">
            {sales.loavesAvailable.length === 0 ? (
              <Text c="dimmed">No loaves to sell</Text>
            ) : (
              <Stack gap="xs">
                {sales.loavesAvailable.map((bread) => (
                  <Group
                    key={bread.recipeName}
                    justify="space-between"
                    data-testid="loaves-available"
                  >
                    <Text fw={600}>{bread.recipeName}</Text>
                    <Text>{countOf(bread.loaves, 'loaf')}</Text>
                  </Group>
                ))}
              </Stack>
            )}
          </ListCard>
        )}
        {moneyOwed && (
          <ListCard title="Overdue">
            <OverdueList moneyOwed={moneyOwed} />
          </ListCard>
        )}
        {actions.length > 0 && (
          <ListCard title="Quick Actions">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              {actions.map((action) => {
                const Icon = ACTION_ICONS[action.label];
                return (
                  <Button
                    key={action.href}
                    component={Link}
                    href={action.href}
                    variant="light"
                    leftSection={<Icon size={18} aria-hidden />}
                  >
                    {action.label}
                  </Button>
                );
              })}
            </SimpleGrid>
          </ListCard>
        )}
        {purchaseOrders && (
          <ListCard title="Pending Purchase Orders">
            {purchaseOrders.pendingOrders.length === 0 ? (
              <Text c="dimmed">No pending orders</Text>
            ) : (
              <Stack gap="sm">
                {purchaseOrders.pendingOrders.map((order) => (
                  <Group key={order.id} justify="space-between" wrap="nowrap">
                    <div>
                      <Text fw={600}>{order.supplier}</Text>
                      <Text fz="sm" c="dimmed">
                        {order.orderNumber} · {formatNaira(order.totalAmount)}
                      </Text>
                    </div>
                    <OrderStatusBadge status={order.status} />
                  </Group>
                ))}
              </Stack>
            )}
          </ListCard>
        )}
      </SimpleGrid>
    </>
  );
}
