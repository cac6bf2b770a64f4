/** Writes made on a device while offline and sent later (issue 20). */
import { index, integer, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './people';

/**
 * One row per write sent with an Idempotency-Key: the key the device made,
 * who sent it, and the answer it got. Stored in the write's own transaction,
 * so a key is here exactly when its write is; the same key sent again (a
 * retry after a lost answer, a second tab) gets this answer back and writes
 * nothing. The primary key is the unique constraint that makes it so.
 */
export const idempotentWrites = pgTable(
  'idempotent_writes',
  {
    key: uuid('key').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The method and route pattern, e.g. "POST /api/sales-transactions". */
    route: varchar('route', { length: 200 }).notNull(),
    status: integer('status').notNull(),
    /** The JSON answer exactly as it was sent the first time. */
    answer: text('answer').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('idempotent_writes_user_idx').on(t.userId)],
);
