import { Badge, Button, Card, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCash, IconChartPie, IconReceipt, IconTrendingUp } from '@tabler/icons-react';
import { useState } from 'react';
import { ACCOUNTING_PERIODS, PERIOD_LABELS, type PeriodType } from '../../../domain/accounting';
import { PAYMENT_METHOD_LABELS } from '../../../domain/distributor-schemas';
import { formatNaira } from '../../../domain/money';
import { businessDate, DEFAULT_TIME_ZONE } from '../../../domain/time';
import { countOf } from '../../../domain/words';
import { useAppInfo } from '../../auth/queries';
import { DateRangeInputs } from '../../components/DateRangeInputs';
import { formatCalendarDate, formatDay } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { StatCard } from '../../components/StatCard';
import { DetailsCard, DetailsList } from './DetailsCard';
import {
  type AccountingFilter,
  accountingCsvUrl,
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
  const naira = (value: number | undefined) => (value === undefined ? '—' : formatNaira(value));

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
          {showDetails && (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <DetailsCard title="Income Details">
                <DetailsList
                  heading="Sales Transactions"
                  pages={sales}
                  failed="Failed to fetch income"
                  empty="No sales transactions in this period"
                  lines={sales.data?.pages.flatMap((page) =>
                    page.transactions.map((sale) => ({
                      id: sale.id,
                      title: sale.recipeName,
                      subtitle: `${countOf(sale.loavesTaken, 'loaf')} @ ${formatNaira(sale.pricePerLoaf)}`,
                      date: formatDay(sale.date, timeZone),
                      amount: sale.amount,
                    })),
                  )}
                  count={sales.data?.pages[0]?.count ?? 0}
                  csvHref={accountingCsvUrl('salesCsv', filter)}
                  totalLabel="Total Sales Income:"
                  total={sales.data?.pages[0]?.totalAmount}
                />
                <DetailsList
                  heading="Distributor Payments"
                  pages={payments}
                  failed="Failed to fetch income"
                  empty="No distributor payments in this period"
                  lines={payments.data?.pages.flatMap((page) =>
                    page.records.map((payment) => ({
                      id: payment.id,
                      title: payment.distributorName ?? 'Unknown Distributor',
                      subtitle: PAYMENT_METHOD_LABELS[payment.paymentMethod],
                      date: formatDay(payment.date, timeZone),
                      amount: payment.amount,
                    })),
                  )}
                  count={payments.data?.pages[0]?.count ?? 0}
                  csvHref={accountingCsvUrl('paymentsCsv', filter)}
                  totalLabel="Total Payments:"
                  total={payments.data?.pages[0]?.totalAmount}
                />
              </DetailsCard>
              <DetailsCard title="Expenditure Details">
                <DetailsList
                  heading="Purchase Orders"
                  pages={orders}
                  failed="Failed to fetch expenditures"
                  empty="No expenditures in this period"
                  lines={orders.data?.pages.flatMap((page) =>
                    page.expenditures.map((order) => ({
                      id: order.id,
                      title: order.orderNumber,
                      subtitle: order.supplier,
                      date: formatDay(order.date, timeZone),
                      amount: order.amount,
                    })),
                  )}
                  count={orders.data?.pages[0]?.count ?? 0}
                  csvHref={accountingCsvUrl('expendituresCsv', filter)}
                  totalLabel="Total Expenditures:"
                  total={orders.data?.pages[0]?.totalAmount}
                />
              </DetailsCard>
            </SimpleGrid>
          )}
        </Stack>
      )}
    </>
  );
}
