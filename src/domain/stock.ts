export type StockStatus = 'Out of Stock' | 'Low Stock' | 'In Stock';

/** Out at or below 0, low at or below the minimum, else in stock (docs/screens/inventory.md). */
export function stockStatus(currentStock: number, minStock: number): StockStatus {
  if (currentStock <= 0) return 'Out of Stock';
  if (currentStock <= minStock) return 'Low Stock';
  return 'In Stock';
}

/** The inventory page's low count: at or below the minimum. */
export function isAtOrBelowMinimum(currentStock: number, minStock: number): boolean {
  return currentStock <= minStock;
}

/** Reports and the dashboard: only items that have a minimum above 0 can be low. */
export function needsReorder(currentStock: number, minStock: number): boolean {
  return minStock > 0 && currentStock <= minStock;
}

/**
 * What Reorder proposes: enough to bring the stock, with what is already on
 * order, up to twice the minimum (one minimum's worth of headroom above it),
 * rounded up to a whole unit; 0 when the open orders already do.
 */
export function reorderQuantity(currentStock: number, minStock: number, onOrder: number): number {
  // Rounded to 6 places first so 20 − 4.1 − 0.9 is 15, not 15.000000000000002 → 16.
  const short = Number((2 * minStock - currentStock - onOrder).toFixed(6));
  return Math.max(0, Math.ceil(short));
}
