import { useQuery } from '@tanstack/react-query';
import type { DashboardSummary } from '../../../domain/dashboard';
import { apiGet } from '../../api/http';

export const dashboardKeys = { summary: ['/api/dashboard/summary'] as const };

export const useDashboardSummary = () =>
  useQuery({
    queryKey: dashboardKeys.summary,
    queryFn: () => apiGet<DashboardSummary>('/api/dashboard/summary'),
  });
