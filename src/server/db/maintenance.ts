/**
 * Upkeep of the embedded database. PGlite runs no autovacuum, so by itself it
 * never gathers the planner's statistics (every plan was made on the
 * planner's defaults: at five years the week's returns were found by reading
 * all 100,000 of them) and never clears the dead rows its updates leave (the
 * roll-ups are updated on every sale). The embedded server runs VACUUM
 * (ANALYZE) when it starts if the last was a day ago or never, and then once a
 * day while it runs: 4.5 s on five years of data, 2.5 s when done recently
 * (docs/decisions.md, "Performance at five-year scale"). PostgreSQL's own
 * autovacuum does this for a server database.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from './connection';
import { appSettings } from './schema';

const KEY = 'maintenance_done_at';
export const MAINTAIN_EVERY_MS = 24 * 60 * 60 * 1000;

async function maintainedAt(db: Database): Promise<number | null> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, KEY));
  const at = row ? Date.parse(row.value) : Number.NaN;
  return Number.isNaN(at) ? null : at;
}

/** VACUUM (ANALYZE) every table, and note when. */
export async function maintain(db: Database, now = new Date()): Promise<void> {
  await db.execute(sql`vacuum (analyze)`);
  const value = now.toISOString();
  await db
    .insert(appSettings)
    .values({ key: KEY, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: now } });
}

/** Maintains now if the last time was a day ago or never; answers whether it did. */
export async function maintainIfDue(db: Database, now = new Date()): Promise<boolean> {
  const last = await maintainedAt(db);
  if (last !== null && now.getTime() - last < MAINTAIN_EVERY_MS) return false;
  await maintain(db, now);
  return true;
}

/** Maintains once a day while the server runs (looked at hourly); returns the stopper. */
export function maintainDaily(db: Database, onError: (error: unknown) => void): () => void {
  const timer = setInterval(() => {
    maintainIfDue(db).catch(onError);
  }, MAINTAIN_EVERY_MS / 24);
  timer.unref();
  return () => clearInterval(timer);
}
