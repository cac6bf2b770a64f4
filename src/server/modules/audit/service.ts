import { and, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type AuditEvent, type auditQuerySchema, NO_USER } from '../../../domain/audit';
import { businessDateRange } from '../../../domain/time';
import type { Database } from '../../db/connection';
import { inRange } from '../../db/date-range';
import { auditEvents, users } from '../../db/schema';
import { hasUsername } from '../auth/service';

export type NewAuditEvent = typeof auditEvents.$inferInsert;

export async function recordEvent(db: Database, event: NewAuditEvent): Promise<void> {
  await db.insert(auditEvents).values(event);
}

/** The account a name stands for (whatever its case), or null: for failed sign-ins. */
export async function accountNamed(
  db: Database,
  username: string,
): Promise<{ id: string; username: string } | null> {
  const [user] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(hasUsername(username))
    .limit(1);
  return user ?? null;
}

export async function accountWithId(
  db: Database,
  id: string,
): Promise<{ id: string; username: string } | null> {
  const [user] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return user ?? null;
}

type AuditQuery = z.output<typeof auditQuerySchema>;

/** The events the filters keep, newest first, one page of them. */
export async function listEvents(
  db: Database,
  query: AuditQuery,
  timeZone: string,
): Promise<AuditEvent[]> {
  const range = {
    start: query.startDate ? businessDateRange(query.startDate, timeZone).start : null,
    end: query.endDate ? businessDateRange(query.endDate, timeZone).end : null,
  };
  const rows = await db
    .select()
    .from(auditEvents)
    .where(
      and(
        query.userId === NO_USER
          ? isNull(auditEvents.userId)
          : query.userId
            ? eq(auditEvents.userId, query.userId)
            : undefined,
        // The same expression as the index audit_events_module_at_id_idx.
        query.module ? sql`split_part(${auditEvents.action}, '.', 1) = ${query.module}` : undefined,
        query.action ? eq(auditEvents.action, query.action) : undefined,
        query.recordId ? eq(auditEvents.recordId, query.recordId) : undefined,
        query.outcome === 'succeeded' ? lt(auditEvents.status, 400) : undefined,
        query.outcome === 'refused' ? gte(auditEvents.status, 400) : undefined,
        inRange(auditEvents.at, range),
      ),
    )
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(query.limit)
    .offset(query.offset);
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    userId: row.userId,
    username: row.username,
    action: row.action,
    method: row.method,
    route: row.route,
    recordType: row.recordType,
    recordId: row.recordId,
    status: row.status,
    clientAddress: row.clientAddress,
    summary: row.summary ?? null,
  }));
}
