import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardApi } from '../../../domain/contracts/dashboard';
import { call } from '../../api/http';

export const dashboardKeys = { summary: ['/api/dashboard/summary'] as const };

/** Shared by the page and by App, which asks for it while the page's code downloads. */
export const dashboardSummaryQuery = queryOptions({
  queryKey: dashboardKeys.summary,
  queryFn: () => call(dashboardApi.summary),
});

export const useDashboardSummary = () => useQuery(dashboardSummaryQuery);
