import { eq } from 'drizzle-orm';
import { type AppSettings, DEFAULT_SETTINGS } from '../../../domain/settings-schemas';
import type { Database, Transaction } from '../../db/connection';
import { appSettings } from '../../db/schema';

/** The app_settings row of each setting; the table also holds the session secret, never shown. */
const SELF_REGISTRATION_KEY = 'allow_self_registration';

export async function readSettings(db: Database | Transaction): Promise<AppSettings> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, SELF_REGISTRATION_KEY));
  return {
    allowSelfRegistration: row ? row.value === 'true' : DEFAULT_SETTINGS.allowSelfRegistration,
  };
}

export async function saveSettings(db: Database, settings: AppSettings): Promise<AppSettings> {
  const value = String(settings.allowSelfRegistration);
  await db
    .insert(appSettings)
    .values({ key: SELF_REGISTRATION_KEY, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
  return readSettings(db);
}
