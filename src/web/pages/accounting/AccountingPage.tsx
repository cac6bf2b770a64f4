import { Badge, Button, Card, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
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
import { DetailsCard, DetailsList } from './DetailsCard';
import {
  type AccountingFilter,
  accountingCsvUrl,
  useAccountingSummary,
  useExpenditures,
  useIncomePayments,
  useIncomeSales,
} from './queries';
import { SummaryCards } from './SummaryCards';

const PERIOD_OPTIONS = [...ACCOUNTING_PERIODS, 'custom' as const].map((value) => ({
  value,
  label: PERIOD_LABELS[value],
}));

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
          <SummaryCards figures={figures} />
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
