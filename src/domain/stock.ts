export type StockStatus = 'Out of Stock' | 'Low Stock' | 'In Stock';

/** Spec section 4: out at or below 0, low at or below the minimum, else in stock. */
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
