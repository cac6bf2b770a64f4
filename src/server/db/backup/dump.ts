/**
 * Taking a backup: every table but the excluded and derived ones, read in one
 * snapshot and written in the format of ./format.ts.
 */
import type { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../connection';
import { rowsOf } from '../raw-results';
import {
  backedUpTables,
  type CatalogTable,
  ident,
  NOT_BACKED_UP,
  sameNames,
  table,
} from './catalog';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupHeader,
  createBackupWriter,
  type SchemaVersion,
  type TableCount,
} from './format';
import { appliedSchema, codeMigrations } from './migrations';

/** Rows fetched from the cursor at a time while backing up. */
const FETCH_ROWS = 5000;

export interface BackupResult {
  /** The file written, when a path was given. */
  path?: string;
  /** Size of the compressed backup. */
  bytes: number;
  createdAt: string;
  schema: SchemaVersion | null;
  tables: TableCount[];
  totalRows: number;
  excluded: string[];
}

export interface BackupOptions {
  /** Called after each table is written, still inside the backup's transaction. */
  onTable?: (table: TableCount) => void | Promise<void>;
  /** gzip level 1–9; default 6. */
  compressionLevel?: number;
}

class TablesChanged extends Error {}

/**
 * Writes a consistent copy of every table (but EXCLUDED_TABLES) to `destination`:
 * a file path (written beside it and renamed into place when complete, folders
 * created) or a writable stream. All rows are read in one REPEATABLE READ READ
 * ONLY transaction, through a cursor, so the copy is one moment of the database
 * while others go on writing, and a table of millions of rows is never held in
 * memory.
 */
export async function writeBackup(
  db: Database,
  destination: string | Writable,
  options: BackupOptions = {},
): Promise<BackupResult> {
  const file = createBackupWriter(destination, options.compressionLevel);
  try {
    const summary = await dumpWithRetry(db, file.write, options);
    return { ...(await file.finish()), ...summary };
  } catch (error) {
    await file.abort(error as Error);
    throw error;
  }
}

async function dumpWithRetry(
  db: Database,
  write: (text: string) => Promise<void>,
  options: BackupOptions,
): Promise<Omit<BackupResult, 'path' | 'bytes'>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await dump(db, write, options);
    } catch (error) {
      // A migration created or dropped a table between listing and locking: list again.
      if (!(error instanceof TablesChanged) || attempt >= 3) throw error;
    }
  }
}

async function dump(
  db: Database,
  write: (text: string) => Promise<void>,
  options: BackupOptions,
): Promise<Omit<BackupResult, 'path' | 'bytes'>> {
  const known = codeMigrations();
  const listed = await backedUpTables(db);
  return db.transaction(
    async (tx) => {
      // Locks first, then the snapshot: no table can be dropped, truncated or
      // altered under the backup, and the rows read are all of one moment.
      if (listed.length > 0) {
        await tx.execute(
          sql`lock table ${sql.join(
            listed.map((t) => table(t.name)),
            sql`, `,
          )} in access share mode`,
        );
      }
      const tables = await backedUpTables(tx);
      if (
        !sameNames(
          tables.map((t) => t.name),
          listed.map((t) => t.name),
        )
      ) {
        throw new TablesChanged();
      }
      const schemaVersion = await appliedSchema(tx, known);
      const [server] = await rowsOf<{ version: string }>(tx, sql`select version() as version`);
      const header: BackupHeader = {
        format: BACKUP_FORMAT,
        formatVersion: BACKUP_FORMAT_VERSION,
        createdAt: new Date().toISOString(),
        schema: schemaVersion,
        server: server?.version ?? 'unknown',
        excluded: [...NOT_BACKED_UP],
        tables: tables.map(({ name, columns }) => ({ name, columns })),
      };
      await write(`${JSON.stringify(header)}\n`);

      const counts: TableCount[] = [];
      for (const entry of tables) {
        const rows = await dumpTable(tx, entry, write);
        counts.push({ name: entry.name, rows });
        await options.onTable?.({ name: entry.name, rows });
      }
      const totalRows = counts.reduce((sum, t) => sum + t.rows, 0);
      await write(`${JSON.stringify(['end', { tables: counts.length, rows: totalRows }])}\n`);
      return {
        createdAt: header.createdAt,
        schema: schemaVersion,
        tables: counts,
        totalRows,
        excluded: header.excluded,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

async function dumpTable(
  tx: Transaction,
  entry: CatalogTable,
  write: (text: string) => Promise<void>,
): Promise<number> {
  await write(`${JSON.stringify(['table', entry.name])}\n`);
  const selectList = entry.columns.map((column) =>
    column.json
      ? sql`case when ${ident(column.name)} is null then null else json_build_array(${ident(column.name)}) end as ${ident(column.name)}`
      : ident(column.name),
  );
  await tx.execute(
    sql`declare bakery_backup no scroll cursor for
        select row_to_json(r)::text as line
        from (select ${sql.join(selectList, sql`, `)} from ${table(entry.name)}) r`,
  );
  let rows = 0;
  for (;;) {
    const page = await rowsOf<{ line: string }>(
      tx,
      sql.raw(`fetch forward ${FETCH_ROWS} from bakery_backup`),
    );
    if (page.length === 0) break;
    rows += page.length;
    await write(`${page.map((row) => row.line).join('\n')}\n`);
    if (page.length < FETCH_ROWS) break;
  }
  await tx.execute(sql`close bakery_backup`);
  await write(`${JSON.stringify(['rows', entry.name, rows])}\n`);
  return rows;
}
