import { eq, sql } from 'drizzle-orm';
import type { StockMovementReason } from '../../../domain/inventory-schemas';
import type { Transaction } from '../../db/connection';
import { inventoryItems, stockMovements } from '../../db/schema';
import { badRequest } from '../../errors';

export interface StockChange {
  itemId: string;
  quantityChange: number;
  reason: StockMovementReason;
  reference?: { type: 'purchase_order' | 'production_batch'; id: string };
  userId: string | null;
}

/**
 * The only way stock changes: the item's stock moves and a movement row records
 * why, in the caller's transaction. The addition happens in SQL on NUMERIC, so
 * 0.1 + 0.2 is 0.3 and concurrent changes never overwrite each other.
 */
export async function changeStock(tx: Transaction, change: StockChange): Promise<void> {
  if (change.quantityChange === 0) return;
  await refuseOutOfRange(tx, change);
  await tx
    .update(inventoryItems)
    .set({
      currentStock: sql`${inventoryItems.currentStock} + ${String(change.quantityChange)}::numeric`,
      updatedAt: new Date(),
    })
    .where(eq(inventoryItems.id, change.itemId));
  await tx.insert(stockMovements).values({
    itemId: change.itemId,
    quantityChange: change.quantityChange,
    reason: change.reason,
    referenceType: change.reference?.type ?? null,
    referenceId: change.reference?.id ?? null,
    userId: change.userId,
  });
}

/** Stock and movements are NUMERIC(14,3): their size stays below 10^11. */
const STOCK_LIMIT = 100_000_000_000;

/**
 * A recipe scaled far up, or receipts piling up, could take stock beyond what
 * the database holds. Refused here with the item's name; should a concurrent
 * change still tip it over, the database refuses and the error handler says so.
 */
async function refuseOutOfRange(tx: Transaction, change: StockChange) {
  const [item] = await tx
    .select({ name: inventoryItems.name, currentStock: inventoryItems.currentStock })
    .from(inventoryItems)
    .where(eq(inventoryItems.id, change.itemId));
  if (!item) return;
  const after = item.currentStock + change.quantityChange;
  if (Math.abs(change.quantityChange) >= STOCK_LIMIT || Math.abs(after) >= STOCK_LIMIT) {
    throw badRequest(stockOutOfRangeMessage(item.name));
  }
}

export const stockOutOfRangeMessage = (itemName: string) =>
  `This would take the stock of ${itemName} beyond what can be recorded (100 billion)`;
