import { SimpleGrid, Text } from '@mantine/core';
import { IconCash, IconChartPie, IconReceipt, IconTrendingUp } from '@tabler/icons-react';
import type { AccountingSummary } from '../../../domain/contracts/accounting';
import { formatNaira } from '../../../domain/money';
import { StatCard } from '../../components/StatCard';

/** Profit figures are green above 0, red below, grey at 0 (docs/screens/accounting.md). */
const profitColour = (value: number) => (value > 0 ? 'green' : value < 0 ? 'red' : 'gray');

const ONE_DECIMAL = new Intl.NumberFormat('en-NG', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

const naira = (value: number | undefined) => (value === undefined ? '—' : formatNaira(value));

/** Income, expenditure, profit and margin for the period; dashes while they load. */
export function SummaryCards({ figures }: { figures: AccountingSummary | undefined }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, xl: 4 }} spacing="md">
      <StatCard
        label="Total Income"
        value={naira(figures?.income.totalIncome)}
        icon={IconCash}
        colour="green"
        note="Payments received from distributors"
      />
      <StatCard
        label="Total Expenditure"
        value={naira(figures?.expenditure.totalExpenditure)}
        icon={IconReceipt}
        colour="red"
        note="Purchase orders and costs"
      />
      <StatCard
        label="Net Profit"
        value={
          <Text span inherit c={figures ? profitColour(figures.profit.amount) : undefined}>
            {naira(figures?.profit.amount)}
          </Text>
        }
        icon={IconTrendingUp}
        colour="blue"
        note="Income minus expenditure"
      />
      <StatCard
        label="Profit Margin"
        value={
          <Text span inherit c={figures ? profitColour(figures.profit.margin) : undefined}>
            {figures ? `${ONE_DECIMAL.format(figures.profit.margin)}%` : '—'}
          </Text>
        }
        icon={IconChartPie}
        colour="orange"
        note="Profit as % of income"
      />
    </SimpleGrid>
  );
}
