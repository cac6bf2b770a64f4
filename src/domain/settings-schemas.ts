import { z } from 'zod';
import {
  DEFAULT_MIXER_CAPACITY_KG,
  DEFAULT_PLAN_MARGIN_PERCENT,
  mixerCapacitySchema,
  planMarginSchema,
} from './bake-plan';
import { isStorableText, storable } from './fields';
import { cutoffTime } from './order-schemas';
import { DEFAULT_ORDER_CUTOFF } from './orders';
import {
  DEFAULT_REMINDER_TEMPLATE,
  DEFAULT_STATEMENT_TEMPLATE,
  messageTemplate,
} from './reminders';
import { DEFAULT_RETURNS_RATE_THRESHOLD, returnsRateThresholdSchema } from './returns-rate';

const letterheadText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .refine(isStorableText, storable(label))
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be less than ${max} characters` });

/** What heads every printed document (statements now; delivery notes and receipts later). */
const letterheadFields = {
  bakeryName: letterheadText('Bakery name', 200),
  bakeryAddress: letterheadText('Bakery address', 500),
  bakeryPhone: letterheadText('Bakery phone', 50).regex(/^\+?[0-9 ()-]{7,20}$/, {
    error: 'Enter a phone number: digits, spaces, +, - and brackets',
  }),
};

/**
 * What the Admin Panel's Settings tab changes (kept in app_settings). The
 * letterhead fields and the order cut-off may be left out: the
 * self-registration switch saves without them, and what is left out is kept.
 */
export const appSettingsSchema = z.strictObject({
  allowSelfRegistration: z.boolean({ error: 'Allow self-registration must be true or false' }),
  ...z.object(letterheadFields).partial().shape,
  /** When a day's orders close: this time on the day before, in BAKERY_TZ (left out: kept). */
  orderCutoff: cutoffTime.optional(),
  /** The bake plan's extra loaves, % of the loaves ordered (left out: kept). */
  planMarginPercent: planMarginSchema.optional(),
  /** Kg of flour one mix of the mixer takes (left out: kept). */
  mixerCapacityKg: mixerCapacitySchema.optional(),
  /** Returns above this % of the loaves taken are flagged on Reports (left out: kept). */
  returnsRateThreshold: returnsRateThresholdSchema.optional(),
  /** Bank transfers and mobile money wait for a manager's confirmation before they count (left out: kept). */
  confirmTransfers: z.boolean({ error: 'Confirm transfers must be true or false' }).optional(),
  /** The WhatsApp/SMS messages sent from a distributor's card (left out: kept). */
  reminderTemplate: messageTemplate('Reminder message').optional(),
  statementTemplate: messageTemplate('Statement message').optional(),
});
export type AppSettingsInput = z.input<typeof appSettingsSchema>;

/** `GET /api/letterhead`: each field empty until an administrator sets it. */
export const letterheadSchema = z.object({
  bakeryName: z.string(),
  bakeryAddress: z.string(),
  bakeryPhone: z.string(),
});
export type Letterhead = z.infer<typeof letterheadSchema>;

/** `GET /api/admin/settings`: every setting, the letterhead's empty until set. */
export const settingsSchema = letterheadSchema.extend({
  allowSelfRegistration: z.boolean(),
  orderCutoff: z.string(),
  planMarginPercent: z.number(),
  mixerCapacityKg: z.number(),
  returnsRateThreshold: z.number(),
  confirmTransfers: z.boolean(),
  reminderTemplate: z.string(),
  statementTemplate: z.string(),
});
export type AppSettings = z.infer<typeof settingsSchema>;

/** Until an administrator changes them. */
export const DEFAULT_SETTINGS: AppSettings = {
  allowSelfRegistration: true,
  bakeryName: '',
  bakeryAddress: '',
  bakeryPhone: '',
  orderCutoff: DEFAULT_ORDER_CUTOFF,
  planMarginPercent: DEFAULT_PLAN_MARGIN_PERCENT,
  mixerCapacityKg: DEFAULT_MIXER_CAPACITY_KG,
  returnsRateThreshold: DEFAULT_RETURNS_RATE_THRESHOLD,
  confirmTransfers: false,
  reminderTemplate: DEFAULT_REMINDER_TEMPLATE,
  statementTemplate: DEFAULT_STATEMENT_TEMPLATE,
};

export const REGISTRATION_CLOSED =
  'Registration is closed. Ask an administrator to create an account for you.';
