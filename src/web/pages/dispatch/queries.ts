import { useMutation, useQuery } from '@tanstack/react-query';
import { dispatchApi } from '../../../domain/contracts/dispatch';
import type { DispatchInput } from '../../../domain/dispatch';
import { call } from '../../api/http';

// Any write marks every answer stale (src/web/api/query-client.ts): Sales,
// Distributors, statements and reports refetch after a dispatch by themselves.
export const useDispatchDay = (day: string | null) =>
  useQuery({
    queryKey: ['/api/dispatch', day],
    queryFn: () => call(dispatchApi.day, { query: day ? { day } : {} }),
  });

export const useDispatch = () =>
  useMutation({
    mutationFn: ({ id, input }: { id: string; input: DispatchInput }) =>
      call(dispatchApi.dispatch, { params: { id }, body: input }),
  });
