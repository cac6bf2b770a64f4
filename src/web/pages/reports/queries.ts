import { useQuery } from '@tanstack/react-query';
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
