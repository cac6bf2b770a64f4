/**
 * Restoring a backup: checks the file and the target first, then replaces
 * every table in one transaction, at the backup's schema.
 */
import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../connection';
import { rowsOf } from '../raw-results';
import {
  type CatalogTable,
  catalogTables,
  DERIVED_TABLES,
  EXCLUDED_TABLES,
  ident,
  sameNames,
  table,
} from './catalog';
import {
  BackupError,
  type BackupHeader,
  readHeader,
  readLines,
  type SchemaVersion,
  type TableCount,
} from './format';
import { loadRows } from './load-rows';
import {
  appliedSchema,
  applyMigrations,
  checkBackupSchema,
  codeMigrations,
  describeSchema,
  dropAppObjects,
  recordMigrations,
} from './migrations';

/** Derived, yet not emptied: it names the time zone the roll-up triggers use (see DERIVED_TABLES). */
const KEPT_ON_RESTORE: readonly string[] = ['rollup_settings'];

/**
 * What a first start of the app puts in a new database by itself (starter roles,
 * module permissions, the generated session secret). A database holding only
 * these is empty for the purpose of "restore refuses to overwrite data".
 */
const FILLED_WITHOUT_USERS: ReadonlySet<string> = new Set([
  ...EXCLUDED_TABLES,
  // Rows of nought stay behind when batches and sales are emptied.
  ...DERIVED_TABLES,
  'app_settings',
  'permissions',
  'roles',
  'role_permissions',
]);

export interface RestoreResult {
  /** When the backup was taken. */
  backupCreatedAt: string;
  /** The schema the backup was taken at. */
  schema: SchemaVersion;
  tables: TableCount[];
  totalRows: number;
  /**
   * True when the database was at another schema than the backup: its tables
   * were dropped, re-created by the migrations up to the backup's schema,
   * loaded, and migrated to this code's latest schema.
   */
  schemaRebuilt: boolean;
  /** The database held data before, and --force replaced it. */
  replacedData: boolean;
}

export interface RestoreOptions {
  /** Replace a database that already holds data. */
  force?: boolean;
  /** Called after each table is loaded. */
  onTable?: (table: TableCount) => void | Promise<void>;
}

/**
 * Reads and checks the first line of a backup file without reading the rest:
 * refuses what a restore would refuse before touching a database (not a
 * backup, another format version, a schema newer than or unknown to this code).
 */
export async function readBackupHeader(path: string): Promise<BackupHeader> {
  const lines = readLines(path);
  try {
    const header = await readHeader(path, lines);
    checkBackupSchema(path, header, codeMigrations());
    return header;
  } finally {
    await lines.return(undefined);
  }
}

/**
 * Replaces the whole database with the backup at `path`, in one transaction:
 * when anything fails (a damaged file, a constraint), nothing has changed.
 *
 * - A backup of another format version, or of a schema newer than (or unknown
 *   to) this code, is refused before the database is touched.
 * - A database that holds data is refused unless `force` is given.
 * - Same schema as the backup: every table is emptied and loaded in
 *   foreign-key order. Another schema (an older backup after an upgrade): the
 *   app's tables are dropped, the migrations re-create them up to the backup's
 *   schema, the rows are loaded, and the later migrations run over them.
 * - Sessions and sign-in attempts are not in backups; the restore empties them.
 */
export async function restoreBackup(
  db: Database,
  path: string,
  options: RestoreOptions = {},
): Promise<RestoreResult> {
  const lines = readLines(path);
  try {
    const header = await readHeader(path, lines);
    const known = codeMigrations();
    const fileIndex = checkBackupSchema(path, header, known);
    const fileSchema = header.schema as SchemaVersion;

    return await db.transaction(async (tx) => {
      const current = await appliedSchema(tx, known);
      const currentIndex = current ? known.findIndex((m) => m.hash === current.hash) : -1;
      if (current && currentIndex === -1) {
        throw new BackupError(
          'database-newer',
          `The database was last migrated by another (newer) version of the app ` +
            `(${describeSchema(current)}); restore with that version.`,
        );
      }

      const before = (await catalogTables(tx)).map((t) => t.name);
      const holding = await tablesHoldingData(tx, before);
      if (holding.length > 0 && !options.force) {
        throw new BackupError(
          'holds-data',
          `The database already holds data (${holding.join(', ')}). Restoring replaces all of it; ` +
            'to do that, run the restore again with --force.',
        );
      }

      const rebuild = currentIndex !== fileIndex;
      if (rebuild) {
        await dropAppObjects(tx);
        await applyMigrations(tx, known.slice(0, fileIndex + 1));
      } else if (before.length > 0) {
        await tx.execute(
          sql`truncate table ${sql.join(
            before.filter((name) => !KEPT_ON_RESTORE.includes(name)).map((name) => table(name)),
            sql`, `,
          )} restart identity`,
        );
      }
      const target = await catalogTables(tx);
      checkTablesMatch(header, target, fileSchema);

      const counts = await loadRows(tx, path, lines, header, options.onTable);
      await advanceSequences(tx);

      if (rebuild) {
        await applyMigrations(tx, known.slice(fileIndex + 1));
        await recordMigrations(tx, known);
      }
      return {
        backupCreatedAt: header.createdAt,
        schema: fileSchema,
        tables: counts,
        totalRows: counts.reduce((sum, t) => sum + t.rows, 0),
        schemaRebuilt: rebuild,
        replacedData: holding.length > 0,
      };
    });
  } finally {
    await lines.return(undefined);
  }
}

async function tablesHoldingData(tx: Transaction, tables: string[]): Promise<string[]> {
  const holding: string[] = [];
  for (const name of tables) {
    if (FILLED_WITHOUT_USERS.has(name)) continue;
    const [row] = await rowsOf<{ found: boolean }>(
      tx,
      sql`select exists (select 1 from ${table(name)}) as found`,
    );
    if (row?.found) holding.push(name);
  }
  return holding;
}

/** The backup's tables and columns must be exactly the target's, but the excluded tables. */
function checkTablesMatch(header: BackupHeader, target: CatalogTable[], fileSchema: SchemaVersion) {
  const problems: string[] = [];
  const targetTables = new Map(target.map((t) => [t.name, t]));
  for (const fileTable of header.tables) {
    const found = targetTables.get(fileTable.name);
    if (!found) {
      problems.push(`table ${fileTable.name} is missing`);
      continue;
    }
    const fileColumns = fileTable.columns.map((c) => c.name);
    const targetColumns = found.columns.map((c) => c.name);
    if (!sameNames(fileColumns, targetColumns)) {
      problems.push(
        `table ${fileTable.name} has columns (${targetColumns.join(', ')}), the backup (${fileColumns.join(', ')})`,
      );
    }
  }
  const inFile = new Set(header.tables.map((t) => t.name));
  for (const name of targetTables.keys()) {
    if (!inFile.has(name) && !header.excluded.includes(name)) {
      problems.push(`table ${name} is not in the backup`);
    }
  }
  if (problems.length > 0) {
    throw new BackupError(
      'schema-mismatch',
      `The database's tables at schema ${describeSchema(fileSchema)} do not match the backup's: ` +
        `${problems.join('; ')}.`,
    );
  }
}

/** A serial or identity column's sequence continues after the highest value restored. */
async function advanceSequences(tx: Transaction) {
  const owned = await rowsOf<{ seq: string; table_name: string; column_name: string }>(
    tx,
    sql`select format('%I.%I', sn.nspname, s.relname) as seq, t.relname as table_name,
          a.attname as column_name
        from pg_catalog.pg_depend d
        join pg_catalog.pg_class s on s.oid = d.objid and s.relkind = 'S'
        join pg_catalog.pg_namespace sn on sn.oid = s.relnamespace
        join pg_catalog.pg_class t on t.oid = d.refobjid
        join pg_catalog.pg_namespace tn on tn.oid = t.relnamespace
        join pg_catalog.pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
        where tn.nspname = 'public' and d.classid = 'pg_catalog.pg_class'::regclass
          and d.deptype in ('a', 'i')`,
  );
  for (const { seq, table_name, column_name } of owned) {
    await tx.execute(
      sql`select setval(${seq}::regclass, m) from (select max(${ident(column_name)}) as m
          from ${table(table_name)}) x where m is not null`,
    );
  }
}
