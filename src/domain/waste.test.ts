import { describe, expect, it } from 'vitest';
import { loavesOnHandMessage, wastePercent, writeOffSchema } from './waste';

describe('loavesOnHandMessage', () => {
  it('says how many loaves of that kind there are, in words for none and one', () => {
    expect(loavesOnHandMessage('fresh', 7)).toBe('Only 7 loaves on sale to write off');
    expect(loavesOnHandMessage('stale', 0)).toBe('No stale loaves to write off');
    expect(loavesOnHandMessage('returned', 1)).toBe('Only 1 returned loaf to write off');
  });
});

describe('wastePercent', () => {
  it('is loaves written off over loaves baked, to one decimal, none when nothing was baked', () => {
    expect(wastePercent(18, 22)).toBe(81.8);
    expect(wastePercent(0, 40)).toBe(0);
    expect(wastePercent(3, 0)).toBeNull();
  });
});

describe('writeOffSchema', () => {
  it('needs the bread for loaves on sale or stale, and the return for returned ones', () => {
    const base = { loaves: 2, reason: 'stale' };
    expect(
      writeOffSchema.safeParse({ ...base, source: 'stale', recipeName: 'Agege' }).success,
    ).toBe(true);
    const noBread = writeOffSchema.safeParse({ ...base, source: 'fresh' });
    expect(noBread.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['recipeName', 'Choose a bread type'],
    ]);
    const noReturn = writeOffSchema.safeParse({ ...base, source: 'returned', recipeName: 'Agege' });
    expect(noReturn.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['breadReturnId']);
  });
});
