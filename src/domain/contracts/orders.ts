import { z } from 'zod';
import { moduleRight } from '../access';
import { idParamsSchema } from '../admin-schemas';
import {
  bookQuerySchema,
  dayOrderSchema,
  pauseListQuerySchema,
  pauseSchema,
  standingOrderSchema,
} from '../order-schemas';
import { defineRoute, instant } from './contract';

/** A distributor's week: for each bread, loaves Monday … Sunday. */
export const standingGridSchema = z.object({
  distributorId: z.string(),
  name: z.string(),
  breads: z.array(z.object({ recipeName: z.string(), days: z.array(z.number()) })),
});
export type StandingGrid = z.infer<typeof standingGridSchema>;

export const orderPauseSchema = z.object({
  id: z.string(),
  distributorId: z.string(),
  distributorName: z.string(),
  fromDay: z.string(),
  toDay: z.string(),
  reason: z.string().nullable(),
  createdAt: instant,
});
export type OrderPause = z.infer<typeof orderPauseSchema>;

const bookLineSchema = z.object({
  distributorId: z.string(),
  name: z.string(),
  /** A pause covers the day: only that day's changes are ordered. */
  paused: z.boolean(),
  breads: z.array(
    z.object({
      recipeName: z.string(),
      standing: z.number(),
      /** That day's loaves in place of the standing order; null when none. */
      change: z.number().nullable(),
      ordered: z.number(),
    }),
  ),
  total: z.number(),
});
export type BookLine = z.infer<typeof bookLineSchema>;

export const orderBookSchema = z.object({
  day: z.string(),
  weekday: z.number(),
  /** The breads offered (recipes not deleted), the columns of the book. */
  breads: z.array(z.string()),
  /** Every active distributor, by name. */
  lines: z.array(bookLineSchema),
  totals: z.array(z.object({ recipeName: z.string(), loaves: z.number() })),
  total: z.number(),
  /** HH:MM, the setting the cut-off instant comes from. */
  cutoffTime: z.string(),
  cutoffAt: instant,
  /** Past the cut-off: only users with Sales delete may change the day. */
  closed: z.boolean(),
  /** A day before today: nobody may change it. */
  past: z.boolean(),
});
export type OrderBook = z.infer<typeof orderBookSchema>;

const read = moduleRight('sales', 'read');
const write = moduleRight('sales', 'write');

export const ordersApi = {
  standing: defineRoute({
    method: 'GET',
    url: '/api/orders/standing',
    summary: "Every active distributor's standing orders: loaves per bread, Monday to Sunday",
    access: read,
    response: { 200: z.array(standingGridSchema) },
  }),
  setStanding: defineRoute({
    method: 'PUT',
    url: '/api/orders/standing/:id',
    summary:
      "Replace a distributor's standing orders; days already closed keep their loaves as changes",
    access: write,
    audit: { action: 'sales.standing_orders', recordType: 'standing_order' },
    params: idParamsSchema,
    body: standingOrderSchema,
    response: { 200: standingGridSchema },
    errors: ['NOT_FOUND', 'DISTRIBUTOR_ARCHIVED'],
  }),
  pauses: defineRoute({
    method: 'GET',
    url: '/api/orders/pauses',
    summary: 'Pauses not yet over, by first day, or one distributor’s',
    access: read,
    query: pauseListQuerySchema,
    response: { 200: z.array(orderPauseSchema) },
  }),
  pause: defineRoute({
    method: 'POST',
    url: '/api/orders/pauses',
    summary: "Pause a distributor's standing orders from one day to another (not in the past)",
    access: write,
    audit: { action: 'sales.order_pause', recordType: 'order_pause' },
    body: pauseSchema,
    response: { 201: orderPauseSchema },
    errors: ['NOT_FOUND', 'DISTRIBUTOR_ARCHIVED', 'ORDER_DAY_PAST'],
  }),
  unpause: defineRoute({
    method: 'DELETE',
    url: '/api/orders/pauses/:id',
    summary: 'Remove a pause; days already closed keep what they ordered',
    access: write,
    audit: { action: 'sales.order_unpause', recordType: 'order_pause' },
    params: idParamsSchema,
    response: { 200: z.object({ message: z.string() }) },
    errors: ['NOT_FOUND'],
  }),
  book: defineRoute({
    method: 'GET',
    url: '/api/orders/book',
    summary: 'The order book of a day (tomorrow unless given): loaves per distributor and bread',
    access: read,
    query: bookQuerySchema,
    response: { 200: orderBookSchema },
  }),
  setDay: defineRoute({
    method: 'PUT',
    url: '/api/orders/book/:id',
    summary:
      "Set a distributor's loaves for one day; after the cut-off only with Sales delete, never for a past day",
    access: write,
    audit: { action: 'sales.day_order', recordType: 'day_order' },
    params: idParamsSchema,
    body: dayOrderSchema,
    response: { 200: bookLineSchema },
    errors: ['NOT_FOUND', 'DISTRIBUTOR_ARCHIVED', 'ORDER_DAY_PAST', 'ORDER_DAY_CLOSED'],
  }),
};
