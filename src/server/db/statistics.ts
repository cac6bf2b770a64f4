/**
 * The planner's statistics for the embedded database. PGlite runs no
 * autovacuum, so it never gathers them by itself: every plan was made on the
 * planner's defaults, and at five years the week's returns were found by
 * reading all 100,000 of them (docs/decisions.md, "Performance at five-year
 * scale"). The embedded server analyzes when it starts if its statistics are
 * a day old or missing, and then once a day while it runs. PostgreSQL's own
 * autovacuum does this for a server database.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from './connection';
import { appSettings } from './schema';

const KEY = 'statistics_analyzed_at';
export const ANALYZE_EVERY_MS = 24 * 60 * 60 * 1000;

async function analyzedAt(db: Database): Promise<number | null> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, KEY));
  const at = row ? Date.parse(row.value) : Number.NaN;
  return Number.isNaN(at) ? null : at;
}

/** ANALYZE every table, and note when. A few seconds on five years of data. */
export async function analyze(db: Database, now = new Date()): Promise<void> {
  await db.execute(sql`analyze`);
  const value = now.toISOString();
  await db
    .insert(appSettings)
    .values({ key: KEY, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: now } });
}

/** Analyzes now if the last time was a day ago or never; answers whether it did. */
export async function analyzeIfStale(db: Database, now = new Date()): Promise<boolean> {
  const last = await analyzedAt(db);
  if (last !== null && now.getTime() - last < ANALYZE_EVERY_MS) return false;
  await analyze(db, now);
  return true;
}

/** Keeps the statistics at most a day old while the server runs; returns the stopper. */
export function analyzeDaily(db: Database, onError: (error: unknown) => void): () => void {
  const timer = setInterval(() => {
    analyzeIfStale(db).catch(onError);
  }, ANALYZE_EVERY_MS / 24);
  timer.unref();
  return () => clearInterval(timer);
}
