import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { appSettings } from '../db/schema';

/**
 * The configured SESSION_SECRET, else one generated on first start and kept in
 * the database, so every app process on that database signs cookies alike and
 * sessions survive restarts without any setting.
 */
export async function resolveSessionSecret(db: Database, configured?: string): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSettings)
    .values({ key: 'session_secret', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, 'session_secret'));
  if (!row) throw new Error('session secret could not be stored');
  return row.value;
}
