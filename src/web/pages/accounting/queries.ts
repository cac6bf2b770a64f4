import { useQuery } from '@tanstack/react-query';
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

/** Spec: custom queries run only when both dates are set; details only when shown. */
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

export const useAccountingIncome = (filter: AccountingFilter, shown: boolean) =>
  useQuery(
    accountingQuery<AccountingIncome>(
      accountingKeys.income,
      '/api/accounting/income',
      filter,
      shown,
    ),
  );

export const useAccountingExpenditures = (filter: AccountingFilter, shown: boolean) =>
  useQuery(
    accountingQuery<AccountingExpenditures>(
      accountingKeys.expenditures,
      '/api/accounting/expenditures',
      filter,
      shown,
    ),
  );
