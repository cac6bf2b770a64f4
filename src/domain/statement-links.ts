/**
 * A distributor's own statement link (issue 19): a long random token in a
 * URL the bakery sends the distributor, opening that distributor's statement
 * without signing in until it expires or is revoked.
 */
import { z } from 'zod';

/** What the Share statement link dialog offers first, and the longest a link may live. */
export const DEFAULT_LINK_DAYS = 7;
export const MAX_LINK_DAYS = 90;

const DAYS_MESSAGE = `Expiry must be a whole number of days from 1 to ${MAX_LINK_DAYS}`;

export const statementLinkInputSchema = z.strictObject({
  expiresInDays: z
    .number({ error: DAYS_MESSAGE })
    .int({ error: DAYS_MESSAGE })
    .min(1, { error: DAYS_MESSAGE })
    .max(MAX_LINK_DAYS, { error: DAYS_MESSAGE }),
});
export type StatementLinkInput = z.input<typeof statementLinkInputSchema>;

/**
 * A token as the app makes them: 32 random bytes in base64url (43
 * characters). Anything else cannot be a link's, and is refused unread.
 */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const STATEMENT_LINK_STATUSES = ['active', 'expired', 'revoked'] as const;
export type StatementLinkStatus = (typeof STATEMENT_LINK_STATUSES)[number];

export const STATEMENT_LINK_STATUS_LABELS: Record<StatementLinkStatus, string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
};

const DAY_MS = 86_400_000;

/** When a link made at `now` for so many days stops opening: that many 24 hours later. */
export const expiryOf = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS);

/**
 * A revoked link stays revoked whatever its expiry; otherwise it opens until
 * the instant it expires, not at it.
 */
export function linkStatus(
  link: { expiresAt: Date; revokedAt: Date | null },
  now: Date,
): StatementLinkStatus {
  if (link.revokedAt) return 'revoked';
  return now.getTime() < link.expiresAt.getTime() ? 'active' : 'expired';
}

/** The one answer to a token that opens nothing: wrong, expired and revoked alike. */
export const LINK_NOT_VALID = 'This statement link is not valid. Ask the bakery for a new one.';

/** Public statement requests per client address in each window (see docs/decisions.md). */
export const PUBLIC_STATEMENT_LIMIT = { max: 30, windowMs: 60_000 } as const;
export const TOO_MANY_STATEMENT_REQUESTS =
  'Too many requests for statements from this address. Wait a minute and try again.';
