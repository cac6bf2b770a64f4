import { z } from 'zod';
import { dateRangeFields } from './fields';
import { fromKobo, subtractKobo, toKobo } from './money';
import { cursorSchema, keysetSchema } from './paging';

export const ACCOUNTING_PERIODS = [
  'today',
  'this_week',
  'this_month',
  'last_month',
  'this_year',
  'last_year',
] as const;
export type AccountingPeriod = (typeof ACCOUNTING_PERIODS)[number];
export type PeriodType = AccountingPeriod | 'custom';

export const PERIOD_LABELS: Record<PeriodType, string> = {
  today: 'Today',
  this_week: 'This Week',
  this_month: 'This Month',
  last_month: 'Last Month',
  this_year: 'This Year',
  last_year: 'Last Year',
  custom: 'Custom Range',
};

const periodFields = {
  period: z.enum(ACCOUNTING_PERIODS, { error: 'Choose a period' }).optional(),
  ...dateRangeFields,
};

function checkPeriod(
  query: { period?: AccountingPeriod; startDate?: string; endDate?: string },
  context: z.RefinementCtx,
) {
  const custom = query.startDate !== undefined || query.endDate !== undefined;
  if (custom && query.period) {
    context.addIssue({
      code: 'custom',
      path: ['period'],
      message: 'Send a period or a start and end date, not both',
    });
  } else if (custom && (!query.startDate || !query.endDate)) {
    context.addIssue({
      code: 'custom',
      path: [query.startDate ? 'endDate' : 'startDate'],
      message: 'Please select both start and end dates',
    });
  } else if (query.startDate && query.endDate && query.endDate < query.startDate) {
    context.addIssue({
      code: 'custom',
      path: ['endDate'],
      message: 'End date cannot be before the start date',
    });
  }
}

/**
 * `?period=` or `?startDate=&endDate=` (docs/api.md, Date ranges). With neither, the
 * period is this month (the screen's default). The summary and the CSV files
 * take only these.
 */
export const accountingQuerySchema = z.strictObject(periodFields).superRefine(checkPeriod);

/** The income details: the period, and a page of each list after its own cursor. */
export const incomeQuerySchema = z
  .strictObject({
    ...periodFields,
    limit: keysetSchema.shape.limit,
    salesBefore: cursorSchema.optional(),
    paymentsBefore: cursorSchema.optional(),
  })
  .superRefine(checkPeriod);

/** The expenditure details: the period and a page of orders after `before`. */
export const expendituresQuerySchema = z
  .strictObject({ ...periodFields, ...keysetSchema.shape })
  .superRefine(checkPeriod);

export type AccountingQuery = z.input<typeof accountingQuerySchema>;
export type IncomeQuery = z.output<typeof incomeQuerySchema>;
export type ExpendituresQuery = z.output<typeof expendituresQuerySchema>;

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (at: Date) =>
  `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
/** A calendar date (no time zone involved) as y, m (1-12), d; the day may overflow. */
const calendar = (year: number, month: number, dayOfMonth: number) =>
  iso(new Date(Date.UTC(year, month - 1, dayOfMonth)));

/**
 * The dates a period covers, as yyyy-MM-dd, given today's date in the
 * business time zone (docs/rules/bakery-day.md: weeks run Monday to Sunday).
 */
export function periodRange(
  period: AccountingPeriod,
  today: string,
): { startDate: string; endDate: string } {
  const [year, month, dayOfMonth] = today.split('-').map(Number) as [number, number, number];
  switch (period) {
    case 'today':
      return { startDate: today, endDate: today };
    case 'this_week': {
      const sinceMonday = (new Date(Date.UTC(year, month - 1, dayOfMonth)).getUTCDay() + 6) % 7;
      return {
        startDate: calendar(year, month, dayOfMonth - sinceMonday),
        endDate: calendar(year, month, dayOfMonth - sinceMonday + 6),
      };
    }
    case 'this_month':
      return { startDate: calendar(year, month, 1), endDate: calendar(year, month + 1, 0) };
    case 'last_month':
      return { startDate: calendar(year, month - 1, 1), endDate: calendar(year, month, 0) };
    case 'this_year':
      return { startDate: `${year}-01-01`, endDate: `${year}-12-31` };
    case 'last_year':
      return { startDate: `${year - 1}-01-01`, endDate: `${year - 1}-12-31` };
  }
}

/** To 1 decimal, half away from zero, so a loss rounds like the same profit. */
const oneDecimal = (value: number) =>
  (Math.sign(value) * Math.round(Math.abs(value) * 10)) / 10 || 0;

/** Profit and margin (1 decimal; 0 when there is no income), exact to the kobo. */
export function profitOf(income: number, expenditure: number): { amount: number; margin: number } {
  const incomeKobo = toKobo(income);
  const profit = subtractKobo(incomeKobo, toKobo(expenditure));
  return {
    amount: fromKobo(profit),
    margin: incomeKobo > 0 ? oneDecimal((profit / incomeKobo) * 100) : 0,
  };
}
