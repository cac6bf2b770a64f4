/**
 * Statements and reminders from a distributor's card: the message as the
 * settings' template makes it, the wa.me and sms: links that open it on the
 * user's phone, and the record of each one sent. The bakery's server sends
 * nothing itself.
 */
import { desc, eq } from 'drizzle-orm';
import type { ReminderPreview, ReminderRecord } from '../../../domain/contracts/reminders';
import {
  internationalPhone,
  messageLink,
  messageValues,
  phoneNotUsable,
  type ReminderChannel,
  type ReminderKind,
  renderTemplate,
} from '../../../domain/reminders';
import { businessDate } from '../../../domain/time';
import type { Database } from '../../db/connection';
import { distributorReminders, distributors, users } from '../../db/schema';
import { userName } from '../../db/user-name';
import { AppError, notFound } from '../../errors';
import { readSettings } from '../admin/settings';
import { getDistributor } from '../distributors/service';
import type { OrdersContext } from '../orders/book';

/** The message for the distributor now, with what it says the distributor owes. */
async function compose(
  ctx: OrdersContext,
  distributorId: string,
  kind: ReminderKind,
  link: string | undefined,
) {
  const today = businessDate(new Date(ctx.now()), ctx.timeZone);
  const distributor = await getDistributor(ctx.db, distributorId, today);
  const phone = internationalPhone(distributor.phone);
  if (phone === null) {
    const message = phoneNotUsable(distributor.name, distributor.phone);
    throw new AppError('PHONE_NOT_USABLE', message, [{ path: 'phone', message }]);
  }
  const settings = await readSettings(ctx.db);
  const template = kind === 'statement' ? settings.statementTemplate : settings.reminderTemplate;
  const message = renderTemplate(
    template,
    messageValues({
      bakeryName: settings.bakeryName,
      distributorName: distributor.name,
      balance: distributor.balance,
      overdue: distributor.ageing.overdue,
      oldestDueDay: distributor.ageing.oldestDueDay,
      link,
    }),
  );
  return { phone, message, balance: distributor.balance, overdue: distributor.ageing.overdue };
}

export async function previewReminder(
  ctx: OrdersContext,
  distributorId: string,
  query: { kind: ReminderKind; link?: string },
): Promise<ReminderPreview> {
  const { phone, message } = await compose(ctx, distributorId, query.kind, query.link);
  return {
    kind: query.kind,
    phone,
    message,
    whatsappUrl: messageLink('whatsapp', phone, message),
    smsUrl: messageLink('sms', phone, message),
  };
}

type ReminderRow = typeof distributorReminders.$inferSelect;

const withSender = (db: Database) =>
  db
    .select({ reminder: distributorReminders, by: userName(users) })
    .from(distributorReminders)
    .leftJoin(users, eq(users.id, distributorReminders.sentBy));

const toRecord = (row: ReminderRow, sentByName: string | null): ReminderRecord => ({
  id: row.id,
  distributorId: row.distributorId,
  kind: row.kind as ReminderKind,
  channel: row.channel as ReminderChannel,
  phone: row.phone,
  message: row.message,
  url: messageLink(row.channel as ReminderChannel, row.phone, row.message),
  balance: row.balance,
  overdue: row.overdue,
  sentByName,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Keeps the message as it is about to be sent, made again here from the
 * same account and template the preview read, so the record says what the
 * link carries even if the account changed since the preview.
 */
export async function sendReminder(
  ctx: OrdersContext,
  distributorId: string,
  input: { kind: ReminderKind; channel: ReminderChannel; link?: string },
  user: { id: string },
): Promise<ReminderRecord> {
  const composed = await compose(ctx, distributorId, input.kind, input.link);
  const [row] = await ctx.db
    .insert(distributorReminders)
    .values({
      distributorId,
      kind: input.kind,
      channel: input.channel,
      phone: composed.phone,
      message: composed.message,
      balance: composed.balance,
      overdue: composed.overdue,
      sentBy: user.id,
    })
    .returning({ id: distributorReminders.id });
  if (!row) throw new Error('insert returned no row');
  const [sent] = await withSender(ctx.db).where(eq(distributorReminders.id, row.id));
  if (!sent) throw new Error('the reminder just kept was not found');
  return toRecord(sent.reminder, sent.by);
}

/** Newest first, with who sent each (null once that user is gone). */
export async function listReminders(
  ctx: OrdersContext,
  distributorId: string,
  page: { limit: number; offset: number },
): Promise<ReminderRecord[]> {
  // A distributor that is not there answers 404, not an empty list.
  const [known] = await ctx.db
    .select({ id: distributors.id })
    .from(distributors)
    .where(eq(distributors.id, distributorId));
  if (!known) throw notFound('Distributor');
  const rows = await withSender(ctx.db)
    .where(eq(distributorReminders.distributorId, distributorId))
    .orderBy(desc(distributorReminders.createdAt), desc(distributorReminders.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => toRecord(row.reminder, row.by));
}
