/**
 * The records the simulation keeps in memory before writing them: the
 * domain's own fields where they match, with catalogue indexes (item,
 * recipe, distributor) instead of ids and Date instead of ISO text.
 */

import type { BreadReturn, DistributorPayment } from '../../../domain/contracts/distributors';
import type { ProductionBatch } from '../../../domain/contracts/production';
import type { PurchaseOrder, PurchaseOrderLine } from '../../../domain/contracts/purchase-orders';
import type { SaleTransaction } from '../../../domain/contracts/sales';
import type { StockMovementReason } from '../../../domain/inventory-schemas';
import type { Kobo } from '../../../domain/money';
import type { WasteReason, WasteSource } from '../../../domain/waste';
import type { SupplierKey } from '../catalog';

/** list[index], which the simulation knows to be there. */
export function nth<T>(list: readonly T[], index: number): T {
  const value = list[index];
  if (value === undefined) throw new RangeError(`No entry ${index}`);
  return value;
}

/** The nearest multiple of `step`, and at least one step. */
export const roundToStep = (value: number, step: number) =>
  Math.max(step, Math.round(value / step) * step);

/** Stock quantities are tracked in thousandths (the 3 decimals the database keeps), as integers. */
export type Milli = number;
export const toMilli = (quantity: number): Milli => Math.round(quantity * 1000);
export const fromMilli = (milli: Milli): number => milli / 1000;

export interface Movement {
  id: string;
  item: number;
  milli: Milli;
  reason: StockMovementReason;
  reference: { type: 'purchase_order' | 'production_batch'; id: string } | null;
  /** For a receipt: the line's unit cost, for the moving average. */
  unitCost?: number;
  userId: string;
  at: Date;
  /** The order it was recorded in, which breaks ties between movements at the same moment. */
  seq: number;
}

export interface Batch
  extends Pick<
    ProductionBatch,
    'id' | 'batchNumber' | 'flourKg' | 'status' | 'loavesProduced' | 'notes'
  > {
  recipe: number;
  createdAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
  cancelledAt: Date | null;
  userId: string;
}

export interface OrderLine extends Pick<PurchaseOrderLine, 'quantity' | 'totalCost' | 'unitCost'> {
  item: number;
}

export interface Order
  extends Pick<PurchaseOrder, 'id' | 'orderNumber' | 'status' | 'expectedDelivery' | 'notes'> {
  supplier: SupplierKey;
  lines: OrderLine[];
  orderDate: Date;
  deliveredDate: Date | null;
}

export interface Sale extends Pick<SaleTransaction, 'id' | 'loavesTaken' | 'notes'> {
  distributor: number;
  recipe: number;
  batchId: string;
  price: Kobo;
  paid: Kobo;
  /** Why a manager let it over the distributor's credit limit; null when it needed no one. */
  overrideReason: string | null;
  at: Date;
}

export interface Payment extends Pick<DistributorPayment, 'id' | 'paymentMethod'> {
  distributor: number;
  amount: Kobo;
  description: string;
  at: Date;
}

export interface Return extends Pick<BreadReturn, 'id' | 'loavesReturned' | 'reason' | 'notes'> {
  distributor: number;
  recipe: number;
  price: Kobo;
  at: Date;
}

/** Loaves of a bread past their shelf life, set aside when a sale or write-off first met them. */
export interface StalePile {
  id: string;
  recipe: number;
  loaves: number;
  /** The bakery midnight the newest of them went stale. */
  staleFrom: Date;
  at: Date;
}

/** Loaves written off: on sale, stale, or of one return (`returnId`). */
export interface WriteOff {
  id: string;
  recipe: number;
  loaves: number;
  reason: WasteReason;
  source: WasteSource;
  returnId: string | null;
  notes: string | null;
  userId: string;
  at: Date;
}

/** A write-off with its cost, as the waste service prices it: its bread's newest completed batch. */
export interface CostedWriteOff extends WriteOff {
  batchId: string | null;
  costPerLoaf: Kobo;
}

/** What happens at a distributor's account in the course of a day, in time order. */
export type AccountEvent =
  | { at: Date; kind: 'sale'; distributor: number; recipe: number; wanted: number }
  | { at: Date; kind: 'return'; distributor: number }
  | { at: Date; kind: 'payment'; distributor: number };
