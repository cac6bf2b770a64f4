import { eq, inArray } from 'drizzle-orm';
import {
  type AppSettings,
  DEFAULT_SETTINGS,
  type Letterhead,
} from '../../../domain/settings-schemas';
import type { Database, Transaction } from '../../db/connection';
import { appSettings } from '../../db/schema';

/** The app_settings row of each setting; the table also holds the session secret, never shown. */
const KEYS: Record<keyof AppSettings, string> = {
  allowSelfRegistration: 'allow_self_registration',
  bakeryName: 'bakery_name',
  bakeryAddress: 'bakery_address',
  bakeryPhone: 'bakery_phone',
  orderCutoff: 'order_cutoff',
  planMarginPercent: 'plan_margin_percent',
  mixerCapacityKg: 'mixer_capacity_kg',
  returnsRateThreshold: 'returns_rate_threshold',
  confirmTransfers: 'confirm_transfers',
  reminderTemplate: 'reminder_template',
  statementTemplate: 'statement_template',
};

const storedNumber = (
  value: string | undefined,
  name: 'planMarginPercent' | 'mixerCapacityKg' | 'returnsRateThreshold',
) => (value === undefined ? DEFAULT_SETTINGS[name] : Number(value));

export async function readSettings(db: Database | Transaction): Promise<AppSettings> {
  const rows = await db
    .select({ key: appSettings.key, value: appSettings.value })
    .from(appSettings)
    .where(inArray(appSettings.key, Object.values(KEYS)));
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  const registration = stored.get(KEYS.allowSelfRegistration);
  return {
    allowSelfRegistration:
      registration === undefined ? DEFAULT_SETTINGS.allowSelfRegistration : registration === 'true',
    bakeryName: stored.get(KEYS.bakeryName) ?? DEFAULT_SETTINGS.bakeryName,
    bakeryAddress: stored.get(KEYS.bakeryAddress) ?? DEFAULT_SETTINGS.bakeryAddress,
    bakeryPhone: stored.get(KEYS.bakeryPhone) ?? DEFAULT_SETTINGS.bakeryPhone,
    orderCutoff: stored.get(KEYS.orderCutoff) ?? DEFAULT_SETTINGS.orderCutoff,
    planMarginPercent: storedNumber(stored.get(KEYS.planMarginPercent), 'planMarginPercent'),
    mixerCapacityKg: storedNumber(stored.get(KEYS.mixerCapacityKg), 'mixerCapacityKg'),
    returnsRateThreshold: storedNumber(
      stored.get(KEYS.returnsRateThreshold),
      'returnsRateThreshold',
    ),
    confirmTransfers: stored.get(KEYS.confirmTransfers) === 'true',
    reminderTemplate: stored.get(KEYS.reminderTemplate) ?? DEFAULT_SETTINGS.reminderTemplate,
    statementTemplate: stored.get(KEYS.statementTemplate) ?? DEFAULT_SETTINGS.statementTemplate,
  };
}

/** Saves the settings given (a letterhead field left out is kept), all or none. */
export async function saveSettings(
  db: Database | Transaction,
  settings: Partial<AppSettings>,
): Promise<AppSettings> {
  const values = (Object.keys(KEYS) as (keyof AppSettings)[]).flatMap((name) =>
    settings[name] === undefined ? [] : [{ key: KEYS[name], value: String(settings[name]) }],
  );
  return db.transaction(async (tx) => {
    for (const { key, value } of values) {
      await tx
        .insert(appSettings)
        .values({ key, value })
        .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
    }
    return readSettings(tx);
  });
}

/** When a day's orders close: HH:MM on the day before, in BAKERY_TZ. */
export async function readOrderCutoff(db: Database | Transaction): Promise<string> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, KEYS.orderCutoff));
  return row?.value ?? DEFAULT_SETTINGS.orderCutoff;
}

/** What heads a printed document: the bakery's name, address and phone. */
export async function readLetterhead(db: Database): Promise<Letterhead> {
  const { bakeryName, bakeryAddress, bakeryPhone } = await readSettings(db);
  return { bakeryName, bakeryAddress, bakeryPhone };
}
