import { describe, expect, it } from 'vitest';
import { expiryOf, linkStatus, statementLinkInputSchema } from './statement-links';

describe('statement links', () => {
  const made = new Date('2026-11-26T09:00:00.000Z');

  it('expire whole days of 24 hours after they are made', () => {
    expect(expiryOf(made, 7).toISOString()).toBe('2026-12-03T09:00:00.000Z');
    expect(expiryOf(made, 1).toISOString()).toBe('2026-11-27T09:00:00.000Z');
  });

  it('open until the instant they expire, and never once revoked', () => {
    const expiresAt = expiryOf(made, 1);
    const at = (ms: number) => new Date(expiresAt.getTime() + ms);
    expect(linkStatus({ expiresAt, revokedAt: null }, at(-1))).toBe('active');
    expect(linkStatus({ expiresAt, revokedAt: null }, at(0))).toBe('expired');
    expect(linkStatus({ expiresAt, revokedAt: made }, at(-1))).toBe('revoked');
    expect(linkStatus({ expiresAt, revokedAt: made }, at(1))).toBe('revoked');
  });

  it('take 1 to 90 whole days', () => {
    expect(statementLinkInputSchema.safeParse({ expiresInDays: 1 }).success).toBe(true);
    expect(statementLinkInputSchema.safeParse({ expiresInDays: 90 }).success).toBe(true);
    for (const expiresInDays of [0, 91, 1.5, '7', null]) {
      const parsed = statementLinkInputSchema.safeParse({ expiresInDays });
      expect(parsed.error?.issues[0]?.message).toBe(
        'Expiry must be a whole number of days from 1 to 90',
      );
    }
  });
});
