/** Statement links (issue 19): made and revoked by managers, opened by the distributor signed out. */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { StatementLink } from '../../../domain/contracts/statement-links';
import type { StatementPageQuery } from '../../../domain/statement';
import { statementLinkPath } from '../../../domain/statement-link-path';
import {
  expiryOf,
  LINK_NOT_VALID,
  linkStatus,
  TOKEN_PATTERN,
} from '../../../domain/statement-links';
import type { Database, Transaction } from '../../db/connection';
import { distributors, statementLinks, users } from '../../db/schema';
import { userName } from '../../db/user-name';
import { AppError, notFound } from '../../errors';
import { readLetterhead } from '../admin/settings';
import { distributorStatement } from '../distributors/statement';

export interface LinkClock {
  timeZone: string;
  now: Date;
}

/** What the table keeps of a token: its SHA-256, so a copy of the database opens nothing. */
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const creator = alias(users, 'creator');
const revoker = alias(users, 'revoker');

const linkColumns = {
  link: statementLinks,
  createdByName: userName(creator),
  revokedByName: userName(revoker),
};

type LinkRow = {
  link: typeof statementLinks.$inferSelect;
  createdByName: string | null;
  revokedByName: string | null;
};

function toLink({ link, createdByName, revokedByName }: LinkRow, now: Date): StatementLink {
  return {
    id: link.id,
    distributorId: link.distributorId,
    status: linkStatus(link, now),
    createdAt: link.createdAt.toISOString(),
    createdByName,
    expiresAt: link.expiresAt.toISOString(),
    revokedAt: link.revokedAt?.toISOString() ?? null,
    revokedByName,
    lastOpenedAt: link.lastOpenedAt?.toISOString() ?? null,
  };
}

const withNames = (db: Database | Transaction) =>
  db
    .select(linkColumns)
    .from(statementLinks)
    .leftJoin(creator, eq(creator.id, statementLinks.createdBy))
    .leftJoin(revoker, eq(revoker.id, statementLinks.revokedBy));

async function linkWithId(
  db: Database | Transaction,
  id: string,
  now: Date,
): Promise<StatementLink> {
  const [row] = await withNames(db).where(eq(statementLinks.id, id));
  if (!row) throw notFound('Statement link');
  return toLink(row, now);
}

/**
 * A new link for the distributor, expiring so many days from now. The token
 * leaves only in this answer's URL; the table keeps its hash.
 */
export async function createLink(
  db: Database,
  distributorId: string,
  input: { expiresInDays: number; userId: string; origin: string },
  now: Date,
) {
  const token = randomBytes(32).toString('base64url');
  return db.transaction(async (tx) => {
    // Share-locked: a delete cannot remove the distributor under its new link.
    const [distributor] = await tx
      .select({ id: distributors.id })
      .from(distributors)
      .where(eq(distributors.id, distributorId))
      .for('share');
    if (!distributor) throw notFound('Distributor');
    const [made] = await tx
      .insert(statementLinks)
      .values({
        distributorId,
        tokenHash: hashOf(token),
        expiresAt: expiryOf(now, input.expiresInDays),
        createdBy: input.userId,
        createdAt: now,
      })
      .returning({ id: statementLinks.id });
    if (!made) throw new Error('The statement link was not stored');
    const link = await linkWithId(tx, made.id, now);
    return { ...link, url: `${input.origin}${statementLinkPath(token)}` };
  });
}

/** The distributor's links, newest first, a page at a time. */
export async function listLinks(
  db: Database,
  distributorId: string,
  page: { limit: number; offset: number },
  now: Date,
): Promise<StatementLink[]> {
  const rows = await withNames(db)
    .where(eq(statementLinks.distributorId, distributorId))
    .orderBy(desc(statementLinks.createdAt), desc(statementLinks.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => toLink(row, now));
}

/**
 * Revokes a link for good. Revoking it again changes nothing: the first
 * revocation (when, by whom) is what the card keeps showing.
 */
export async function revokeLink(
  db: Database,
  id: string,
  userId: string,
  now: Date,
): Promise<StatementLink> {
  return db.transaction(async (tx) => {
    await tx
      .update(statementLinks)
      .set({ revokedAt: now, revokedBy: userId })
      .where(and(eq(statementLinks.id, id), isNull(statementLinks.revokedAt)));
    return linkWithId(tx, id, now);
  });
}

/**
 * The statement a token opens, with the letterhead. A token that is not one,
 * matches no link, or whose link has expired or been revoked gets the same
 * refusal, so a guesser learns nothing of which links exist.
 */
export async function openStatement(
  db: Database,
  token: string,
  query: StatementPageQuery,
  clock: LinkClock,
) {
  const [link] = TOKEN_PATTERN.test(token)
    ? await db
        .select({ id: statementLinks.id, distributorId: statementLinks.distributorId })
        .from(statementLinks)
        .where(
          and(
            eq(statementLinks.tokenHash, hashOf(token)),
            isNull(statementLinks.revokedAt),
            gt(statementLinks.expiresAt, clock.now),
          ),
        )
    : [];
  if (!link) throw new AppError('STATEMENT_LINK_NOT_VALID', LINK_NOT_VALID);
  const statement = await distributorStatement(
    db,
    link.distributorId,
    query,
    clock.timeZone,
    clock.now,
  );
  await db
    .update(statementLinks)
    .set({ lastOpenedAt: clock.now })
    .where(eq(statementLinks.id, link.id));
  return {
    ...statement,
    letterhead: await readLetterhead(db),
    timeZone: clock.timeZone,
  };
}
