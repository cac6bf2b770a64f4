import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type {
  BreadReturn,
  BreadReturnInput,
  DistributorInput,
  DistributorPayment,
  DistributorUpdateInput,
  DistributorWithAccount,
  PaymentInput,
  ReturnableBread,
} from '../../../domain/distributor-schemas';
import type { Statement } from '../../../domain/statement';
import { apiGet, apiRequest } from '../../api/http';

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
      apiGet<DistributorWithAccount[]>(
        includeArchived ? '/api/distributors?includeArchived=true' : '/api/distributors',
      ),
    enabled,
  });

export const useReturnableBreads = (id: string | null) =>
  useQuery({
    queryKey: distributorKeys.returnable(id ?? ''),
    queryFn: () => apiGet<ReturnableBread[]>(`/api/distributors/${id}/returnable`),
    enabled: id !== null,
  });

export const statementQuery = (startDate: string, endDate: string) =>
  `startDate=${startDate}&endDate=${endDate}`;

/** A statement, its lines 500 at a time: each later page follows the last one's cursor. */
export const useStatement = (id: string, startDate: string, endDate: string) =>
  useInfiniteQuery({
    queryKey: distributorKeys.statement(id, startDate, endDate),
    queryFn: ({ pageParam }) =>
      apiGet<Statement>(
        `/api/distributors/${id}/statement?${statementQuery(startDate, endDate)}${pageParam ? `&after=${pageParam}` : ''}`,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
    enabled: startDate !== '' && endDate !== '',
  });

export const useAddDistributor = () =>
  useMutation({
    mutationFn: (input: DistributorInput) =>
      apiRequest<DistributorWithAccount>('POST', '/api/distributors', input),
  });
export const useEditDistributor = () =>
  useMutation({
    mutationFn: ({ id, input }: { id: string; input: DistributorUpdateInput }) =>
      apiRequest<DistributorWithAccount>('PATCH', `/api/distributors/${id}`, input),
  });
export const useDeleteDistributor = () =>
  useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ action: 'deleted' | 'archived'; message: string }>(
        'DELETE',
        `/api/distributors/${id}`,
      ),
  });
export const useUnarchiveDistributor = () =>
  useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ message: string }>('PATCH', `/api/distributors/${id}/unarchive`),
  });
export const useRecordPayment = () =>
  useMutation({
    mutationFn: (input: PaymentInput) =>
      apiRequest<DistributorPayment>('POST', '/api/distributor-payments', input),
  });
export const useRecordReturn = () =>
  useMutation({
    mutationFn: (input: BreadReturnInput) =>
      apiRequest<BreadReturn>('POST', '/api/bread-returns', input),
  });
