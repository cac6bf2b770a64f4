import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  AvailableLoaves,
  SaleInput,
  SalesSummary,
  SaleTransaction,
} from '../../../domain/sales-schemas';
import { apiGet, apiRequest } from '../../api/http';

/** Spec: Recent Sales shows the last 5. */
const RECENT_SALES = 5;

export const salesKeys = {
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

export const useRecordSale = () =>
  useMutation({
    mutationFn: (input: SaleInput) =>
      apiRequest<SaleTransaction>('POST', '/api/sales-transactions', input),
  });
