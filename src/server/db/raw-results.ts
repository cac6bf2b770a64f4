import type { SQL } from 'drizzle-orm';
import type { Database, Transaction } from './connection';

/** Results of raw SQL, which node-postgres and PGlite shape a little differently. */
export type Queryable = Pick<Database, 'execute'> | Pick<Transaction, 'execute'>;

export async function rowsOf<T>(db: Queryable, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** node-postgres says rowCount, PGlite affectedRows. */
export function affectedRows(result: unknown): number | undefined {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows;
}
