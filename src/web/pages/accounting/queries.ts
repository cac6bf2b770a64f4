import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type {
  AccountingExpenditures,
  AccountingIncome,
  AccountingSummary,
} from '../../../domain/accounting';
import { apiGet } from '../../api/http';

/** `period=…` or `startDate=…&endDate=…`; null while a custom range is incomplete. */
export type AccountingFilter = string | null;

export const accountingKeys = {
  summary: (filter: string) => ['/api/accounting/summary', filter] as const,
  income: (filter: string) => ['/api/accounting/income', filter] as const,
  expenditures: (filter: string) => ['/api/accounting/expenditures', filter] as const,
};

/** Custom ranges are asked for only when both dates are set; details only when shown. */
const accountingQuery = <T>(
  key: (filter: string) => readonly unknown[],
  path: string,
  filter: AccountingFilter,
  enabled = true,
) =>
  ({
    queryKey: key(filter ?? ''),
    queryFn: () => apiGet<T>(`${path}?${filter}`),
    enabled: enabled && filter !== null,
    // The figures sum what other pages change; each visit reads them afresh.
    refetchOnMount: 'always',
  }) as const;

export const useAccountingSummary = (filter: AccountingFilter) =>
  useQuery(
    accountingQuery<AccountingSummary>(accountingKeys.summary, '/api/accounting/summary', filter),
  );

/**
 * One detail list, a page of 100 at a time by key: `cursorParam` names the
 * list's cursor in the query, `list` picks its page out of the answer.
 */
const useDetailPages = <T, Page extends { nextCursor?: string }>(
  key: (filter: string) => readonly unknown[],
  path: string,
  cursorParam: string,
  list: (answer: T) => Page,
  filter: AccountingFilter,
  shown: boolean,
) =>
  useInfiniteQuery({
    queryKey: [...key(filter ?? ''), cursorParam],
    queryFn: async ({ pageParam }) =>
      list(await apiGet<T>(`${path}?${filter}${pageParam ? `&${cursorParam}=${pageParam}` : ''}`)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
    enabled: shown && filter !== null,
    refetchOnMount: 'always',
  });

export const useIncomeSales = (filter: AccountingFilter, shown: boolean) =>
  useDetailPages(
    accountingKeys.income,
    '/api/accounting/income',
    'salesBefore',
    (answer: AccountingIncome) => answer.sales,
    filter,
    shown,
  );

export const useIncomePayments = (filter: AccountingFilter, shown: boolean) =>
  useDetailPages(
    accountingKeys.income,
    '/api/accounting/income',
    'paymentsBefore',
    (answer: AccountingIncome) => answer.payments,
    filter,
    shown,
  );

export const useExpenditures = (filter: AccountingFilter, shown: boolean) =>
  useDetailPages(
    accountingKeys.expenditures,
    '/api/accounting/expenditures',
    'before',
    (answer: AccountingExpenditures) => answer,
    filter,
    shown,
  );
