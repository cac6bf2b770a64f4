import { z } from 'zod';
import { moduleRight } from '../access';
import { idParamsSchema } from '../admin-schemas';
import {
  INVENTORY_CATEGORIES,
  INVENTORY_UNITS,
  inventoryItemSchema,
  inventoryItemUpdateSchema,
  inventoryListQuerySchema,
  STOCK_MOVEMENT_REASONS,
} from '../inventory-schemas';
import { pageSchema } from '../paging';
import { defineRoute, instant } from './contract';

export const inventoryItemRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.enum(INVENTORY_CATEGORIES),
  currentStock: z.number(),
  unit: z.enum(INVENTORY_UNITS),
  minStock: z.number(),
  unitCost: z.number(),
  supplier: z.string().nullable(),
  /** Deleted while it had history: hidden from lists and pickers, kept for its records. */
  archived: z.boolean(),
  createdAt: instant,
  updatedAt: instant,
});
export type InventoryItem = z.infer<typeof inventoryItemRecordSchema>;

/** An item with history is archived instead of deleted; the message says which happened. */
export const itemDeleteResultSchema = z.object({
  action: z.enum(['deleted', 'archived']),
  message: z.string(),
});
export type ItemDeleteResult = z.infer<typeof itemDeleteResultSchema>;

const STOCK_MOVEMENT_REASON_KEYS = Object.keys(STOCK_MOVEMENT_REASONS) as [
  keyof typeof STOCK_MOVEMENT_REASONS,
  ...(keyof typeof STOCK_MOVEMENT_REASONS)[],
];

export const stockMovementSchema = z.object({
  id: z.string(),
  quantityChange: z.number(),
  reason: z.enum(STOCK_MOVEMENT_REASON_KEYS),
  /** The order or batch number that caused it, when there is one. */
  reference: z.string().nullable(),
  userName: z.string().nullable(),
  createdAt: instant,
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

/** What the recipe and purchase order forms need to choose an item. */
const ITEM_CHOICE = ['id', 'name', 'category', 'unit', 'archived'] as const;

const itemWrite = { recordType: 'inventory_item' } as const;

export const inventoryApi = {
  list: defineRoute({
    method: 'GET',
    url: '/api/inventory',
    summary: 'Items in use by name, or with includeArchived=true the archived ones too',
    // The recipe, purchase order and batch forms choose items from this list;
    // the batch form also warns when stock is short, so it sees the stock, and
    // the order form when a line's price is far from the item's cost.
    access: {
      kind: 'any-of',
      rules: [
        { module: 'inventory', right: 'read' },
        { module: 'recipes', right: 'write', fields: ITEM_CHOICE },
        { module: 'purchase_orders', right: 'write', fields: [...ITEM_CHOICE, 'unitCost'] },
        { module: 'production', right: 'write', fields: [...ITEM_CHOICE, 'currentStock'] },
      ],
    },
    query: inventoryListQuerySchema,
    response: { 200: z.array(inventoryItemRecordSchema) },
  }),
  lowStock: defineRoute({
    method: 'GET',
    url: '/api/inventory/low-stock',
    summary: 'Items in use at or below a minimum above 0, the most short first',
    access: moduleRight('inventory', 'read'),
    response: { 200: z.array(inventoryItemRecordSchema) },
  }),
  create: defineRoute({
    method: 'POST',
    url: '/api/inventory',
    summary: 'Add an item; its opening stock is recorded as a movement',
    access: moduleRight('inventory', 'write'),
    audit: { action: 'inventory.create', ...itemWrite },
    body: inventoryItemSchema,
    response: { 201: inventoryItemRecordSchema },
    errors: ['ITEM_NAME_TAKEN'],
  }),
  update: defineRoute({
    method: 'PATCH',
    url: '/api/inventory/:id',
    summary: 'Change an item; a new stock figure is recorded as a manual adjustment',
    access: moduleRight('inventory', 'write'),
    audit: { action: 'inventory.update', ...itemWrite },
    params: idParamsSchema,
    body: inventoryItemUpdateSchema,
    response: { 200: inventoryItemRecordSchema },
    errors: ['ITEM_NAME_TAKEN'],
  }),
  remove: defineRoute({
    method: 'DELETE',
    url: '/api/inventory/:id',
    summary: 'Delete an item, or archive it when it has history',
    // Delete archives an item with history; unarchiving undoes it, with the same right.
    access: moduleRight('inventory', 'delete'),
    audit: { action: 'inventory.delete', ...itemWrite },
    params: idParamsSchema,
    response: { 200: itemDeleteResultSchema },
    errors: ['ITEM_ALREADY_ARCHIVED', 'ITEM_IN_USE'],
  }),
  unarchive: defineRoute({
    method: 'POST',
    url: '/api/inventory/:id/unarchive',
    summary: 'Bring an archived item back onto the inventory list',
    access: moduleRight('inventory', 'delete'),
    audit: { action: 'inventory.unarchive', ...itemWrite },
    params: idParamsSchema,
    response: { 200: z.object({ message: z.string() }) },
    errors: ['ITEM_NOT_ARCHIVED', 'ITEM_NAME_TAKEN'],
  }),
  movements: defineRoute({
    method: 'GET',
    url: '/api/inventory/:id/movements',
    summary: "An item's stock movements, newest first",
    access: moduleRight('inventory', 'read'),
    params: idParamsSchema,
    query: pageSchema,
    response: { 200: z.array(stockMovementSchema) },
  }),
};
