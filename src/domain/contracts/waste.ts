import { z } from 'zod';
import { moduleRight } from '../access';
import { RETURN_REASONS } from '../distributor-schemas';
import { pageSchema } from '../paging';
import { WASTE_REASONS, WASTE_SOURCES, writeOffSchema } from '../waste';
import { defineRoute, instant } from './contract';

/** A bread's loaves on the shelf: on sale, and past their shelf life waiting to be written off. */
export const breadShelfSchema = z.object({
  recipeName: z.string(),
  /** null: the recipe keeps no shelf life, so its loaves never go stale. */
  shelfLifeDays: z.number().nullable(),
  onSale: z.number(),
  stale: z.number(),
});
export type BreadShelf = z.infer<typeof breadShelfSchema>;

/** A recent distributor return with loaves not yet written off. */
export const returnToWriteOffSchema = z.object({
  id: z.string(),
  distributorName: z.string().nullable(),
  recipeName: z.string(),
  reason: z.enum(RETURN_REASONS),
  loavesReturned: z.number(),
  loavesLeft: z.number(),
  createdAt: instant,
});
export type ReturnToWriteOff = z.infer<typeof returnToWriteOffSchema>;

export const wasteShelfSchema = z.object({
  breads: z.array(breadShelfSchema),
  returns: z.array(returnToWriteOffSchema),
});
export type WasteShelf = z.infer<typeof wasteShelfSchema>;

export const wasteRecordSchema = z.object({
  id: z.string(),
  recipeName: z.string(),
  loaves: z.number(),
  reason: z.enum(WASTE_REASONS),
  source: z.enum(WASTE_SOURCES),
  breadReturnId: z.string().nullable(),
  /** The ingredients' cost of one loaf when written off, and of all of them. */
  costPerLoaf: z.number(),
  cost: z.number(),
  notes: z.string().nullable(),
  /** Who wrote them off; null for a user since removed from the record. */
  writtenOffBy: z.string().nullable(),
  createdAt: instant,
});
export type WasteRecord = z.infer<typeof wasteRecordSchema>;

export const wasteApi = {
  shelf: defineRoute({
    method: 'GET',
    url: '/api/waste/shelf',
    summary: 'Loaves on sale and stale per bread, and recent returns still to write off',
    access: moduleRight('sales', 'read'),
    response: { 200: wasteShelfSchema },
  }),
  list: defineRoute({
    method: 'GET',
    url: '/api/waste',
    summary: 'Write-offs, newest first',
    access: moduleRight('sales', 'read'),
    query: pageSchema,
    response: { 200: z.array(wasteRecordSchema) },
  }),
  writeOff: defineRoute({
    method: 'POST',
    url: '/api/waste',
    summary: 'Write off loaves on sale, stale or returned, with a reason (never a sale)',
    access: moduleRight('sales', 'write'),
    audit: { action: 'sales.write_off', recordType: 'bread_waste' },
    body: writeOffSchema,
    response: { 201: wasteRecordSchema },
    errors: ['LOAVES_NOT_ON_HAND', 'RETURN_TOO_OLD'],
  }),
};
