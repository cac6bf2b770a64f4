import { describe, expect, it } from 'vitest';
import { readConfig } from './config';

describe('READ_CACHE', () => {
  it('is on unless set to off', () => {
    expect(readConfig({}).readCache).toBe(true);
    expect(readConfig({ READ_CACHE: 'on' }).readCache).toBe(true);
    expect(readConfig({ READ_CACHE: 'off' }).readCache).toBe(false);
  });

  it('refuses anything but on or off', () => {
    expect(() => readConfig({ READ_CACHE: 'no' })).toThrow(
      'READ_CACHE must be on or off, not "no"',
    );
  });
});
