import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import {
  type BreadReturn,
  type DistributorPayment,
  distributorsApi,
} from '../../../domain/contracts/distributors';
import type {
  BreadReturnInput,
  DistributorInput,
  DistributorUpdateInput,
  PaymentInput,
} from '../../../domain/distributor-schemas';
import { call, urlOf } from '../../api/http';
import { useOutboxWrite } from '../../offline/outbox-write';

export const distributorKeys = {
  list: (includeArchived: boolean) => ['/api/distributors', 'list', includeArchived] as const,
  returnable: (id: string) => ['/api/distributors', id, 'returnable'] as const,
  statement: (id: string, startDate: string, endDate: string) =>
    ['/api/distributors', id, 'statement', startDate, endDate] as const,
};

export const useDistributors = (includeArchived = false, enabled = true) =>
  useQuery({
    queryKey: distributorKeys.list(includeArchived),
    queryFn: () =>
      call(distributorsApi.list, { query: includeArchived ? { includeArchived: 'true' } : {} }),
    enabled,
  });

export const useReturnableBreads = (id: string | null) =>
  useQuery({
    queryKey: distributorKeys.returnable(id ?? ''),
    queryFn: () => call(distributorsApi.returnable, { params: { id: id ?? '' } }),
    enabled: id !== null,
  });

/** The Download CSV link: the whole statement over the dates. */
export const statementCsvUrl = (id: string, startDate: string, endDate: string) =>
  urlOf(distributorsApi.statementCsv, { params: { id }, query: { startDate, endDate } });

/** A statement, its lines 500 at a time: each later page follows the last one's cursor. */
export const useStatement = (id: string, startDate: string, endDate: string) =>
  useInfiniteQuery({
    queryKey: distributorKeys.statement(id, startDate, endDate),
    queryFn: ({ pageParam }) =>
      call(distributorsApi.statement, {
        params: { id },
        query: { startDate, endDate, after: pageParam },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
    enabled: startDate !== '' && endDate !== '',
  });

export const useAddDistributor = () =>
  useMutation({
    mutationFn: (input: DistributorInput) => call(distributorsApi.create, { body: input }),
  });
export const useEditDistributor = () =>
  useMutation({
    mutationFn: ({ id, input }: { id: string; input: DistributorUpdateInput }) =>
      call(distributorsApi.update, { params: { id }, body: input }),
  });
export const useDeleteDistributor = () =>
  useMutation({
    mutationFn: (id: string) => call(distributorsApi.remove, { params: { id } }),
  });
export const useUnarchiveDistributor = () =>
  useMutation({
    mutationFn: (id: string) => call(distributorsApi.unarchive, { params: { id } }),
  });
/** Through the outbox (src/web/offline/outbox-write.ts): kept on the device first, then sent. */
export const useRecordPayment = () =>
  useOutboxWrite<PaymentInput, DistributorPayment>((body) => ({ kind: 'payment', body }));
export const useRecordReturn = () =>
  useOutboxWrite<BreadReturnInput, BreadReturn>((body) => ({ kind: 'return', body }));
