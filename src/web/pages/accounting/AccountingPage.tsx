import { Badge, Button, Card, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCash, IconChartPie, IconReceipt, IconTrendingUp } from '@tabler/icons-react';
import { type ComponentProps, useState } from 'react';
import { ACCOUNTING_PERIODS, PERIOD_LABELS, type PeriodType } from '../../../domain/accounting';
import type { AccountingSummary } from '../../../domain/contracts/accounting';
import { formatNaira } from '../../../domain/money';
import { businessDate, DEFAULT_TIME_ZONE } from '../../../domain/time';
import { useAppInfo } from '../../auth/queries';
import { DateRangeInputs } from '../../components/DateRangeInputs';
import { formatCalendarDate } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { StatCard } from '../../components/StatCard';
import { AccountingDetails } from './AccountingDetails';
import {
  type AccountingFilter,
  useAccountingSummary,
  useExpenditures,
  useIncomePayments,
  useIncomeSales,
} from './queries';

/** Profit figures are green above 0, red below, grey at 0 (docs/screens/accounting.md). */
const profitColour = (value: number) => (value > 0 ? 'green' : value < 0 ? 'red' : 'gray');

const PERIOD_OPTIONS = [...ACCOUNTING_PERIODS, 'custom' as const].map((value) => ({
  value,
  label: PERIOD_LABELS[value],
}));

const ONE_DECIMAL = new Intl.NumberFormat('en-NG', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

const naira = (value: number | undefined) => (value === undefined ? '—' : formatNaira(value));

/** A figure coloured by its sign, or a dash while the figures load. */
function signed(value: number | undefined, text: string) {
  return (
    <Text span inherit c={value === undefined ? undefined : profitColour(value)}>
      {value === undefined ? '—' : text}
    </Text>
  );
}

/** Income, expenditure, profit and margin for the period. */
function summaryCards(figures: AccountingSummary | undefined): ComponentProps<typeof StatCard>[] {
  const profit = figures?.profit;
  return [
    {
      label: 'Total Income',
      value: naira(figures?.income.totalIncome),
      icon: IconCash,
      colour: 'green',
      note: 'Payments received from distributors',
    },
    {
      label: 'Total Expenditure',
      value: naira(figures?.expenditure.totalExpenditure),
      icon: IconReceipt,
      colour: 'red',
      note: 'Purchase orders and costs',
    },
    {
      label: 'Net Profit',
      value: signed(profit?.amount, naira(profit?.amount)),
      icon: IconTrendingUp,
      colour: 'blue',
      note: 'Income minus expenditure',
    },
    {
      label: 'Profit Margin',
      value: signed(profit?.margin, `${ONE_DECIMAL.format(profit?.margin ?? 0)}%`),
      icon: IconChartPie,
      colour: 'orange',
      note: 'Profit as % of income',
    },
  ];
}

export default function AccountingPage() {
  const timeZone = useAppInfo().data?.timeZone ?? DEFAULT_TIME_ZONE;
  const today = businessDate(new Date(), timeZone);
  const [period, setPeriod] = useState<PeriodType>('this_month');
  const [startDate, setStartDate] = useState<string | null>(null);
  const [endDate, setEndDate] = useState<string | null>(null);
  const [showDetails, setShowDetails] = useState(false);

  const filter: AccountingFilter =
    period !== 'custom' ? { period } : startDate && endDate ? { startDate, endDate } : null;
  const summary = useAccountingSummary(filter);
  const sales = useIncomeSales(filter, showDetails);
  const payments = useIncomePayments(filter, showDetails);
  const orders = useExpenditures(filter, showDetails);
  const figures = summary.data;

  return (
    <>
      <PageHeader title="Accounting" subtitle="View financial reports and analytics" />
      <Card withBorder radius="lg" p="lg" mb="lg">
        <Text fw={700} mb="sm">
          Report Filters
        </Text>
        <Group align="flex-end" gap="md" wrap="wrap">
          <Select
            label="Period"
            data={PERIOD_OPTIONS}
            value={period}
            allowDeselect={false}
            onChange={(value) => setPeriod((value as PeriodType | null) ?? 'this_month')}
            w={200}
          />
          {period === 'custom' && (
            <DateRangeInputs
              startDate={startDate}
              endDate={endDate}
              today={today}
              onStartChange={setStartDate}
              onEndChange={setEndDate}
            />
          )}
          <Button variant="default" onClick={() => setShowDetails((shown) => !shown)}>
            {showDetails ? 'Hide Details' : 'Show Details'}
          </Button>
        </Group>
        {figures && filter && (
          <Group gap="xs" mt="md">
            <Text fz="sm" data-testid="reporting-period">
              Reporting Period: {formatCalendarDate(figures.period.startDate)} to{' '}
              {formatCalendarDate(figures.period.endDate)}
            </Text>
            <Badge variant="light" color="orange" tt="none">
              {PERIOD_LABELS[figures.period.type]}
            </Badge>
          </Group>
        )}
      </Card>
      {filter === null ? (
        <Card withBorder radius="lg" p="xl">
          <Text c="dimmed" ta="center">
            Please select both start and end dates to view financial data for the custom range.
          </Text>
        </Card>
      ) : summary.isError ? (
        <Text c="red">Failed to fetch summary</Text>
      ) : (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, xs: 2, xl: 4 }} spacing="md">
            {summaryCards(figures).map((card) => (
              <StatCard key={card.label} {...card} />
            ))}
          </SimpleGrid>
          {showDetails && (
            <AccountingDetails
              filter={filter}
              timeZone={timeZone}
              sales={sales}
              payments={payments}
              orders={orders}
            />
          )}
        </Stack>
      )}
    </>
  );
}
