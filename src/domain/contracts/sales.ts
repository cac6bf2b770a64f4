import { z } from 'zod';
import { moduleRight } from '../access';
import { pageSchema } from '../paging';
import { saleSchema } from '../sales-schemas';
import { defineRoute, instant } from './contract';

export const saleTransactionSchema = z.object({
  id: z.string(),
  distributorId: z.string(),
  /** null when the distributor is gone: the screen shows 'Unknown Distributor'. */
  distributorName: z.string().nullable(),
  recipeName: z.string(),
  /** The oldest batch the loaves were drawn from. */
  productionBatchId: z.string().nullable(),
  loavesTaken: z.number(),
  pricePerLoaf: z.number(),
  amountPaid: z.number(),
  /** loavesTaken × pricePerLoaf. */
  value: z.number(),
  notes: z.string().nullable(),
  createdAt: instant,
});
export type SaleTransaction = z.infer<typeof saleTransactionSchema>;

/** The Sales page's three tiles. */
export const salesSummarySchema = z.object({
  totalAvailable: z.number(),
  /** Loaves past their shelf life waiting to be written off (not in totalAvailable). */
  totalStale: z.number(),
  totalSold: z.number(),
  transactionCount: z.number(),
});
export type SalesSummary = z.infer<typeof salesSummarySchema>;

/** One entry per bread that still has loaves on sale. */
export const availableLoavesSchema = z.object({
  recipeName: z.string(),
  totalAvailable: z.number(),
  /** Loaves of the bread past their shelf life: not on sale, waiting to be written off. */
  staleLoaves: z.number(),
  /** Completed batches that still have loaves, oldest first (sales draw from the oldest). */
  batches: z.array(
    z.object({
      id: z.string(),
      batchNumber: z.string(),
      completedAt: instant,
      available: z.number(),
    }),
  ),
});
export type AvailableLoaves = z.infer<typeof availableLoavesSchema>;

export const salesApi = {
  availableLoaves: defineRoute({
    method: 'GET',
    url: '/api/available-loaves',
    summary: 'Loaves of each bread on sale, by batch, oldest first, and how many are stale',
    // The sale form chooses from them with the right to sell alone.
    access: {
      kind: 'any-of',
      rules: [
        { module: 'sales', right: 'read' },
        { module: 'sales', right: 'write' },
      ],
    },
    response: { 200: z.array(availableLoavesSchema) },
  }),
  list: defineRoute({
    method: 'GET',
    url: '/api/sales-transactions',
    summary: 'Sales, newest first',
    access: moduleRight('sales', 'read'),
    query: pageSchema,
    response: { 200: z.array(saleTransactionSchema) },
  }),
  summary: defineRoute({
    method: 'GET',
    url: '/api/sales-transactions/summary',
    summary: 'Loaves available and sold, and the number of sales',
    access: moduleRight('sales', 'read'),
    response: { 200: salesSummarySchema },
  }),
  record: defineRoute({
    method: 'POST',
    url: '/api/sales-transactions',
    summary: 'Record a sale of loaves to a distributor',
    access: moduleRight('sales', 'write'),
    audit: { action: 'sales.create', recordType: 'sale' },
    body: saleSchema,
    response: { 201: saleTransactionSchema },
    errors: [
      'LOAVES_NOT_AVAILABLE',
      'DISTRIBUTOR_ARCHIVED',
      'CREDIT_LIMIT_EXCEEDED',
      'CREDIT_OVERRIDE_NOT_ALLOWED',
    ],
  }),
};
