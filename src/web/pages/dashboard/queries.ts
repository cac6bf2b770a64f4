import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardSummary } from '../../../domain/dashboard';
import { apiGet } from '../../api/http';

export const dashboardKeys = { summary: ['/api/dashboard/summary'] as const };

/** Shared by the page and by App, which asks for it while the page's code downloads. */
export const dashboardSummaryQuery = queryOptions({
  queryKey: dashboardKeys.summary,
  queryFn: () => apiGet<DashboardSummary>('/api/dashboard/summary'),
});

export const useDashboardSummary = () => useQuery(dashboardSummaryQuery);
