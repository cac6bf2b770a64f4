import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { type ProductionBatch, productionApi } from '../../../domain/contracts/production';
import { productionHistoryApi } from '../../../domain/contracts/production-history';
import type { BatchInput, BatchUpdateInput } from '../../../domain/production-schemas';
import { call } from '../../api/http';

const PAGE_SIZE = 50;

export const productionKeys = {
  list: ['/api/production-batches', 'list'] as const,
  summary: ['/api/production-batches', 'summary'] as const,
  cost: (id: string) => ['/api/production-batches', id, 'cost'] as const,
  historyList: ['/api/production-history', 'list'] as const,
  historySummary: ['/api/production-history', 'summary'] as const,
};

/** Fifty at a time, "Show more" for the rest. */
const pagedList = (list: typeof productionApi.list | typeof productionHistoryApi.list) => ({
  queryFn: ({ pageParam }: { pageParam: number }) =>
    call(list, { query: { limit: PAGE_SIZE, offset: pageParam } }),
  initialPageParam: 0,
  getNextPageParam: (last: ProductionBatch[], pages: ProductionBatch[][]) =>
    last.length < PAGE_SIZE ? undefined : pages.length * PAGE_SIZE,
});

export const useBatches = () =>
  useInfiniteQuery({ queryKey: productionKeys.list, ...pagedList(productionApi.list) });

export const useBatchSummary = () =>
  useQuery({
    queryKey: productionKeys.summary,
    queryFn: () => call(productionApi.summary),
  });

export const useBatchCost = (id: string | null) =>
  useQuery({
    queryKey: productionKeys.cost(id ?? ''),
    queryFn: () => call(productionApi.cost, { params: { id: id ?? '' } }),
    enabled: id !== null,
    // Unit costs move with every delivery; the estimate is read fresh each time.
    staleTime: 0,
  });

export const useCompletedBatches = () =>
  useInfiniteQuery({
    queryKey: productionKeys.historyList,
    ...pagedList(productionHistoryApi.list),
  });

export const useHistorySummary = () =>
  useQuery({
    queryKey: productionKeys.historySummary,
    queryFn: () => call(productionHistoryApi.summary),
  });

export const useCreateBatch = () =>
  useMutation({
    mutationFn: (input: BatchInput) => call(productionApi.create, { body: input }),
  });
export const useUpdateBatch = () =>
  useMutation({
    mutationFn: ({ id, input }: { id: string; input: BatchUpdateInput }) =>
      call(productionApi.update, { params: { id }, body: input }),
  });
