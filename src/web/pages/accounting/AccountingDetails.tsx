import { SimpleGrid } from '@mantine/core';
import type { AccountingQuery } from '../../../domain/accounting';
import { PAYMENT_METHOD_LABELS } from '../../../domain/distributor-schemas';
import { formatNaira } from '../../../domain/money';
import { countOf } from '../../../domain/words';
import { formatDay } from '../../components/format';
import { DetailsCard, DetailsList } from './DetailsCard';
import {
  accountingCsvUrl,
  type useExpenditures,
  type useIncomePayments,
  type useIncomeSales,
} from './queries';

/** The period's sales, payments and purchase orders, each paged, with its CSV and total. */
export function AccountingDetails({
  filter,
  timeZone,
  sales,
  payments,
  orders,
}: {
  filter: AccountingQuery;
  timeZone: string;
  sales: ReturnType<typeof useIncomeSales>;
  payments: ReturnType<typeof useIncomePayments>;
  orders: ReturnType<typeof useExpenditures>;
}) {
  return (
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
  );
}
