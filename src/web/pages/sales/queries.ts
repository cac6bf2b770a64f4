import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AvailableLoaves,
  SaleInput,
  SalesSummary,
  SaleTransaction,
} from '../../../domain/sales-schemas';
import { apiGet, apiRequest } from '../../api/http';
import { distributorKeys } from '../distributors/queries';

/** Spec: Recent Sales shows the last 5. */
const RECENT_SALES = 5;

export const salesKeys = {
  all: ['/api/sales-transactions'] as const,
  recent: ['/api/sales-transactions', 'recent'] as const,
  summary: ['/api/sales-transactions', 'summary'] as const,
  available: ['/api/available-loaves'] as const,
};

export const useAvailableLoaves = (enabled = true) =>
  useQuery({
    queryKey: salesKeys.available,
    queryFn: () => apiGet<AvailableLoaves[]>('/api/available-loaves'),
    enabled,
  });

export const useRecentSales = () =>
  useQuery({
    queryKey: salesKeys.recent,
    queryFn: () => apiGet<SaleTransaction[]>(`/api/sales-transactions?limit=${RECENT_SALES}`),
  });

export const useSalesSummary = () =>
  useQuery({
    queryKey: salesKeys.summary,
    queryFn: () => apiGet<SalesSummary>('/api/sales-transactions/summary'),
  });

/** A sale changes the loaves left, the sales lists and the distributor's balance. */
export const useRecordSale = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaleInput) =>
      apiRequest<SaleTransaction>('POST', '/api/sales-transactions', input),
    onSuccess: () =>
      Promise.all(
        [salesKeys.all, salesKeys.available, distributorKeys.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
};
