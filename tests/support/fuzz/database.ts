import { sql } from 'drizzle-orm';
import type { Database } from '../../../src/server/db/connection';

type Fingerprint = Map<string, string>;

/**
 * Tables a refused call may still write: sessions, sign-in throttling and the
 * audit trail (which records refused writes too), not business data.
 */
const UNFINGERPRINTED = new Set(['sessions', 'login_attempts', 'audit_events']);

async function rowsOf<T>(db: Database, query: ReturnType<typeof sql.raw>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Row count and checksum of every business table, in one round trip. */
export async function fingerprinter(db: Database): Promise<() => Promise<Fingerprint>> {
  const tables = (
    await rowsOf<{ name: string }>(
      db,
      sql.raw(
        `select table_name as name from information_schema.tables
         where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
      ),
    )
  )
    .map((t) => t.name)
    .filter((name) => !UNFINGERPRINTED.has(name));
  if (tables.length < 10) throw new Error(`only ${tables.length} tables found`);
  const query = sql.raw(
    tables
      .map(
        (name) =>
          // An order-free checksum of every row's text: no sort, so it stays cheap as rows pile up.
          `select '${name}' as name, count(*)::text || ':' || coalesce(sum(hashtext(t::text)::bigint), 0)::text as sum from "${name}" t`,
      )
      .join(' union all '),
  );
  return async () =>
    new Map((await rowsOf<{ name: string; sum: string }>(db, query)).map((r) => [r.name, r.sum]));
}

export function fingerprintDiff(before: Fingerprint, after: Fingerprint): string[] {
  return [...after].filter(([name, sum]) => before.get(name) !== sum).map(([name]) => name);
}
