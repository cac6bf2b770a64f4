import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { type DistributorPayment, distributorsApi } from '../../../domain/contracts/distributors';
import {
  type PendingTransfer,
  pendingTransfersApi,
  type RejectTransferInput,
  type TransferStatus,
} from '../../../domain/contracts/pending-transfers';
import { receiptsApi } from '../../../domain/contracts/receipts';
import { call } from '../../api/http';

/** The receipt's page: under Distributors, so the sidebar keeps Distributors lit. */
export const receiptHref = (paymentId: string) => `/distributors/receipts/${paymentId}`;

/** Payments and transfers shown at a time, "Show more" for the rest. */
const PAGE = 20;

// Any write marks every answer stale (src/web/api/query-client.ts): a payment,
// a confirmation or a rejection refreshes the cards, the lists and the reports.
export const receiptKeys = {
  receipt: (id: string) => ['/api/distributor-payments', id, 'receipt'] as const,
  payments: ['/api/distributor-payments', 'list'] as const,
  transfers: (status: TransferStatus) => ['/api/pending-transfers', status] as const,
  summary: ['/api/pending-transfers', 'summary'] as const,
};

const nextOffset = <T>(last: T[], pages: T[][]) =>
  last.length < PAGE ? undefined : pages.length * PAGE;

export const useReceipt = (id: string) =>
  useQuery({
    queryKey: receiptKeys.receipt(id),
    queryFn: () => call(receiptsApi.get, { params: { id } }),
  });

export const usePayments = () =>
  useInfiniteQuery({
    queryKey: receiptKeys.payments,
    queryFn: ({ pageParam }: { pageParam: number }) =>
      call(distributorsApi.payments, { query: { limit: PAGE, offset: pageParam } }),
    initialPageParam: 0,
    getNextPageParam: nextOffset<DistributorPayment>,
  });

export const useTransfers = (status: TransferStatus) =>
  useInfiniteQuery({
    queryKey: receiptKeys.transfers(status),
    queryFn: ({ pageParam }: { pageParam: number }) =>
      call(pendingTransfersApi.list, { query: { status, limit: PAGE, offset: pageParam } }),
    initialPageParam: 0,
    getNextPageParam: nextOffset<PendingTransfer>,
  });

/** The setting and the money awaiting confirmation per distributor; off for who may not read it. */
export const useTransferSummary = (enabled = true) =>
  useQuery({
    queryKey: receiptKeys.summary,
    queryFn: () => call(pendingTransfersApi.summary),
    enabled,
  });

export const useConfirmTransfer = () =>
  useMutation({
    mutationFn: (id: string) => call(pendingTransfersApi.confirm, { params: { id } }),
  });

export const useRejectTransfer = () =>
  useMutation({
    mutationFn: ({ id, input }: { id: string; input: RejectTransferInput }) =>
      call(pendingTransfersApi.reject, { params: { id }, body: input }),
  });
