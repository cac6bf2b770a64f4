import { z } from 'zod';
import { moduleRight } from '../access';
import { breadType, day, recordId } from '../fields';
import { pageSchema } from '../paging';
import { priceChangeSchema } from '../prices';
import { defineRoute, instant } from './contract';

/** A price change as kept (a row of bread_prices), with the names the screen shows. */
export const priceChangeRecordSchema = z.object({
  id: z.string(),
  recipeName: z.string(),
  /** null: the default for everyone. */
  distributorId: z.string().nullable(),
  distributorName: z.string().nullable(),
  /** null: the distributor's own price withdrawn from that day. */
  pricePerLoaf: z.number().nullable(),
  effectiveFrom: z.string(),
  createdAt: instant,
  /** Who set it; null once the user is deleted. */
  createdByName: z.string().nullable(),
});
export type PriceChangeRecord = z.infer<typeof priceChangeRecordSchema>;

/** A distributor's own price of a bread in force on the day. */
export const ownPriceSchema = z.object({
  distributorId: z.string(),
  distributorName: z.string(),
  pricePerLoaf: z.number(),
  /** Own price minus the default (negative: a discount); null without a default. */
  difference: z.number().nullable(),
});

export const breadPricesSchema = z.object({
  recipeName: z.string(),
  /** null: no default price on the day. */
  defaultPrice: z.number().nullable(),
  /** Active distributors with an own price in force, by name. */
  ownPrices: z.array(ownPriceSchema),
  /** Changes dated after the day, soonest first. */
  scheduled: z.array(priceChangeRecordSchema),
});
export type BreadPrices = z.infer<typeof breadPricesSchema>;

export const priceListSchema = z.object({
  date: z.string(),
  /** Every bread offered (recipes not deleted), by name. */
  breads: z.array(breadPricesSchema),
});
export type PriceList = z.infer<typeof priceListSchema>;

/** What Record Sale prefills: the price for the distributor and bread today. */
export const salePriceSchema = z.object({
  pricePerLoaf: z.number().nullable(),
  source: z.enum(['own', 'default', 'none']),
});
export type SalePrice = z.infer<typeof salePriceSchema>;

export const priceListQuerySchema = z.strictObject({ date: day('Date').optional() });

export const priceHistoryQuerySchema = pageSchema.extend({
  recipeName: breadType.optional(),
  distributorId: recordId('Choose a distributor').optional(),
});

export const salePriceQuerySchema = z.strictObject({
  distributorId: recordId('Choose a distributor'),
  recipeName: breadType,
});

export const pricesApi = {
  list: defineRoute({
    method: 'GET',
    url: '/api/bread-prices',
    summary: 'Every bread with its default and own prices in force on a day (today by default)',
    access: moduleRight('sales', 'read'),
    query: priceListQuerySchema,
    response: { 200: priceListSchema },
  }),
  history: defineRoute({
    method: 'GET',
    url: '/api/bread-prices/history',
    summary: "Price changes, newest first, of a bread, a distributor's or all",
    access: moduleRight('sales', 'read'),
    query: priceHistoryQuerySchema,
    response: { 200: z.array(priceChangeRecordSchema) },
  }),
  forSale: defineRoute({
    method: 'GET',
    url: '/api/bread-prices/for-sale',
    summary: "A distributor's price of a bread today, as Record Sale prefills it",
    // The sale form asks for it with the right to sell alone.
    access: {
      kind: 'any-of',
      rules: [
        { module: 'sales', right: 'read' },
        { module: 'sales', right: 'write' },
      ],
    },
    query: salePriceQuerySchema,
    response: { 200: salePriceSchema },
  }),
  set: defineRoute({
    method: 'POST',
    url: '/api/bread-prices',
    summary:
      "Set a bread's default or a distributor's own price from a day, or withdraw an own price",
    access: moduleRight('sales', 'write'),
    audit: { action: 'sales.price', recordType: 'bread_price' },
    body: priceChangeSchema,
    response: { 201: priceChangeRecordSchema },
    errors: ['DISTRIBUTOR_ARCHIVED'],
  }),
};
