import { useMutation, useQuery } from '@tanstack/react-query';
import { settlementApi } from '../../../domain/contracts/settlement';
import type { SettlementInput } from '../../../domain/settlement';
import { call } from '../../api/http';

// Any write marks every answer stale (src/web/api/query-client.ts): Distributors,
// statements, Sales and reports refetch after a settlement by themselves.
export const useSettlementDay = (day: string | null) =>
  useQuery({
    queryKey: ['/api/settlements', day],
    queryFn: () => call(settlementApi.day, { query: day ? { day } : {} }),
  });

export const useSettle = () =>
  useMutation({
    mutationFn: ({ id, input }: { id: string; input: SettlementInput }) =>
      call(settlementApi.settle, { params: { id }, body: input }),
  });
