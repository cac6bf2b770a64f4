import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { KeysetPage } from '../../../domain/paging';
import type { ReturnHistoryRow } from '../../../domain/reports';
import { apiGet } from '../../api/http';

export const reportKeys = {
  tab: (tab: string, filter: string) => ['/api/reports', tab, filter] as const,
};

/** One report call per tab; `filter` is the query string of the chosen dates. */
export const useReport = <T>(tab: string, filter: string) =>
  useQuery({
    queryKey: reportKeys.tab(tab, filter),
    queryFn: () => apiGet<T>(`/api/reports/${tab}${filter ? `?${filter}` : ''}`),
    // Reports sum what other pages change; each visit reads them afresh.
    refetchOnMount: 'always',
  });

/** Rows per page of the returns history (the server's default limit). */
export const HISTORY_PAGE = 100;

/** A page of the returns history: the newest, or those older than `before`. */
export const useReturnsHistory = (filter: string, before: string | undefined) =>
  useQuery({
    queryKey: [...reportKeys.tab('returns/history', filter), before] as const,
    queryFn: () =>
      apiGet<KeysetPage<ReturnHistoryRow>>(
        `/api/reports/returns/history?${[filter, before && `before=${before}`].filter(Boolean).join('&')}`,
      ),
    // The page on screen stays while the next one loads.
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
