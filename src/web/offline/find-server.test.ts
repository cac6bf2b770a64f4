import { describe, expect, it } from 'vitest';
import { waitBeforeTry } from './find-server';

describe('looking for the server again', () => {
  it('waits one second, then twice as long each time, never more than ten', () => {
    expect([0, 1, 2, 3, 4, 5, 20].map(waitBeforeTry)).toEqual([
      1_000, 2_000, 4_000, 8_000, 10_000, 10_000, 10_000,
    ]);
  });
});
