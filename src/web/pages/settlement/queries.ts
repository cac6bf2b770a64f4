import { useMutation, useQuery } from '@tanstack/react-query';
import { type SettlementSheet, settlementApi } from '../../../domain/contracts/settlement';
import type { OutboxEntry } from '../../../domain/outbox';
import type { SettlementInput } from '../../../domain/settlement';
import { call } from '../../api/http';
import { recordThroughOutbox } from '../../offline/outbox-write';

// Any write marks every answer stale (src/web/api/query-client.ts): Distributors,
// statements, Sales and reports refetch after a settlement by themselves.
export const useSettlementDay = (day: string | null) =>
  useQuery({
    queryKey: ['/api/settlements', day],
    queryFn: () => call(settlementApi.day, { query: day ? { day } : {} }),
  });

/**
 * Settle, through the outbox (src/web/offline/outbox-write.ts): kept on the
 * device first, then sent; `replacing` is a refused settlement a person corrected.
 */
export const useSettle = () =>
  useMutation({
    // Runs with no network too: the outbox keeps the write (TanStack would hold it unsaved).
    networkMode: 'always',
    mutationFn: (settled: {
      id: string;
      name: string;
      input: Omit<SettlementInput, 'recordedAt'>;
      replacing?: OutboxEntry | undefined;
    }) =>
      recordThroughOutbox<SettlementSheet>(
        { kind: 'settlement', params: { id: settled.id }, body: settled.input },
        settled.name,
        settled.replacing,
      ),
  });
