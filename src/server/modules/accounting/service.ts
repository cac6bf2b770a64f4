import { and, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
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
import { inRange } from '../../db/date-range';
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

const ORDERS_IN_RANGE = (range: Range) =>
  and(ne(purchaseOrders.status, 'cancelled'), inRange(purchaseOrders.orderDate, range));

/** Sum and count of one kind of record in the range, in SQL. */
async function sumOf(
  db: Database,
  table: typeof salesTransactions | typeof distributorPayments | typeof purchaseOrders,
  amount: AnyPgColumn,
  where: SQL | undefined,
): Promise<{ total: number; count: number }> {
  const [row] = await db
    .select({
      total: sql<string>`coalesce(sum(${amount}), 0)::text`,
      count: sql<number>`count(*)::int`,
    })
    .from(table)
    .where(where);
  return { total: Number(row?.total ?? 0), count: Number(row?.count ?? 0) };
}

const cashAtSale = (db: Database, range: Range) =>
  sumOf(
    db,
    salesTransactions,
    salesTransactions.amountPaid,
    inRange(salesTransactions.createdAt, range),
  );
const paymentsIn = (db: Database, range: Range) =>
  sumOf(
    db,
    distributorPayments,
    distributorPayments.amount,
    inRange(distributorPayments.createdAt, range),
  );
const ordersIn = (db: Database, range: Range) =>
  sumOf(db, purchaseOrders, purchaseOrders.totalAmount, ORDERS_IN_RANGE(range));

/** Design: cash basis. Income is cash received (paid at sale plus payments); expenditure is orders placed. */
export async function accountingSummary(
  db: Database,
  query: AccountingQuery,
  timeZone: string,
): Promise<AccountingSummary> {
  const range = resolveRange(query, timeZone);
  const [sales, payments, orders] = await Promise.all([
    cashAtSale(db, range),
    paymentsIn(db, range),
    ordersIn(db, range),
  ]);
  const totalIncome = fromKobo((toKobo(sales.total) + toKobo(payments.total)) as Kobo);
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

export async function accountingIncome(
  db: Database,
  query: AccountingQuery & { limit: number; offset: number },
  timeZone: string,
): Promise<AccountingIncome> {
  const range = resolveRange(query, timeZone);
  const [salesSum, paymentsSum] = await Promise.all([cashAtSale(db, range), paymentsIn(db, range)]);
  const sales = await db
    .select({ sale: salesTransactions, distributorName: distributors.name })
    .from(salesTransactions)
    .leftJoin(distributors, eq(distributors.id, salesTransactions.distributorId))
    .where(inRange(salesTransactions.createdAt, range))
    .orderBy(desc(salesTransactions.createdAt), desc(salesTransactions.id))
    .limit(query.limit)
    .offset(query.offset);
  const payments = await db
    .select({ payment: distributorPayments, distributorName: distributors.name })
    .from(distributorPayments)
    .leftJoin(distributors, eq(distributors.id, distributorPayments.distributorId))
    .where(inRange(distributorPayments.createdAt, range))
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
      count: salesSum.count,
      totalAmount: salesSum.total,
    },
    payments: {
      records: payments.map(({ payment, distributorName }) => ({
        id: payment.id,
        distributorName,
        paymentMethod: payment.paymentMethod,
        date: payment.createdAt.toISOString(),
        amount: payment.amount,
      })),
      count: paymentsSum.count,
      totalAmount: paymentsSum.total,
    },
  };
}

export async function accountingExpenditures(
  db: Database,
  query: AccountingQuery & { limit: number; offset: number },
  timeZone: string,
): Promise<AccountingExpenditures> {
  const range = resolveRange(query, timeZone);
  const sum = await ordersIn(db, range);
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
    count: sum.count,
    totalAmount: sum.total,
  };
}
