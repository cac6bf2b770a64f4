import { Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBuildingFactory2,
  IconChartBar,
  IconChefHat,
  IconClock,
  IconCurrencyNaira,
  IconShoppingCart,
} from '@tabler/icons-react';
import { type ReactNode, useDeferredValue } from 'react';
import { Link, useLocation } from 'wouter';
import { formatNaira } from '../../../domain/money';
import { DEFAULT_TIME_ZONE } from '../../../domain/time';
import { notifySuccess } from '../../api/notify';
import { useAppInfo } from '../../auth/queries';
import { useRights } from '../../auth/use-rights';
import { formatDateTime, formatQuantity } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { StatCard } from '../../components/StatCard';
import { BatchStatusBadge } from '../production/BatchStatusBadge';
import { OrderStatusBadge } from '../purchases/OrderStatusBadge';
import { useDashboardSummary } from './queries';

const QUICK_ACTIONS = [
  { label: 'New Production', href: '/production', icon: IconBuildingFactory2 },
  { label: 'Purchase Order', href: '/purchases', icon: IconShoppingCart },
  { label: 'New Recipe', href: '/recipes', icon: IconChefHat },
  { label: 'View Reports', href: '/reports', icon: IconChartBar },
];

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
  const timeZone = useAppInfo().data?.timeZone ?? DEFAULT_TIME_ZONE;
  const [, navigate] = useLocation();
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
  const { inventory, production, purchaseOrders } = figures;

  const reorder = (itemId: string) => {
    notifySuccess('Reorder Initiated', 'Purchase order process started for this item');
    navigate(`/purchases?reorder=${itemId}`);
  };

  return (
    <>
      <PageHeader title="Dashboard" subtitle="Overview of bakery operations" />
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md" mb="lg">
        {inventory && (
          <StatCard
            label="Total Inventory Value"
            value={formatNaira(inventory.totalValue)}
            icon={IconCurrencyNaira}
            colour="green"
          />
        )}
        {inventory && (
          <StatCard
            label="Low Stock Items"
            value={inventory.lowStockCount}
            icon={IconAlertTriangle}
            colour={inventory.lowStockCount > 0 ? 'red' : 'green'}
            note={
              inventory.lowStockCount > 0 ? 'Requires immediate attention' : 'All items in stock'
            }
          />
        )}
        {production && (
          <StatCard
            label="Today's Production"
            value={`${formatQuantity(production.todaysFlourKg)} kg`}
            icon={IconBuildingFactory2}
            colour="orange"
            note="Flour in today's batches"
          />
        )}
        {purchaseOrders && (
          <StatCard
            label="Pending Orders"
            value={purchaseOrders.pendingCount}
            icon={IconClock}
            colour="yellow"
            note="Awaiting delivery"
          />
        )}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {inventory && (
          <ListCard title="Low Stock Alerts">
            {inventory.lowStockItems.length === 0 ? (
              <Text c="dimmed">All items in stock</Text>
            ) : (
              <Stack gap="sm">
                {inventory.lowStockItems.map((item) => (
                  <Group
                    key={item.id}
                    justify="space-between"
                    wrap="nowrap"
                    data-testid="low-stock-alert"
                  >
                    <div>
                      <Text fw={600}>{item.name}</Text>
                      <Text fz="sm" c="dimmed">
                        {formatQuantity(item.currentStock, item.unit)} left · minimum{' '}
                        {formatQuantity(item.minStock, item.unit)}
                      </Text>
                    </div>
                    {canOrder && (
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        onClick={() => reorder(item.id)}
                      >
                        Reorder
                      </Button>
                    )}
                  </Group>
                ))}
              </Stack>
            )}
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
        <ListCard title="Quick Actions">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {QUICK_ACTIONS.map((action) => (
              <Button
                key={action.href}
                component={Link}
                href={action.href}
                variant="light"
                leftSection={<action.icon size={18} aria-hidden />}
              >
                {action.label}
              </Button>
            ))}
          </SimpleGrid>
        </ListCard>
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
