import { describe, expect, it } from 'vitest';
import { isAtOrBelowMinimum, needsReorder, reorderQuantity, stockStatus } from './stock';

describe('stockStatus', () => {
  it.each([
    [0, 10, 'Out of Stock'],
    [-2.5, 10, 'Out of Stock'],
    [0, 0, 'Out of Stock'],
    [10, 10, 'Low Stock'],
    [3, 10, 'Low Stock'],
    [10.01, 10, 'In Stock'],
    [5, 0, 'In Stock'],
  ])('stock %d with minimum %d is %s', (current, minimum, status) => {
    expect(stockStatus(current, minimum)).toBe(status);
  });
});

describe('low stock rules', () => {
  it('counts items at or below the minimum on the inventory page, even with no minimum', () => {
    expect(isAtOrBelowMinimum(0, 0)).toBe(true);
    expect(isAtOrBelowMinimum(5, 5)).toBe(true);
    expect(isAtOrBelowMinimum(6, 5)).toBe(false);
  });

  it('needs a minimum above 0 for reports and the dashboard', () => {
    expect(needsReorder(0, 0)).toBe(false);
    expect(needsReorder(5, 5)).toBe(true);
    expect(needsReorder(6, 5)).toBe(false);
  });
});

describe('reorderQuantity', () => {
  it.each([
    // stock, minimum, on order, proposed
    [4, 10, 0, 16],
    [0, 2, 0, 4],
    [4.1, 10, 0.9, 15],
    [4.3, 10, 0, 16],
    [4, 10, 10, 6],
    [4, 10, 30, 0],
    [10, 10, 0, 10],
  ])('stock %d, minimum %d, %d on order: %d', (stock, min, onOrder, expected) => {
    expect(reorderQuantity(stock, min, onOrder)).toBe(expected);
  });
});
