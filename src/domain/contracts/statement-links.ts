import { z } from 'zod';
import { moduleRight, PUBLIC } from '../access';
import { idParamsSchema } from '../admin-schemas';
import { pageSchema } from '../paging';
import { letterheadSchema } from '../settings-schemas';
import { statementPageQuerySchema } from '../statement';
import { STATEMENT_LINK_STATUSES, statementLinkInputSchema } from '../statement-links';
import { defineRoute, instant } from './contract';
import { statementSchema } from './distributors';

/** A link as the card lists it: never its token, which no one can read back. */
export const statementLinkSchema = z.object({
  id: z.string(),
  distributorId: z.string(),
  status: z.enum(STATEMENT_LINK_STATUSES),
  createdAt: instant,
  /** Null for a user since removed from the record. */
  createdByName: z.string().nullable(),
  expiresAt: instant,
  revokedAt: instant.nullable(),
  revokedByName: z.string().nullable(),
  lastOpenedAt: instant.nullable(),
});
export type StatementLink = z.infer<typeof statementLinkSchema>;

/** A link just made: the only answer that holds its address, token and all. */
export const createdStatementLinkSchema = statementLinkSchema.extend({ url: z.string() });
export type CreatedStatementLink = z.infer<typeof createdStatementLinkSchema>;

/**
 * What the distributor's page shows: the letterhead and the statement, its
 * distributor by name, address and phone only (no id or record dates of the app).
 */
export const publicStatementSchema = statementSchema.extend({
  distributor: z.object({ name: z.string(), address: z.string(), phone: z.string() }),
  letterhead: letterheadSchema,
  /** The bakery's zone, for the lines' dates and times. */
  timeZone: z.string(),
});
export type PublicStatement = z.infer<typeof publicStatementSchema>;

/** Any text: a token that is not one is answered as a wrong one, not as bad input. */
export const tokenParamsSchema = z.strictObject({ token: z.string() });

export const statementLinksApi = {
  create: defineRoute({
    method: 'POST',
    url: '/api/distributors/:id/statement-links',
    summary: "Make a link to the distributor's statement that opens without signing in",
    // Handing the statement to whoever holds a URL is a manager's decision.
    access: moduleRight('distributors', 'delete'),
    audit: { action: 'distributors.link_create', recordType: 'distributor' },
    params: idParamsSchema,
    body: statementLinkInputSchema,
    response: { 201: createdStatementLinkSchema },
  }),
  list: defineRoute({
    method: 'GET',
    url: '/api/distributors/:id/statement-links',
    summary: "The distributor's statement links, newest first (never their tokens)",
    access: moduleRight('distributors', 'read'),
    params: idParamsSchema,
    query: pageSchema,
    response: { 200: z.array(statementLinkSchema) },
  }),
  revoke: defineRoute({
    method: 'POST',
    url: '/api/statement-links/:id/revoke',
    summary: 'Revoke a statement link: it opens nothing from now on (again: no change)',
    access: moduleRight('distributors', 'delete'),
    audit: { action: 'distributors.link_revoke', recordType: 'statement_link' },
    params: idParamsSchema,
    response: { 200: statementLinkSchema },
  }),
  open: defineRoute({
    method: 'GET',
    url: '/api/public/statements/:token',
    summary:
      'The statement a link opens, with the letterhead; rate-limited per address; 404 for a wrong, expired or revoked token',
    access: PUBLIC,
    params: tokenParamsSchema,
    query: statementPageQuerySchema,
    response: { 200: publicStatementSchema },
    errors: ['STATEMENT_LINK_NOT_VALID', 'TOO_MANY_ATTEMPTS'],
  }),
};
