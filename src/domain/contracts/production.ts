import { z } from 'zod';
import { moduleRight } from '../access';
import { idParamsSchema } from '../admin-schemas';
import type { AuditAction } from '../audit';
import { pageSchema } from '../paging';
import { BATCH_STATUSES, batchSchema, batchUpdateSchema } from '../production-schemas';
import { defineRoute, instant } from './contract';

export const productionBatchSchema = z.object({
  id: z.string(),
  batchNumber: z.string(),
  /** null when the recipe is gone: the batch keeps its recipe's name. */
  recipeId: z.string().nullable(),
  recipeName: z.string(),
  flourKg: z.number(),
  doughSizeGrams: z.number().nullable(),
  status: z.enum(BATCH_STATUSES),
  startedAt: instant.nullable(),
  completedAt: instant.nullable(),
  loavesProduced: z.number().nullable(),
  notes: z.string().nullable(),
  createdAt: instant,
});
export type ProductionBatch = z.infer<typeof productionBatchSchema>;

/** The Production page's tiles. */
export const batchSummarySchema = z.object({ total: z.number(), inProgress: z.number() });
export type BatchSummary = z.infer<typeof batchSummarySchema>;

/** What the batch's ingredients cost, for the cost per loaf. */
export const batchCostSchema = z.object({ ingredientCost: z.number() });
export type BatchCost = z.infer<typeof batchCostSchema>;

/** The audit action of a change of batch names what the change did. */
const BATCH_ACTIONS: Record<string, AuditAction> = {
  in_progress: 'production.start',
  completed: 'production.complete',
  cancelled: 'production.cancel',
};

const batchWrite = { recordType: 'production_batch' } as const;

export const productionApi = {
  list: defineRoute({
    method: 'GET',
    url: '/api/production-batches',
    summary: 'Batches, newest first',
    access: moduleRight('production', 'read'),
    query: pageSchema,
    response: { 200: z.array(productionBatchSchema) },
  }),
  summary: defineRoute({
    method: 'GET',
    url: '/api/production-batches/summary',
    summary: 'The number of batches, and of those in progress',
    access: moduleRight('production', 'read'),
    response: { 200: batchSummarySchema },
  }),
  create: defineRoute({
    method: 'POST',
    url: '/api/production-batches',
    summary: "Plan or start a batch, taking its recipe's ingredients out of stock",
    access: moduleRight('production', 'write'),
    audit: { action: 'production.create', ...batchWrite },
    body: batchSchema,
    response: { 201: productionBatchSchema },
    errors: ['NOT_FOUND', 'BATCH_NUMBER_TAKEN', 'BATCH_INGREDIENT_GONE', 'INGREDIENT_UNIT_CHANGED'],
  }),
  update: defineRoute({
    method: 'PATCH',
    url: '/api/production-batches/:id',
    summary: 'Start, complete or cancel a batch (cancelling puts its ingredients back)',
    // Starting, completing and cancelling are all changes of a batch: cancelling deletes nothing.
    access: moduleRight('production', 'write'),
    audit: {
      action: 'production.update',
      ...batchWrite,
      refine: ({ body }) => {
        const status = (body as { status?: unknown } | null | undefined)?.status;
        return (typeof status === 'string' && BATCH_ACTIONS[status]) || 'production.update';
      },
    },
    params: idParamsSchema,
    body: batchUpdateSchema,
    response: { 200: productionBatchSchema },
    errors: ['BATCH_ALREADY_STARTED', 'BATCH_ALREADY_COMPLETED', 'BATCH_CANCELLED'],
  }),
  cost: defineRoute({
    method: 'GET',
    url: '/api/production-batches/:id/cost',
    summary: "What the batch's ingredients cost at today's unit costs",
    access: moduleRight('production', 'read'),
    params: idParamsSchema,
    response: { 200: batchCostSchema },
  }),
};
