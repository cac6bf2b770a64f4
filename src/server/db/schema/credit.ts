/** Credit control (issue 19): transfers awaiting confirmation, reminders sent, statement links. */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, moment, money } from './columns';
import { byUser } from './people';
import { distributorPayments, distributors } from './trade';

/**
 * A bank transfer or mobile money payment recorded while the setting asks for
 * confirmation. It is not a payment (no balance, roll-up or report counts it)
 * until confirmed; confirming records the payment, dated when it was
 * recorded here. A rejected one keeps its reason.
 */
export const pendingTransfers = pgTable(
  'pending_transfers',
  {
    id: id(),
    distributorId: uuid('distributor_id')
      .notNull()
      .references(() => distributors.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    paymentMethod: varchar('payment_method', { length: 20 }).notNull(),
    description: text('description'),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    recordedBy: byUser('recorded_by'),
    createdAt: createdAt(),
    /** When the server took a transfer taken offline (created_at is then the device's moment); null: at created_at. */
    receivedAt: moment('received_at'),
    decidedBy: byUser('decided_by'),
    decidedAt: moment('decided_at'),
    rejectionReason: text('rejection_reason'),
    paymentId: uuid('payment_id').references(() => distributorPayments.id, {
      onDelete: 'restrict',
    }),
  },
  (t) => [
    check('pending_transfers_amount_check', sql`${t.amount} > 0`),
    check(
      'pending_transfers_method_check',
      sql`${t.paymentMethod} in ('bank_transfer', 'mobile_money')`,
    ),
    check(
      'pending_transfers_status_check',
      sql`${t.status} in ('pending', 'confirmed', 'rejected')`,
    ),
    check(
      'pending_transfers_decision_check',
      sql`(${t.status} = 'pending') = (${t.decidedAt} is null)
        and (${t.status} = 'confirmed') = (${t.paymentId} is not null)
        and (${t.status} = 'rejected') = (${t.rejectionReason} is not null)`,
    ),
    index('pending_transfers_status_idx').on(t.status, t.createdAt),
    index('pending_transfers_distributor_idx').on(t.distributorId, t.createdAt),
  ],
);

/** A statement or reminder a user sent a distributor by WhatsApp or SMS, as it was sent. */
export const distributorReminders = pgTable(
  'distributor_reminders',
  {
    id: id(),
    distributorId: uuid('distributor_id')
      .notNull()
      .references(() => distributors.id, { onDelete: 'restrict' }),
    kind: varchar('kind', { length: 20 }).notNull(),
    channel: varchar('channel', { length: 20 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    message: text('message').notNull(),
    balance: money('balance').notNull(),
    overdue: money('overdue').notNull(),
    sentBy: byUser('sent_by'),
    createdAt: createdAt(),
  },
  (t) => [
    check('distributor_reminders_kind_check', sql`${t.kind} in ('statement', 'reminder')`),
    check('distributor_reminders_channel_check', sql`${t.channel} in ('whatsapp', 'sms')`),
    index('distributor_reminders_distributor_idx').on(t.distributorId, t.createdAt),
  ],
);

/**
 * A read-only link to one distributor's statement for the distributor. Only
 * the SHA-256 of its token is kept: the token is shown once, when made.
 */
export const statementLinks = pgTable(
  'statement_links',
  {
    id: id(),
    distributorId: uuid('distributor_id')
      .notNull()
      .references(() => distributors.id, { onDelete: 'restrict' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    expiresAt: moment('expires_at').notNull(),
    createdBy: byUser('created_by'),
    createdAt: createdAt(),
    revokedAt: moment('revoked_at'),
    revokedBy: byUser('revoked_by'),
    lastOpenedAt: moment('last_opened_at'),
  },
  (t) => [index('statement_links_distributor_idx').on(t.distributorId, t.createdAt)],
);
