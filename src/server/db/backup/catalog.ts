/**
 * The tables of schema public as a backup sees them: read from PostgreSQL's
 * catalog, so a table added later is backed up without a code change, and
 * ordered so that a table comes after the tables it refers to.
 */
import { getTableName, sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../raw-results';
import { ROLLUP_TABLES } from '../schema/rollups';
import type { BackupColumn } from './format';

/**
 * Tables whose rows are not bakery data and are left out of every backup:
 * sessions (a restored session would sign people back in, and a backup file
 * would carry live sign-in tokens) and login_attempts (the sign-in throttle's
 * short-lived window). A restore empties them in the target.
 */
export const EXCLUDED_TABLES: readonly string[] = ['sessions', 'login_attempts'];

/**
 * Tables the database computes from others, left out of every backup:
 * bread_ledger and the roll-ups are rebuilt by their triggers as a restore
 * loads batches, sales, returns, payments and orders (a copy in the file would
 * be counted twice). rollup_settings names the time zone of this database's
 * roll-ups: a restore keeps it, so the triggers can run while rows load (and
 * start-up rebuilds the roll-ups if BAKERY_TZ is another).
 */
export const DERIVED_TABLES: readonly string[] = [
  'bread_ledger',
  ...ROLLUP_TABLES.map((table) => getTableName(table)),
  'rollup_settings',
];

export const NOT_BACKED_UP: readonly string[] = [...EXCLUDED_TABLES, ...DERIVED_TABLES];

export const ident = (name: string) => sql.identifier(name);
/** A table of schema public, quoted. */
export const table = (name: string) => sql`${ident('public')}.${ident(name)}`;

export interface CatalogTable {
  name: string;
  columns: BackupColumn[];
  /** Columns GENERATED ALWAYS AS (…) STORED: recomputed, never written. */
  generated: string[];
}

/** Every table of schema public, with its columns, in foreign-key load order. */
export async function catalogTables(db: Queryable): Promise<CatalogTable[]> {
  const columns = await rowsOf<{
    table_name: string;
    column_name: string;
    type: string;
    generated: boolean;
  }>(
    db,
    sql`select c.relname as table_name, a.attname as column_name,
          format_type(a.atttypid, a.atttypmod) as type, a.attgenerated <> '' as generated
        from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        join pg_catalog.pg_attribute a on a.attrelid = c.oid
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
          and a.attnum > 0 and not a.attisdropped
        order by c.relname, a.attnum`,
  );
  const references = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`select child.relname as child, parent.relname as parent
        from pg_catalog.pg_constraint k
        join pg_catalog.pg_class child on child.oid = k.conrelid
        join pg_catalog.pg_class parent on parent.oid = k.confrelid
        join pg_catalog.pg_namespace n on n.oid = child.relnamespace
        where k.contype = 'f' and n.nspname = 'public'`,
  );
  const tables = new Map<string, CatalogTable>();
  for (const row of columns) {
    let entry = tables.get(row.table_name);
    if (!entry) {
      entry = { name: row.table_name, columns: [], generated: [] };
      tables.set(row.table_name, entry);
    }
    if (row.generated) entry.generated.push(row.column_name);
    else {
      const json = row.type === 'json' || row.type === 'jsonb';
      entry.columns.push({ name: row.column_name, type: row.type, ...(json ? { json } : {}) });
    }
  }
  return loadOrder([...tables.values()], references);
}

/** The tables a backup holds, in load order. */
export async function backedUpTables(db: Queryable): Promise<CatalogTable[]> {
  return (await catalogTables(db)).filter((t) => !NOT_BACKED_UP.includes(t.name));
}

/**
 * Parents before children (Kahn's algorithm, ties by name, so the order is
 * stable). A table's references to itself do not count; tables in a cycle of
 * references, which this schema does not have, come last in name order.
 */
function loadOrder<T extends { name: string }>(
  tables: T[],
  references: { child: string; parent: string }[],
): T[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const parents = new Map<string, Set<string>>(tables.map((t) => [t.name, new Set<string>()]));
  for (const { child, parent } of references) {
    if (child !== parent && byName.has(parent)) parents.get(child)?.add(parent);
  }
  const ordered: T[] = [];
  const placed = new Set<string>();
  const names = [...byName.keys()].sort();
  while (ordered.length < names.length) {
    const ready = names.filter(
      (name) => !placed.has(name) && [...(parents.get(name) ?? [])].every((p) => placed.has(p)),
    );
    const next = ready.length > 0 ? ready : names.filter((name) => !placed.has(name)).slice(0, 1);
    for (const name of next) {
      placed.add(name);
      ordered.push(byName.get(name) as T);
    }
  }
  return ordered;
}

/** The same names, in any order. */
export const sameNames = (a: string[], b: string[]) =>
  a.length === b.length && [...a].sort().every((name, i) => name === [...b].sort()[i]);
