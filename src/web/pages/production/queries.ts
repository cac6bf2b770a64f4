import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type {
  BatchCost,
  BatchInput,
  BatchSummary,
  BatchUpdateInput,
  ProductionBatch,
  ProductionHistorySummary,
} from '../../../domain/production-schemas';
import { apiGet, apiRequest } from '../../api/http';

const PAGE_SIZE = 50;

export const productionKeys = {
  list: ['/api/production-batches', 'list'] as const,
  summary: ['/api/production-batches', 'summary'] as const,
  cost: (id: string) => ['/api/production-batches', id, 'cost'] as const,
  historyList: ['/api/production-history', 'list'] as const,
  historySummary: ['/api/production-history', 'summary'] as const,
};

/** Fifty at a time, "Show more" for the rest. */
const pagedList = (path: string) => ({
  queryFn: ({ pageParam }: { pageParam: number }) =>
    apiGet<ProductionBatch[]>(`${path}?limit=${PAGE_SIZE}&offset=${pageParam}`),
  initialPageParam: 0,
  getNextPageParam: (last: ProductionBatch[], pages: ProductionBatch[][]) =>
    last.length < PAGE_SIZE ? undefined : pages.length * PAGE_SIZE,
});

export const useBatches = () =>
  useInfiniteQuery({ queryKey: productionKeys.list, ...pagedList('/api/production-batches') });

export const useBatchSummary = () =>
  useQuery({
    queryKey: productionKeys.summary,
    queryFn: () => apiGet<BatchSummary>('/api/production-batches/summary'),
  });

export const useBatchCost = (id: string | null) =>
  useQuery({
    queryKey: productionKeys.cost(id ?? ''),
    queryFn: () => apiGet<BatchCost>(`/api/production-batches/${id}/cost`),
    enabled: id !== null,
    // Unit costs move with every delivery; the estimate is read fresh each time.
    staleTime: 0,
  });

export const useCompletedBatches = () =>
  useInfiniteQuery({
    queryKey: productionKeys.historyList,
    ...pagedList('/api/production-history'),
  });

export const useHistorySummary = () =>
  useQuery({
    queryKey: productionKeys.historySummary,
    queryFn: () => apiGet<ProductionHistorySummary>('/api/production-history/summary'),
  });

export const useCreateBatch = () =>
  useMutation({
    mutationFn: (input: BatchInput) =>
      apiRequest<ProductionBatch>('POST', '/api/production-batches', input),
  });
export const useUpdateBatch = () =>
  useMutation({
    mutationFn: ({ id, input }: { id: string; input: BatchUpdateInput }) =>
      apiRequest<ProductionBatch>('PATCH', `/api/production-batches/${id}`, input),
  });
