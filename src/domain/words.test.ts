import { describe, expect, it } from 'vitest';
import { countOf } from './words';

describe('countOf', () => {
  it('agrees the noun with the count', () => {
    expect(countOf(1, 'loaf')).toBe('1 loaf');
    expect(countOf(2, 'loaf')).toBe('2 loaves');
    expect(countOf(0, 'loaf')).toBe('0 loaves');
    expect(countOf(1, 'batch')).toBe('1 batch');
    expect(countOf(3, 'batch')).toBe('3 batches');
    expect(countOf(1, 'order')).toBe('1 order');
    expect(countOf(12, 'item')).toBe('12 items');
    expect(countOf(2, 'completed batch')).toBe('2 completed batches');
    expect(countOf(1, 'completed batch')).toBe('1 completed batch');
  });

  it('writes large counts with thousands separators', () => {
    expect(countOf(30000, 'loaf')).toBe('30,000 loaves');
  });
});
