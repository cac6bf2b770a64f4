/**
 * Where a statement link opens in the web app, outside the signed-in shell.
 * Kept apart from statement-links.ts (zod) so the entry chunk can route it.
 */
export const STATEMENT_LINK_ROUTE = '/s/:token';
export const statementLinkPath = (token: string) => `/s/${token}`;
