import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../api/http';

export const dashboardKeys = { summary: ['/api/dashboard/summary'] as const };

/**
 * Shared by the page and by App, which asks for it while the page's code
 * downloads. App is in the first page's script, so the contract (and zod with
 * it) is loaded only when the summary is asked for.
 */
export const dashboardSummaryQuery = queryOptions({
  queryKey: dashboardKeys.summary,
  queryFn: async () => {
    const { dashboardApi } = await import('../../../domain/contracts/dashboard');
    return call(dashboardApi.summary);
  },
});

export const useDashboardSummary = () => useQuery(dashboardSummaryQuery);
