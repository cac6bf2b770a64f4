import { useQuery } from '@tanstack/react-query';
import { distributorsApi } from '../../../domain/contracts/distributors';
import { type SaleTransaction, salesApi } from '../../../domain/contracts/sales';
import type { SaleInput } from '../../../domain/sales-schemas';
import { call } from '../../api/http';
import { useOutboxWrite } from '../../offline/outbox-write';

/** Recent Sales shows the last 5 (docs/screens/sales.md). */
const RECENT_SALES = 5;

export const salesKeys = {
  recent: ['/api/sales-transactions', 'recent'] as const,
  summary: ['/api/sales-transactions', 'summary'] as const,
  available: ['/api/available-loaves'] as const,
  distributorOptions: ['/api/distributors', 'options'] as const,
};

export const useAvailableLoaves = (enabled = true) =>
  useQuery({
    queryKey: salesKeys.available,
    queryFn: () => call(salesApi.availableLoaves),
    enabled,
  });

/** The sale form's choice of distributor: ids and names, readable with the sales write right. */
export const useDistributorOptions = (enabled = true) =>
  useQuery({
    queryKey: salesKeys.distributorOptions,
    queryFn: () => call(distributorsApi.options),
    enabled,
  });

export const useRecentSales = () =>
  useQuery({
    queryKey: salesKeys.recent,
    queryFn: () => call(salesApi.list, { query: { limit: RECENT_SALES } }),
  });

export const useSalesSummary = () =>
  useQuery({
    queryKey: salesKeys.summary,
    queryFn: () => call(salesApi.summary),
  });

/**
 * Record Sale, through the outbox (src/web/offline/outbox-write.ts): kept on
 * the device first, then sent.
 */
export const useRecordSale = () =>
  useOutboxWrite<SaleInput, SaleTransaction>((body) => ({ kind: 'sale', body }));
