import { eq, sql } from 'drizzle-orm';
import type { StockMovementReason } from '../../../domain/inventory-schemas';
import type { Transaction } from '../../db/connection';
import { inventoryItems, stockMovements } from '../../db/schema';

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
