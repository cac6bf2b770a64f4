import { z } from 'zod';
import { moduleRight } from '../access';
import { pageSchema } from '../paging';
import { defineRoute } from './contract';
import { productionBatchSchema } from './production';

/** The Production History page's tiles; months are the bakery's calendar months. */
export const productionHistorySummarySchema = z.object({
  totalKg: z.number(),
  completedBatches: z.number(),
  thisMonthKg: z.number(),
  lastMonthKg: z.number(),
  /** null unless last month is above 0. */
  changePercent: z.number().nullable(),
  averageBatchKg: z.number(),
});
export type ProductionHistorySummary = z.infer<typeof productionHistorySummarySchema>;

export const productionHistoryApi = {
  list: defineRoute({
    method: 'GET',
    url: '/api/production-history',
    summary: 'Completed batches, most recently completed first',
    access: moduleRight('production_history', 'read'),
    query: pageSchema,
    response: { 200: z.array(productionBatchSchema) },
  }),
  summary: defineRoute({
    method: 'GET',
    url: '/api/production-history/summary',
    summary: 'Flour baked in all, this month and last month, and per batch',
    access: moduleRight('production_history', 'read'),
    response: { 200: productionHistorySummarySchema },
  }),
};
