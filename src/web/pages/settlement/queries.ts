import { useQuery } from '@tanstack/react-query';
import { type SettlementSheet, settlementApi } from '../../../domain/contracts/settlement';
import type { SettlementInput } from '../../../domain/settlement';
import { call } from '../../api/http';
import { useOutboxWrite } from '../../offline/outbox-write';

// Any write marks every answer stale (src/web/api/query-client.ts): Distributors,
// statements, Sales and reports refetch after a settlement by themselves.
export const useSettlementDay = (day: string | null) =>
  useQuery({
    queryKey: ['/api/settlements', day],
    queryFn: () => call(settlementApi.day, { query: day ? { day } : {} }),
  });

/**
 * Settle, through the outbox (src/web/offline/outbox-write.ts): kept on the
 * device first, then sent; `id` is the distributor settled.
 */
export const useSettle = () =>
  useOutboxWrite<{ id: string; body: Omit<SettlementInput, 'recordedAt'> }, SettlementSheet>(
    ({ id, body }) => ({ kind: 'settlement', params: { id }, body }),
  );
