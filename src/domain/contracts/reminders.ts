import { z } from 'zod';
import { moduleRight } from '../access';
import { idParamsSchema } from '../admin-schemas';
import { pageSchema } from '../paging';
import { REMINDER_CHANNELS, REMINDER_KINDS } from '../reminders';
import { defineRoute, instant } from './contract';

/**
 * A statement link made a moment ago, to put in the statement message as
 * {link}: only this app's own statement pages.
 */
const statementLinkUrl = z
  .url({ error: 'The link must be a statement link of this app' })
  .refine((url) => /\/s\/[A-Za-z0-9_-]{20,}$/.test(url), {
    error: 'The link must be a statement link of this app',
  });

export const reminderPreviewQuerySchema = z.strictObject({
  kind: z.enum(REMINDER_KINDS, { error: 'Choose statement or reminder' }),
  link: statementLinkUrl.optional(),
});

export const reminderInputSchema = z.strictObject({
  kind: z.enum(REMINDER_KINDS, { error: 'Choose statement or reminder' }),
  channel: z.enum(REMINDER_CHANNELS, { error: 'Choose WhatsApp or SMS' }),
  link: statementLinkUrl.optional(),
});
export type ReminderInput = z.input<typeof reminderInputSchema>;

/** The message as it would be sent now, and the links that open it on the phone. */
export const reminderPreviewSchema = z.object({
  kind: z.enum(REMINDER_KINDS),
  /** The distributor's phone as +234…. */
  phone: z.string(),
  message: z.string(),
  whatsappUrl: z.string(),
  smsUrl: z.string(),
});
export type ReminderPreview = z.infer<typeof reminderPreviewSchema>;

export const reminderRecordSchema = z.object({
  id: z.string(),
  distributorId: z.string(),
  kind: z.enum(REMINDER_KINDS),
  channel: z.enum(REMINDER_CHANNELS),
  phone: z.string(),
  message: z.string(),
  /** The link that opens the message (wa.me or sms:). */
  url: z.string(),
  balance: z.number(),
  overdue: z.number(),
  sentByName: z.string().nullable(),
  createdAt: instant,
});
export type ReminderRecord = z.infer<typeof reminderRecordSchema>;

const read = moduleRight('distributors', 'read');
const write = moduleRight('distributors', 'write');

export const remindersApi = {
  preview: defineRoute({
    method: 'GET',
    url: '/api/distributors/:id/reminders/preview',
    summary: "A statement or reminder message for the distributor's phone, not yet sent",
    access: write,
    params: idParamsSchema,
    query: reminderPreviewQuerySchema,
    response: { 200: reminderPreviewSchema },
    errors: ['PHONE_NOT_USABLE'],
  }),
  send: defineRoute({
    method: 'POST',
    url: '/api/distributors/:id/reminders',
    summary:
      'Record a statement or reminder sent by WhatsApp or SMS; the answer has the link that opens it',
    access: write,
    // The event is filed under the distributor (its id is the route's), as a settlement's is.
    audit: { action: 'distributors.reminder', recordType: 'distributor' },
    params: idParamsSchema,
    body: reminderInputSchema,
    response: { 201: reminderRecordSchema },
    errors: ['PHONE_NOT_USABLE'],
  }),
  list: defineRoute({
    method: 'GET',
    url: '/api/distributors/:id/reminders',
    summary: 'The statements and reminders sent to a distributor, newest first',
    access: read,
    params: idParamsSchema,
    // One a week for years adds up: paged like payments and returns.
    query: pageSchema,
    response: { 200: z.array(reminderRecordSchema) },
  }),
};
