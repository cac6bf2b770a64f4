import { z } from 'zod';
import { moduleRight } from '../access';
import { idParamsSchema } from '../admin-schemas';
import { dispatchQuerySchema, dispatchSchema } from '../dispatch';
import { defineRoute, instant } from './contract';

const noteLineSchema = z.object({
  recipeName: z.string(),
  ordered: z.number(),
  /** null until dispatched. */
  loaded: z.number().nullable(),
  /** Loaves left to sell now. */
  available: z.number(),
  /** The price recorded, or before dispatch the price in force that day (null: none set). */
  pricePerLoaf: z.number().nullable(),
  /** loaded × price once dispatched, else ordered × price. */
  value: z.number().nullable(),
});

/** One distributor's delivery note for the day. */
export const deliveryNoteSchema = z.object({
  distributorId: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  dispatched: z.boolean(),
  dispatchedAt: instant.nullable(),
  lines: z.array(noteLineSchema),
  totalOrdered: z.number(),
  totalLoaded: z.number(),
  totalValue: z.number(),
});
export type DeliveryNote = z.infer<typeof deliveryNoteSchema>;

export const dispatchDaySchema = z.object({
  day: z.string(),
  /** Only today's dispatch can be made: its sales are made now. */
  isToday: z.boolean(),
  /** The loading list: per bread, loaves ordered, loaded so far, still to load, and available. */
  loading: z.array(
    z.object({
      recipeName: z.string(),
      ordered: z.number(),
      loaded: z.number(),
      toLoad: z.number(),
      available: z.number(),
    }),
  ),
  notes: z.array(deliveryNoteSchema),
});
export type DispatchDay = z.infer<typeof dispatchDaySchema>;

export const dispatchApi = {
  day: defineRoute({
    method: 'GET',
    url: '/api/dispatch',
    summary: "A day's loading list and delivery notes (today unless given)",
    access: moduleRight('sales', 'read'),
    query: dispatchQuerySchema,
    response: { 200: dispatchDaySchema },
  }),
  dispatch: defineRoute({
    method: 'POST',
    url: '/api/dispatch/:id',
    summary:
      "Dispatch today's order of a distributor: the loaves loaded become its sales at the day's prices; the shortfall is kept",
    access: moduleRight('sales', 'write'),
    audit: { action: 'sales.dispatch', recordType: 'distributor' },
    params: idParamsSchema,
    body: dispatchSchema,
    response: { 201: deliveryNoteSchema },
    errors: [
      'NOT_FOUND',
      'DISTRIBUTOR_ARCHIVED',
      'LOAVES_NOT_AVAILABLE',
      'DISPATCH_NOT_TODAY',
      'DISPATCH_ALREADY_MADE',
      'CREDIT_LIMIT_EXCEEDED',
      'CREDIT_OVERRIDE_NOT_ALLOWED',
    ],
  }),
};
