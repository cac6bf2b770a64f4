import { z } from 'zod';
import { moduleRight } from '../access';
import { adjustmentSchema } from '../bake-plan';
import { day } from '../fields';
import { defineRoute } from './contract';
import { productionBatchSchema } from './production';
import { purchaseOrderRecordSchema } from './purchase-orders';

const ADJUSTMENTS_MESSAGE = 'Adjustments must be loaves per bread, e.g. {"Agege Bread": 10}';

/** Loaves added or taken off by hand, per bread (recipe name); not stored: sent with each call. */
const adjustmentsSchema = z
  .record(z.string().min(1).max(200), adjustmentSchema, { error: ADJUSTMENTS_MESSAGE })
  .refine((value) => Object.keys(value).length <= 500, { error: 'Too many adjustments' });

/** In a query the adjustments travel as JSON text. */
const adjustmentsText = z
  .string({ error: ADJUSTMENTS_MESSAGE })
  .max(20_000, { error: 'Adjustments are too long' })
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: ADJUSTMENTS_MESSAGE });
      return z.NEVER;
    }
  })
  .pipe(adjustmentsSchema);

export const planQuerySchema = z.strictObject({
  day: day('Day').optional(),
  adjustments: adjustmentsText.optional(),
});

export const planWriteSchema = z.strictObject({
  day: day('Day'),
  adjustments: adjustmentsSchema.optional(),
});

export const planBatchesSchema = planWriteSchema.extend({
  /** Plan the breads again although the day already has their batches. */
  again: z.boolean({ error: 'Again must be true or false' }).optional(),
});
export type PlanBatchesInput = z.input<typeof planBatchesSchema>;

const weightSchema = z.object({
  itemId: z.string(),
  itemName: z.string(),
  unit: z.string(),
  quantity: z.number(),
});

export const planBreadSchema = z.object({
  recipeId: z.string(),
  recipeName: z.string(),
  ordered: z.number(),
  margin: z.number(),
  adjustment: z.number(),
  loaves: z.number(),
  /** null: not set on the recipe, so the bread is not planned. */
  loavesPerKg: z.number().nullable(),
  averageLoavesPerKg: z.number().nullable(),
  flourKg: z.number().nullable(),
  /** Each mix's flour and ingredient weights, as its batch will take them. */
  mixes: z.array(z.object({ flourKg: z.number(), ingredients: z.array(weightSchema) })).nullable(),
  /** Batches of this bread already made for the day by Create batches (not cancelled). */
  plannedBatches: z.number(),
});

export const planNeedSchema = z.object({
  itemId: z.string(),
  itemName: z.string(),
  unit: z.string(),
  supplier: z.string().nullable(),
  need: z.number(),
  stock: z.number(),
  shortfall: z.number(),
});

export const bakePlanSchema = z.object({
  day: z.string(),
  marginPercent: z.number(),
  mixerCapacityKg: z.number(),
  breads: z.array(planBreadSchema),
  needs: z.array(planNeedSchema),
});
export type BakePlan = z.infer<typeof bakePlanSchema>;
export type PlanBread = z.infer<typeof planBreadSchema>;

export const bakePlanApi = {
  plan: defineRoute({
    method: 'GET',
    url: '/api/bake-plan',
    summary:
      'The bake plan of a day (tomorrow unless given): loaves, flour and mixes per bread, ingredient needs against stock',
    access: moduleRight('production', 'read'),
    query: planQuerySchema,
    response: { 200: bakePlanSchema },
  }),
  createBatches: defineRoute({
    method: 'POST',
    url: '/api/bake-plan/batches',
    summary:
      "Create the day's planned batches, one per mix, in one transaction; refused when the day already has them unless again",
    access: moduleRight('production', 'write'),
    audit: { action: 'production.create', recordType: 'production_batch' },
    body: planBatchesSchema,
    response: {
      201: z.object({ batches: z.array(productionBatchSchema), skipped: z.array(z.string()) }),
    },
    errors: ['CONFLICT', 'BATCH_INGREDIENT_GONE', 'INGREDIENT_UNIT_CHANGED'],
  }),
  createOrders: defineRoute({
    method: 'POST',
    url: '/api/bake-plan/purchase-orders',
    summary:
      "Order the plan's shortfall: one pending purchase order per supplier, in one transaction",
    access: moduleRight('purchase_orders', 'write'),
    audit: { action: 'purchase_orders.create', recordType: 'purchase_order' },
    body: planWriteSchema,
    response: {
      201: z.object({
        orders: z.array(purchaseOrderRecordSchema),
        /** Short items with no supplier set: not ordered. */
        withoutSupplier: z.array(z.string()),
      }),
    },
  }),
};
