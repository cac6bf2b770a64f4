import { type AnyColumn, and, desc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import {
  type AccountingExpenditures,
  type AccountingIncome,
  type AccountingPeriodInfo,
  type AccountingQuery,
  type AccountingSummary,
  periodRange,
  profitOf,
} from '../../../domain/accounting';
import { fromKobo, type Kobo, toKobo } from '../../../domain/money';
import { businessDate, businessDateRange } from '../../../domain/time';
import type { Database } from '../../db/connection';
import {
  distributorPayments,
  distributors,
  purchaseOrders,
  salesTransactions,
} from '../../db/schema';
import { badRequest } from '../../errors';

interface Range {
  period: AccountingPeriodInfo;
  start: Date;
  end: Date;
}

/**
 * The period's dates and the instants they span in the bakery's time zone.
 * Custom dates may not be after today (spec: future dates are disabled).
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

const between = (column: AnyColumn, range: Range) =>
  and(gte(column, range.start), lt(column, range.end));

const ORDERS_IN_RANGE = (range: Range) =>
  and(
    ne(purchaseOrders.status, 'cancelled'),
    gte(purchaseOrders.orderDate, range.start),
    lt(purchaseOrders.orderDate, range.end),
  );

async function totals(db: Database, range: Range) {
  const [sales] = await db
    .select({
      total: sql<string>`coalesce(sum(${salesTransactions.amountPaid}), 0)::text`,
      count: sql<number>`count(*)::int`,
    })
    .from(salesTransactions)
    .where(between(salesTransactions.createdAt, range));
  const [payments] = await db
    .select({
      total: sql<string>`coalesce(sum(${distributorPayments.amount}), 0)::text`,
      count: sql<number>`count(*)::int`,
    })
    .from(distributorPayments)
    .where(between(distributorPayments.createdAt, range));
  const [orders] = await db
    .select({
      total: sql<string>`coalesce(sum(${purchaseOrders.totalAmount}), 0)::text`,
      count: sql<number>`count(*)::int`,
    })
    .from(purchaseOrders)
    .where(ORDERS_IN_RANGE(range));
  return {
    salesIncome: Number(sales?.total ?? 0),
    salesCount: Number(sales?.count ?? 0),
    paymentsIncome: Number(payments?.total ?? 0),
    paymentsCount: Number(payments?.count ?? 0),
    expenditure: Number(orders?.total ?? 0),
    ordersCount: Number(orders?.count ?? 0),
  };
}

/** Design: cash basis. Income is cash received (paid at sale plus payments); expenditure is orders placed. */
export async function accountingSummary(
  db: Database,
  query: AccountingQuery,
  timeZone: string,
): Promise<AccountingSummary> {
  const range = resolveRange(query, timeZone);
  const sums = await totals(db, range);
  const totalIncome = fromKobo((toKobo(sums.salesIncome) + toKobo(sums.paymentsIncome)) as Kobo);
  return {
    period: range.period,
    income: {
      totalIncome,
      salesIncome: sums.salesIncome,
      paymentsIncome: sums.paymentsIncome,
    },
    expenditure: { totalExpenditure: sums.expenditure },
    profit: profitOf(totalIncome, sums.expenditure),
  };
}

export async function accountingIncome(
  db: Database,
  query: AccountingQuery & { limit: number; offset: number },
  timeZone: string,
): Promise<AccountingIncome> {
  const range = resolveRange(query, timeZone);
  const sums = await totals(db, range);
  const sales = await db
    .select({ sale: salesTransactions, distributorName: distributors.name })
    .from(salesTransactions)
    .leftJoin(distributors, eq(distributors.id, salesTransactions.distributorId))
    .where(between(salesTransactions.createdAt, range))
    .orderBy(desc(salesTransactions.createdAt), desc(salesTransactions.id))
    .limit(query.limit)
    .offset(query.offset);
  const payments = await db
    .select({ payment: distributorPayments, distributorName: distributors.name })
    .from(distributorPayments)
    .leftJoin(distributors, eq(distributors.id, distributorPayments.distributorId))
    .where(between(distributorPayments.createdAt, range))
    .orderBy(desc(distributorPayments.createdAt), desc(distributorPayments.id))
    .limit(query.limit)
    .offset(query.offset);
  return {
    period: range.period,
    sales: {
      transactions: sales.map(({ sale, distributorName }) => ({
        id: sale.id,
        recipeName: sale.recipeName,
        distributorName,
        loavesTaken: sale.loavesTaken,
        pricePerLoaf: sale.pricePerLoaf,
        date: sale.createdAt.toISOString(),
        amount: sale.amountPaid,
      })),
      count: sums.salesCount,
      totalAmount: sums.salesIncome,
    },
    payments: {
      records: payments.map(({ payment, distributorName }) => ({
        id: payment.id,
        distributorName,
        paymentMethod: payment.paymentMethod,
        date: payment.createdAt.toISOString(),
        amount: payment.amount,
      })),
      count: sums.paymentsCount,
      totalAmount: sums.paymentsIncome,
    },
  };
}

export async function accountingExpenditures(
  db: Database,
  query: AccountingQuery & { limit: number; offset: number },
  timeZone: string,
): Promise<AccountingExpenditures> {
  const range = resolveRange(query, timeZone);
  const sums = await totals(db, range);
  const orders = await db
    .select()
    .from(purchaseOrders)
    .where(ORDERS_IN_RANGE(range))
    .orderBy(desc(purchaseOrders.orderDate), desc(purchaseOrders.orderNumber))
    .limit(query.limit)
    .offset(query.offset);
  return {
    period: range.period,
    expenditures: orders.map((order) => ({
      id: order.id,
      orderNumber: order.orderNumber,
      supplier: order.supplier,
      date: order.orderDate.toISOString(),
      amount: order.totalAmount,
    })),
    count: sums.ordersCount,
    totalAmount: sums.expenditure,
  };
}
