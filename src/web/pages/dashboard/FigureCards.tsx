import { SimpleGrid } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBreadOff,
  IconBuildingFactory2,
  IconCash,
  IconClock,
  IconCurrencyNaira,
} from '@tabler/icons-react';
import type { DashboardSummary } from '../../../domain/contracts/dashboard';
import { formatNaira } from '../../../domain/money';
import { countOf } from '../../../domain/words';
import { formatPercent, formatQuantity } from '../../components/format';
import { StatCard } from '../../components/StatCard';

/** "12 loaves · 2.5% of production", or with no loaves baked this month, no share. */
function wasteNote(waste: NonNullable<DashboardSummary['sales']>['wasteThisMonth']) {
  const loaves = countOf(waste.loaves, 'loaf');
  return waste.percentOfProduction === null
    ? `${loaves} · none baked this month`
    : `${loaves} · ${formatPercent(waste.percentOfProduction)} of production`;
}

/** The dashboard's figures: a card for each part of the summary the user may read. */
export function FigureCards({ figures }: { figures: DashboardSummary }) {
  const { inventory, production, purchaseOrders, sales, moneyOwed } = figures;
  return (
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
          note={inventory.lowStockCount > 0 ? 'Requires immediate attention' : 'All items in stock'}
        />
      )}
      {production && (
        <StatCard
          label="Today's Production"
          value={`${formatQuantity(production.todaysFlourKg)} kg`}
          icon={IconBuildingFactory2}
          colour="orange"
          note={`Flour in ${countOf(production.todaysBatchCount, 'batch')} today`}
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
      {sales && (
        <StatCard
          label="Today's Sales"
          value={formatNaira(sales.todaysSalesValue)}
          icon={IconCash}
          colour="green"
          note={`${countOf(sales.todaysSaleCount, 'sale')} · ${countOf(sales.todaysLoavesSold, 'loaf')}`}
        />
      )}
      {sales && (
        <StatCard
          label="Waste this month"
          value={formatNaira(sales.wasteThisMonth.cost)}
          icon={IconBreadOff}
          colour="red"
          note={wasteNote(sales.wasteThisMonth)}
        />
      )}
      {moneyOwed && (
        <StatCard
          label="Money Owed"
          value={formatNaira(moneyOwed.total)}
          icon={IconCurrencyNaira}
          colour="red"
          note={
            moneyOwed.distributorCount === 0
              ? 'No distributor owes'
              : `By ${countOf(moneyOwed.distributorCount, 'distributor')}`
          }
        />
      )}
    </SimpleGrid>
  );
}
