import { and, desc, eq, ne } from 'drizzle-orm';
import {
  type AccountingQuery,
  type ExpendituresQuery,
  type IncomeQuery,
  periodRange,
  profitOf,
} from '../../../domain/accounting';
import type {
  AccountingExpenditures,
  AccountingIncome,
  AccountingPeriodInfo,
  AccountingSummary,
  Expenditure,
  IncomePayment,
  IncomeSale,
} from '../../../domain/contracts/accounting';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../domain/distributor-schemas';
import { formatNaira, sumNaira } from '../../../domain/money';
import { businessDate, businessDateRange } from '../../../domain/time';
import { countOf } from '../../../domain/words';
import { EXPORT_PAGE, everyPage, withTotal } from '../../csv-export';
import type { Database } from '../../db/connection';
import { inRange } from '../../db/date-range';
import { cursorOf, olderThan, pageOf } from '../../db/keyset';
import {
  distributorPayments,
  distributors,
  purchaseOrders,
  salesTransactions,
} from '../../db/schema';
import { badRequest } from '../../errors';
import { cashReceived, expenditure } from '../accounts/service';

interface Range {
  period: AccountingPeriodInfo;
  start: Date;
  end: Date;
}

/**
 * The period's dates and the instants they span in the bakery's time zone.
 * Custom dates may not be after today (docs/rules/bakery-day.md, Periods).
 */
export function resolveRange(query: AccountingQuery, timeZone: string, now = new Date()): Range {
  const today = businessDate(now, timeZone);
  let period: AccountingPeriodInfo;
  if (query.startDate && query.endDate) {
    for (const [path, value] of [
      ['startDate', query.startDate],
      ['endDate', query.endDate],
    ] as const) {
      if (value > today) {
        const message = `${path === 'startDate' ? 'Start' : 'End'} date cannot be in the future`;
        throw badRequest(message, [{ path, message }]);
      }
    }
    period = { type: 'custom', startDate: query.startDate, endDate: query.endDate };
  } else {
    const type = query.period ?? 'this_month';
    period = { type, ...periodRange(type, today) };
  }
  return {
    period,
    start: businessDateRange(period.startDate, timeZone).start,
    end: businessDateRange(period.endDate, timeZone).end,
  };
}

const ORDERS_IN_RANGE = (range: Range) =>
  and(ne(purchaseOrders.status, 'cancelled'), inRange(purchaseOrders.orderDate, range));

/** The range as bakery days, for the roll-ups. */
const daysOf = (range: Range) => ({ from: range.period.startDate, to: range.period.endDate });

/**
 * Cash basis (docs/screens/accounting.md): income is cash received (paid at sale
 * plus payments); expenditure is orders placed.
 */
export async function accountingSummary(
  db: Database,
  query: AccountingQuery,
  timeZone: string,
): Promise<AccountingSummary> {
  const range = resolveRange(query, timeZone);
  const { atSale: sales, payments } = await cashReceived(db, daysOf(range));
  const orders = await expenditure(db, daysOf(range));
  const totalIncome = sumNaira([sales.total, payments.total]);
  return {
    period: range.period,
    income: {
      totalIncome,
      salesIncome: sales.total,
      paymentsIncome: payments.total,
    },
    expenditure: { totalExpenditure: orders.total },
    profit: profitOf(totalIncome, orders.total),
  };
}

type Listed<T> = T & { cursor: string };

// The lists below select only the columns a row shows: on the embedded
// database every value returned costs its parsing (an order's items too).

/** Sales in the range after a cursor, newest first: what the income lists and exports. */
async function salesAfter(db: Database, range: Range, before: string | undefined, limit: number) {
  const rows = await db
    .select({
      sale: {
        id: salesTransactions.id,
        recipeName: salesTransactions.recipeName,
        loavesTaken: salesTransactions.loavesTaken,
        pricePerLoaf: salesTransactions.pricePerLoaf,
        createdAt: salesTransactions.createdAt,
        amountPaid: salesTransactions.amountPaid,
      },
      distributorName: distributors.name,
      cursor: cursorOf(salesTransactions.createdAt, salesTransactions.id),
    })
    .from(salesTransactions)
    .leftJoin(distributors, eq(distributors.id, salesTransactions.distributorId))
    .where(
      and(
        inRange(salesTransactions.createdAt, range),
        olderThan(salesTransactions.createdAt, salesTransactions.id, before),
      ),
    )
    .orderBy(desc(salesTransactions.createdAt), desc(salesTransactions.id))
    .limit(limit);
  return rows.map(
    ({ sale, distributorName, cursor }): Listed<IncomeSale> => ({
      id: sale.id,
      recipeName: sale.recipeName,
      distributorName,
      loavesTaken: sale.loavesTaken,
      pricePerLoaf: sale.pricePerLoaf,
      date: sale.createdAt.toISOString(),
      amount: sale.amountPaid,
      cursor,
    }),
  );
}

async function paymentsAfter(
  db: Database,
  range: Range,
  before: string | undefined,
  limit: number,
) {
  const rows = await db
    .select({
      payment: {
        id: distributorPayments.id,
        paymentMethod: distributorPayments.paymentMethod,
        createdAt: distributorPayments.createdAt,
        amount: distributorPayments.amount,
      },
      distributorName: distributors.name,
      cursor: cursorOf(distributorPayments.createdAt, distributorPayments.id),
    })
    .from(distributorPayments)
    .leftJoin(distributors, eq(distributors.id, distributorPayments.distributorId))
    .where(
      and(
        inRange(distributorPayments.createdAt, range),
        olderThan(distributorPayments.createdAt, distributorPayments.id, before),
      ),
    )
    .orderBy(desc(distributorPayments.createdAt), desc(distributorPayments.id))
    .limit(limit);
  return rows.map(
    ({ payment, distributorName, cursor }): Listed<IncomePayment> => ({
      id: payment.id,
      distributorName,
      paymentMethod: payment.paymentMethod as PaymentMethod,
      date: payment.createdAt.toISOString(),
      amount: payment.amount,
      cursor,
    }),
  );
}

async function ordersAfter(db: Database, range: Range, before: string | undefined, limit: number) {
  const rows = await db
    .select({
      order: {
        id: purchaseOrders.id,
        orderNumber: purchaseOrders.orderNumber,
        supplier: purchaseOrders.supplier,
        orderDate: purchaseOrders.orderDate,
        totalAmount: purchaseOrders.totalAmount,
      },
      cursor: cursorOf(purchaseOrders.orderDate, purchaseOrders.id),
    })
    .from(purchaseOrders)
    .where(
      and(ORDERS_IN_RANGE(range), olderThan(purchaseOrders.orderDate, purchaseOrders.id, before)),
    )
    .orderBy(desc(purchaseOrders.orderDate), desc(purchaseOrders.id))
    .limit(limit);
  return rows.map(
    ({ order, cursor }): Listed<Expenditure> => ({
      id: order.id,
      orderNumber: order.orderNumber,
      supplier: order.supplier,
      date: order.orderDate.toISOString(),
      amount: order.totalAmount,
      cursor,
    }),
  );
}

/** The income details: each list a page after its own cursor, with the period's count and total. */
export async function accountingIncome(
  db: Database,
  query: IncomeQuery,
  timeZone: string,
): Promise<AccountingIncome> {
  const range = resolveRange(query, timeZone);
  const { limit } = query;
  const { atSale: salesSum, payments: paymentsSum } = await cashReceived(db, daysOf(range));
  const sales = pageOf(await salesAfter(db, range, query.salesBefore, limit + 1), limit);
  const payments = pageOf(await paymentsAfter(db, range, query.paymentsBefore, limit + 1), limit);
  return {
    period: range.period,
    sales: {
      transactions: sales.rows,
      count: salesSum.count,
      totalAmount: salesSum.total,
      ...(sales.nextCursor ? { nextCursor: sales.nextCursor } : {}),
    },
    payments: {
      records: payments.rows,
      count: paymentsSum.count,
      totalAmount: paymentsSum.total,
      ...(payments.nextCursor ? { nextCursor: payments.nextCursor } : {}),
    },
  };
}

export async function accountingExpenditures(
  db: Database,
  query: ExpendituresQuery,
  timeZone: string,
): Promise<AccountingExpenditures> {
  const range = resolveRange(query, timeZone);
  const sum = await expenditure(db, daysOf(range));
  const orders = pageOf(await ordersAfter(db, range, query.before, query.limit + 1), query.limit);
  return {
    period: range.period,
    expenditures: orders.rows,
    count: sum.count,
    totalAmount: sum.total,
    ...(orders.nextCursor ? { nextCursor: orders.nextCursor } : {}),
  };
}

/** The three detail lists as CSV files: every row of the period, then their total. */
export const ACCOUNTING_EXPORTS = {
  sales: {
    file: 'income-sales',
    header: ['Date', 'Recipe', 'Details', 'Distributor', 'Amount'],
    totalLabel: 'Total Sales Income:',
    read: salesAfter,
    cells: (sale: IncomeSale, day: string) => [
      day,
      sale.recipeName,
      `${countOf(sale.loavesTaken, 'loaf')} @ ${formatNaira(sale.pricePerLoaf)}`,
      sale.distributorName ?? 'Unknown Distributor',
    ],
  },
  payments: {
    file: 'income-payments',
    header: ['Date', 'Distributor', 'Method', 'Amount'],
    totalLabel: 'Total Payments:',
    read: paymentsAfter,
    cells: (payment: IncomePayment, day: string) => [
      day,
      payment.distributorName ?? 'Unknown Distributor',
      PAYMENT_METHOD_LABELS[payment.paymentMethod],
    ],
  },
  expenditures: {
    file: 'expenditures',
    header: ['Date', 'Order Number', 'Supplier', 'Amount'],
    totalLabel: 'Total Expenditures:',
    read: ordersAfter,
    cells: (order: Expenditure, day: string) => [day, order.orderNumber, order.supplier],
  },
} as const;

/**
 * One detail list of the period as CSV, read EXPORT_PAGE rows at a time;
 * the last row is the total of the amounts written, so the file adds up.
 */
export function accountingCsv(
  db: Database,
  list: keyof typeof ACCOUNTING_EXPORTS,
  query: AccountingQuery,
  timeZone: string,
) {
  const range = resolveRange(query, timeZone);
  const spec = ACCOUNTING_EXPORTS[list];
  type Row = Listed<IncomeSale & IncomePayment & Expenditure>;
  const read = spec.read as (...args: Parameters<typeof salesAfter>) => Promise<Row[]>;
  const cells = spec.cells as (row: Row, day: string) => string[];
  const pages = everyPage<Row>((last) => read(db, range, last?.cursor, EXPORT_PAGE));
  const blank = spec.header.slice(2, -1).map(() => '');
  return {
    fileName: `${spec.file}-${range.period.startDate}-to-${range.period.endDate}.csv`,
    rows: withTotal(spec.header, pages, {
      cells: (row) => cells(row, businessDate(new Date(row.date), timeZone)),
      amount: (row) => row.amount,
      total: (sum) => ['', spec.totalLabel, ...blank, sum],
    }),
  };
}
