import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { AccountingQuery } from '../../../domain/accounting';
import { accountingApi } from '../../../domain/contracts/accounting';
import { call, urlOf } from '../../api/http';

/** A period or a start and end date; null while a custom range is incomplete. */
export type AccountingFilter = AccountingQuery | null;

export const accountingKeys = {
  summary: (filter: AccountingQuery) => ['/api/accounting/summary', filter] as const,
  income: (filter: AccountingQuery) => ['/api/accounting/income', filter] as const,
  expenditures: (filter: AccountingQuery) => ['/api/accounting/expenditures', filter] as const,
};

/** Custom ranges are asked for only when both dates are set; details only when shown. */
const asked = (filter: AccountingFilter, enabled = true) =>
  ({
    enabled: enabled && filter !== null,
    // The figures sum what other pages change; each visit reads them afresh.
    refetchOnMount: 'always',
  }) as const;

export const useAccountingSummary = (filter: AccountingFilter) =>
  useQuery({
    queryKey: accountingKeys.summary(filter ?? {}),
    queryFn: () => call(accountingApi.summary, { query: filter ?? {} }),
    ...asked(filter),
  });

/** A detail list's CSV download: every row of the period, then their total. */
export const accountingCsvUrl = (
  list: 'salesCsv' | 'paymentsCsv' | 'expendituresCsv',
  filter: AccountingQuery,
) => urlOf(accountingApi[list], { query: filter });

/**
 * One detail list, a page of 100 at a time by key: `page` reads the page
 * after a cursor (the list's own cursor in the query) and picks the list out
 * of the answer; `list` tells the lists of one answer apart in the cache.
 */
const useDetailPages = <Page extends { nextCursor?: string }>(
  key: readonly unknown[],
  list: string,
  page: (filter: AccountingQuery, cursor: string | undefined) => Promise<Page>,
  filter: AccountingFilter,
  shown: boolean,
) =>
  useInfiniteQuery({
    queryKey: [...key, list],
    queryFn: ({ pageParam }) => page(filter ?? {}, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
    ...asked(filter, shown),
  });

export const useIncomeSales = (filter: AccountingFilter, shown: boolean) =>
  useDetailPages(
    accountingKeys.income(filter ?? {}),
    'salesBefore',
    async (query, salesBefore) =>
      (await call(accountingApi.income, { query: { ...query, salesBefore } })).sales,
    filter,
    shown,
  );

export const useIncomePayments = (filter: AccountingFilter, shown: boolean) =>
  useDetailPages(
    accountingKeys.income(filter ?? {}),
    'paymentsBefore',
    async (query, paymentsBefore) =>
      (await call(accountingApi.income, { query: { ...query, paymentsBefore } })).payments,
    filter,
    shown,
  );

export const useExpenditures = (filter: AccountingFilter, shown: boolean) =>
  useDetailPages(
    accountingKeys.expenditures(filter ?? {}),
    'before',
    (query, before) => call(accountingApi.expenditures, { query: { ...query, before } }),
    filter,
    shown,
  );
