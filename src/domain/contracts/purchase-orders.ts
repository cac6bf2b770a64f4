import { z } from 'zod';
import { moduleRight } from '../access';
import { idParamsSchema } from '../admin-schemas';
import { INVENTORY_UNITS } from '../inventory-schemas';
import { pageSchema } from '../paging';
import { PURCHASE_ORDER_STATUSES, purchaseOrderSchema } from '../purchase-order-schemas';
import { defineRoute, instant } from './contract';

export const purchaseOrderLineSchema = z.object({
  itemId: z.string(),
  /** null (with the unit) when the item has since left the inventory. */
  itemName: z.string().nullable(),
  unit: z.enum(INVENTORY_UNITS).nullable(),
  quantity: z.number(),
  unitCost: z.number(),
  totalCost: z.number(),
});
export type PurchaseOrderLine = z.infer<typeof purchaseOrderLineSchema>;

export const purchaseOrderRecordSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  supplier: z.string(),
  status: z.enum(PURCHASE_ORDER_STATUSES),
  items: z.array(purchaseOrderLineSchema),
  totalAmount: z.number(),
  orderDate: instant,
  /** A date (yyyy-MM-dd), not an instant. */
  expectedDelivery: z.string().nullable(),
  deliveredDate: instant.nullable(),
  notes: z.string().nullable(),
});
export type PurchaseOrder = z.infer<typeof purchaseOrderRecordSchema>;

/** The Purchase Orders page's tiles: all orders, and those still to arrive. */
export const orderSummarySchema = z.object({ total: z.number(), pending: z.number() });
export type OrderSummary = z.infer<typeof orderSummarySchema>;

const write = moduleRight('purchase_orders', 'write');
const orderWrite = { recordType: 'purchase_order' } as const;

export const purchaseOrdersApi = {
  list: defineRoute({
    method: 'GET',
    url: '/api/purchase-orders',
    summary: 'Purchase orders, newest first',
    access: moduleRight('purchase_orders', 'read'),
    query: pageSchema,
    response: { 200: z.array(purchaseOrderRecordSchema) },
  }),
  summary: defineRoute({
    method: 'GET',
    url: '/api/purchase-orders/summary',
    summary: 'The number of orders, and of those pending or shipped',
    access: moduleRight('purchase_orders', 'read'),
    response: { 200: orderSummarySchema },
  }),
  create: defineRoute({
    method: 'POST',
    url: '/api/purchase-orders',
    summary: 'Place an order; one recorded as delivered brings its stock in at once',
    access: write,
    audit: { action: 'purchase_orders.create', ...orderWrite },
    body: purchaseOrderSchema,
    response: { 201: purchaseOrderRecordSchema },
    // NOT_FOUND: a line names no item.
    errors: ['ORDER_NUMBER_TAKEN', 'NOT_FOUND'],
  }),
  receive: defineRoute({
    method: 'PATCH',
    url: '/api/purchase-orders/:id/receive',
    summary:
      "Mark a pending or shipped order delivered: its stock comes in and its items' costs move",
    access: write,
    audit: { action: 'purchase_orders.receive', ...orderWrite },
    params: idParamsSchema,
    response: { 200: purchaseOrderRecordSchema },
    errors: ['ORDER_ALREADY_RECEIVED', 'ORDER_CANCELLED', 'ORDER_ITEM_GONE'],
  }),
  ship: defineRoute({
    method: 'PATCH',
    url: '/api/purchase-orders/:id/ship',
    summary: 'Mark a pending order shipped',
    access: write,
    audit: { action: 'purchase_orders.ship', ...orderWrite },
    params: idParamsSchema,
    response: { 200: purchaseOrderRecordSchema },
    errors: ['ORDER_ALREADY_SHIPPED', 'ORDER_ALREADY_RECEIVED', 'ORDER_CANCELLED'],
  }),
  cancel: defineRoute({
    method: 'PATCH',
    url: '/api/purchase-orders/:id/cancel',
    summary: 'Cancel a pending or shipped order',
    access: write,
    audit: { action: 'purchase_orders.cancel', ...orderWrite },
    params: idParamsSchema,
    response: { 200: purchaseOrderRecordSchema },
    errors: ['ORDER_ALREADY_RECEIVED', 'ORDER_CANCELLED'],
  }),
};
