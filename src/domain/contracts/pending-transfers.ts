import { z } from 'zod';
import { moduleRight } from '../access';
import { idParamsSchema } from '../admin-schemas';
import { PAYMENT_METHODS } from '../distributor-schemas';
import { isStorableText, recordId, storable } from '../fields';
import { pageSchema } from '../paging';
import { defineRoute, instant } from './contract';

export const TRANSFER_STATUSES = ['pending', 'confirmed', 'rejected'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
export const TRANSFER_STATUS_LABELS: Record<TransferStatus, string> = {
  pending: 'Awaiting confirmation',
  confirmed: 'Confirmed',
  rejected: 'Rejected',
};

/** `?status=&distributorId=&limit=&offset=`: the pending ones unless told, oldest first. */
export const pendingTransferQuerySchema = pageSchema.extend({
  status: z
    .enum(TRANSFER_STATUSES, { error: 'status must be pending, confirmed or rejected' })
    .default('pending'),
  distributorId: recordId('distributorId must be an id').optional(),
});

export const REJECTION_REASON_REQUIRED = 'Give the reason for rejecting the transfer';

/** POST …/reject: why the money is not counted, kept on the transfer. */
export const rejectTransferSchema = z.strictObject({
  reason: z
    .string({ error: REJECTION_REASON_REQUIRED })
    .refine(isStorableText, storable('Reason'))
    .trim()
    .min(1, { error: REJECTION_REASON_REQUIRED })
    .max(500, { error: 'Reason must be less than 500 characters' }),
});
export type RejectTransferInput = z.input<typeof rejectTransferSchema>;

export const pendingTransferSchema = z.object({
  id: z.string(),
  distributorId: z.string(),
  distributorName: z.string(),
  amount: z.number(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  description: z.string().nullable(),
  status: z.enum(TRANSFER_STATUSES),
  recordedByName: z.string().nullable(),
  /** When the transfer was recorded: a confirmed one's payment is dated then. */
  createdAt: instant,
  decidedByName: z.string().nullable(),
  decidedAt: instant.nullable(),
  rejectionReason: z.string().nullable(),
  /** The payment a confirmation recorded, and its receipt's number and label. */
  paymentId: z.string().nullable(),
  receiptNumber: z.number().nullable(),
  receiptLabel: z.string().nullable(),
});
export type PendingTransfer = z.infer<typeof pendingTransferSchema>;

/**
 * Whether transfers wait now (the setting, which Record Payment and
 * Settlement tell about), and what waits per distributor: the "₦X awaiting
 * confirmation" on its card.
 */
export const transferSummarySchema = z.object({
  confirmTransfers: z.boolean(),
  awaiting: z.array(
    z.object({ distributorId: z.string(), amount: z.number(), transfers: z.number() }),
  ),
});
export type TransferSummary = z.infer<typeof transferSummarySchema>;

// Whether money arrived is a manager's call, as archiving is: Distributors delete.
const decide = moduleRight('distributors', 'delete');
const transferDecision = { recordType: 'pending_transfer' } as const;

export const pendingTransfersApi = {
  list: defineRoute({
    method: 'GET',
    url: '/api/pending-transfers',
    summary:
      'Transfers recorded while they need confirming: pending ones oldest first, or the confirmed or rejected newest first',
    access: moduleRight('distributors', 'read'),
    query: pendingTransferQuerySchema,
    response: { 200: z.array(pendingTransferSchema) },
  }),
  summary: defineRoute({
    method: 'GET',
    url: '/api/pending-transfers/summary',
    summary:
      'Whether transfers wait for confirmation now, and the money awaiting it per distributor',
    access: moduleRight('distributors', 'read'),
    response: { 200: transferSummarySchema },
  }),
  confirm: defineRoute({
    method: 'POST',
    url: '/api/pending-transfers/:id/confirm',
    summary:
      'Confirm a transfer arrived: it becomes a payment dated when it was recorded, with a receipt',
    access: decide,
    audit: { action: 'distributors.transfer_confirm', ...transferDecision },
    params: idParamsSchema,
    response: { 200: pendingTransferSchema },
    errors: ['TRANSFER_ALREADY_DECIDED'],
  }),
  reject: defineRoute({
    method: 'POST',
    url: '/api/pending-transfers/:id/reject',
    summary: 'Reject a transfer that did not arrive: never counted, its reason kept',
    access: decide,
    audit: { action: 'distributors.transfer_reject', ...transferDecision },
    params: idParamsSchema,
    body: rejectTransferSchema,
    response: { 200: pendingTransferSchema },
    errors: ['TRANSFER_ALREADY_DECIDED'],
  }),
};
