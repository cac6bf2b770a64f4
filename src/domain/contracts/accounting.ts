import { z } from 'zod';
import { moduleRight } from '../access';
import {
  ACCOUNTING_PERIODS,
  accountingQuerySchema,
  expendituresQuerySchema,
  incomeQuerySchema,
} from '../accounting';
import { PAYMENT_METHODS } from '../distributor-schemas';
import { defineRoute, instant } from './contract';

export const accountingPeriodInfoSchema = z.object({
  type: z.enum([...ACCOUNTING_PERIODS, 'custom']),
  startDate: z.string(),
  endDate: z.string(),
});
export type AccountingPeriodInfo = z.infer<typeof accountingPeriodInfoSchema>;

/** Cash basis (docs/screens/accounting.md): income is cash received, expenditure orders placed. */
export const accountingSummarySchema = z.object({
  period: accountingPeriodInfoSchema,
  income: z.object({
    totalIncome: z.number(),
    salesIncome: z.number(),
    paymentsIncome: z.number(),
  }),
  expenditure: z.object({ totalExpenditure: z.number() }),
  /** The margin to 1 decimal, 0 when there is no income. */
  profit: z.object({ amount: z.number(), margin: z.number() }),
});
export type AccountingSummary = z.infer<typeof accountingSummarySchema>;

/** A sale in the income details; `amount` is the cash received on it (its amount paid). */
export const incomeSaleSchema = z.object({
  id: z.string(),
  recipeName: z.string(),
  /** null when the distributor is gone: the screen shows 'Unknown Distributor'. */
  distributorName: z.string().nullable(),
  loavesTaken: z.number(),
  pricePerLoaf: z.number(),
  date: instant,
  amount: z.number(),
});
export type IncomeSale = z.infer<typeof incomeSaleSchema>;

export const incomePaymentSchema = z.object({
  id: z.string(),
  distributorName: z.string().nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  date: instant,
  amount: z.number(),
});
export type IncomePayment = z.infer<typeof incomePaymentSchema>;

export const expenditureSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  supplier: z.string(),
  date: instant,
  amount: z.number(),
});
export type Expenditure = z.infer<typeof expenditureSchema>;

/** Cash received, on sales and as separate payments: each list a page, with the period's count and total. */
export const accountingIncomeSchema = z.object({
  period: accountingPeriodInfoSchema,
  sales: z.object({
    transactions: z.array(incomeSaleSchema),
    count: z.number(),
    totalAmount: z.number(),
    /** Present when more sales follow: the `salesBefore` of the next page. */
    nextCursor: z.string().optional(),
  }),
  payments: z.object({
    records: z.array(incomePaymentSchema),
    count: z.number(),
    totalAmount: z.number(),
    /** Present when more payments follow: the `paymentsBefore` of the next page. */
    nextCursor: z.string().optional(),
  }),
});
export type AccountingIncome = z.infer<typeof accountingIncomeSchema>;

/** Purchase orders, not cancelled, by order date: a page, with the period's count and total. */
export const accountingExpendituresSchema = z.object({
  period: accountingPeriodInfoSchema,
  expenditures: z.array(expenditureSchema),
  count: z.number(),
  totalAmount: z.number(),
  /** Present when more orders follow: the `before` of the next page. */
  nextCursor: z.string().optional(),
});
export type AccountingExpenditures = z.infer<typeof accountingExpendituresSchema>;

const read = moduleRight('accounting', 'read');

/** Every row of the period, the total their sum (the screens show a page at a time). */
const csvOf = (url: string, summary: string) =>
  defineRoute({
    method: 'GET',
    url,
    summary,
    access: read,
    query: accountingQuerySchema,
    response: { 200: z.string() },
    csv: true,
  });

export const accountingApi = {
  summary: defineRoute({
    method: 'GET',
    url: '/api/accounting/summary',
    summary: "The period's income, expenditure, profit and margin",
    access: read,
    query: accountingQuerySchema,
    response: { 200: accountingSummarySchema },
  }),
  income: defineRoute({
    method: 'GET',
    url: '/api/accounting/income',
    summary: 'Cash received over the period: sales and payments, newest first, a page of each',
    access: read,
    query: incomeQuerySchema,
    response: { 200: accountingIncomeSchema },
  }),
  expenditures: defineRoute({
    method: 'GET',
    url: '/api/accounting/expenditures',
    summary: 'Purchase orders over the period, not cancelled, newest first, a page at a time',
    access: read,
    query: expendituresQuerySchema,
    response: { 200: accountingExpendituresSchema },
  }),
  salesCsv: csvOf(
    '/api/accounting/income/sales.csv',
    'Every sale of the period as CSV, the cash received on each, then their total',
  ),
  paymentsCsv: csvOf(
    '/api/accounting/income/payments.csv',
    'Every payment of the period as CSV, then their total',
  ),
  expendituresCsv: csvOf(
    '/api/accounting/expenditures.csv',
    'Every purchase order of the period as CSV, not cancelled, then their total',
  ),
};
