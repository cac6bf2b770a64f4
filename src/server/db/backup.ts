/**
 * Logical backups of the whole database, in one portable format for the
 * embedded database (PGlite) and PostgreSQL, so a bakery can also move from one
 * to the other by backup and restore.
 *
 * The file is gzip-compressed UTF-8 text, one JSON value per line:
 *
 *   {"format":"bakery-backup","formatVersion":1,"createdAt":…,"schema":{…},"tables":[…],…}
 *   ["table","users"]
 *   {"id":"…","email":"…",…}            one line per row, as PostgreSQL's row_to_json wrote it
 *   ["rows","users",3]                   the table's row count, checked on restore
 *   …                                    every table, parents before the tables that refer to them
 *   ["end",{"tables":15,"rows":1234}]
 *
 * Rows are never parsed in JavaScript: PostgreSQL writes each row as JSON text
 * and reads it back with json_populate_recordset, so NUMERIC keeps its exact
 * digits, timestamps their microseconds and offset, and uuids, booleans and
 * nulls stay what they were. A json/jsonb value is written as a one-element
 * array ([value]) so that a JSON null stays distinct from SQL NULL.
 *
 * The header names the last drizzle migration applied to the database it came
 * from (tag, hash, created_at, as in drizzle.__drizzle_migrations), so a restore
 * can bring the target to exactly that schema before loading it. gzip's CRC and
 * length, the per-table counts and the end line make a damaged or truncated
 * file fail the restore, which runs in one transaction and so changes nothing.
 */
import { once } from 'node:events';
import {
  closeSync,
  createReadStream,
  createWriteStream,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createGunzip, createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { zonedParts } from '../../domain/time';
import type { Database, DatabaseHandle, DatabaseTarget, Transaction } from './connection';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';
import { affectedRows, type Queryable, rowsOf } from './raw-results';
import * as schema from './schema';

export const BACKUP_FORMAT = 'bakery-backup';
export const BACKUP_FORMAT_VERSION = 1;

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
  'rollup_distributor_bread_days',
  'rollup_distributor_payment_days',
  'rollup_bread_production_days',
  'rollup_order_days',
  'rollup_distributor_accounts',
  'rollup_days',
  'rollup_return_days',
  'rollup_settings',
];
const KEPT_ON_RESTORE: readonly string[] = ['rollup_settings'];

const NOT_BACKED_UP: readonly string[] = [...EXCLUDED_TABLES, ...DERIVED_TABLES];

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

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Rows fetched from the cursor at a time while backing up. */
const FETCH_ROWS = 5000;
/** A restore inserts at most this many rows, or about this many bytes, per statement. */
const INSERT_ROWS = 5000;
const INSERT_BYTES = 4 * 1024 * 1024;

// --- Types -------------------------------------------------------------------

export interface SchemaVersion {
  /** The migration's file name without .sql; null when this code does not know it. */
  tag: string | null;
  /** sha256 of the migration file, as drizzle records it. */
  hash: string;
  /** The migration's journal time (drizzle's created_at), which orders migrations. */
  createdAt: number;
}

export interface BackupColumn {
  name: string;
  /** PostgreSQL's name of the type, e.g. numeric(14,2); informative. */
  type: string;
  /** json/jsonb: the value is written wrapped in a one-element array. */
  json?: true;
}

export interface BackupTable {
  name: string;
  columns: BackupColumn[];
}

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  /** The last migration applied to the database the backup was taken from. */
  schema: SchemaVersion | null;
  /** version() of the database server: PGlite or PostgreSQL. */
  server: string;
  /** Tables deliberately left out. */
  excluded: string[];
  /** In load order: a table comes after every table it refers to. */
  tables: BackupTable[];
}

export interface TableCount {
  name: string;
  rows: number;
}

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

export type BackupErrorCode =
  /** The file cannot be read (missing, a folder, no permission). */
  | 'unreadable'
  /** Not a bakery backup at all. */
  | 'not-a-backup'
  /** A bakery backup of another format version. */
  | 'format-version'
  /** Taken from a database at a schema newer than this code's. */
  | 'newer-schema'
  /** Taken at a schema this code does not know. */
  | 'unknown-schema'
  /** Damaged or cut short. */
  | 'damaged'
  /** The target holds data and force was not given. */
  | 'holds-data'
  /** The target database was migrated by a newer version of the app. */
  | 'database-newer'
  /** The target's tables do not match its recorded schema. */
  | 'schema-mismatch';

export class BackupError extends Error {
  override name = 'BackupError';
  constructor(
    readonly code: BackupErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface BackupOptions {
  /** Called after each table is written, still inside the backup's transaction. */
  onTable?: (table: TableCount) => void | Promise<void>;
  /** gzip level 1–9; default 6. */
  compressionLevel?: number;
}

export interface RestoreOptions {
  /** Replace a database that already holds data. */
  force?: boolean;
  /** Called after each table is loaded. */
  onTable?: (table: TableCount) => void | Promise<void>;
}

const ident = (name: string) => sql.identifier(name);
const table = (name: string) => sql`${ident('public')}.${ident(name)}`;

// --- Migrations known to this code ------------------------------------------

interface CodeMigration {
  tag: string;
  hash: string;
  createdAt: number;
  statements: string[];
}

function codeMigrations(): CodeMigration[] {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'))
    .entries as { tag: string; when: number }[];
  // drizzle's own reader, so hashes are computed exactly as the migrator records them.
  const files = readMigrationFiles({ migrationsFolder });
  return files.map((file, index) => ({
    tag: journal[index]?.tag ?? `#${index}`,
    hash: file.hash,
    createdAt: file.folderMillis,
    statements: file.sql,
  }));
}

/** The last migration drizzle recorded in this database, or null when none. */
async function appliedSchema(db: Queryable, known: CodeMigration[]): Promise<SchemaVersion | null> {
  const [exists] = await rowsOf<{ found: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  if (!exists?.found) return null;
  const [last] = await rowsOf<{ hash: string; created_at: string | number }>(
    db,
    sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  if (!last) return null;
  return {
    tag: known.find((m) => m.hash === last.hash)?.tag ?? null,
    hash: last.hash,
    createdAt: Number(last.created_at),
  };
}

const describeSchema = (s: SchemaVersion | null) =>
  s ? (s.tag ?? `an unknown migration (${s.hash.slice(0, 12)}…)`) : 'no schema';

// --- Catalog -----------------------------------------------------------------

interface CatalogTable {
  name: string;
  columns: BackupColumn[];
  /** Columns GENERATED ALWAYS AS (…) STORED: recomputed, never written. */
  generated: string[];
}

/** Every table of schema public, with its columns, in foreign-key load order. */
async function catalogTables(db: Queryable): Promise<CatalogTable[]> {
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

const sameNames = (a: string[], b: string[]) =>
  a.length === b.length && [...a].sort().every((name, i) => name === [...b].sort()[i]);

// --- Backup ------------------------------------------------------------------

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
  const path = typeof destination === 'string' ? resolve(destination) : undefined;
  const partial = path ? `${path}.partial` : undefined;
  if (path) mkdirSync(dirname(path), { recursive: true });

  const gzip = createGzip({ level: options.compressionLevel ?? 6 });
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  const out = partial ? createWriteStream(partial) : (destination as Writable);
  const finished = pipeline(gzip, counter, out);
  // Surfaces a failed disk write at the next write instead of waiting for drain forever.
  finished.catch(() => {});
  const write = async (text: string) => {
    if (!gzip.write(text)) await Promise.race([once(gzip, 'drain'), finished]);
  };

  try {
    const summary = await dumpWithRetry(db, write, options);
    gzip.end();
    await finished;
    if (path && partial) {
      syncFile(partial);
      renameSync(partial, path);
      syncFile(dirname(path));
    }
    return { ...(path ? { path } : {}), bytes, ...summary };
  } catch (error) {
    gzip.destroy(error as Error);
    await finished.catch(() => {});
    if (partial) rmSync(partial, { force: true });
    throw error;
  }
}

/** Makes the file (or folder entry) durable before the backup is reported done. */
function syncFile(path: string) {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    fsyncSync(fd);
  } catch {
    // Some platforms cannot fsync a folder; the file itself was synced.
  } finally {
    if (fd !== undefined) closeSync(fd);
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
  const listed = (await catalogTables(db)).filter((t) => !NOT_BACKED_UP.includes(t.name));
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
      const tables = (await catalogTables(tx)).filter((t) => !NOT_BACKED_UP.includes(t.name));
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

// --- Reading a backup file ---------------------------------------------------

/** The lines of a gzip file, read as a stream. gzip's own check ends the stream with an error when damaged. */
async function* readLines(path: string): AsyncGenerator<string> {
  const input = createReadStream(path);
  const gunzip = createGunzip();
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  gunzip.setEncoding('utf8');
  let rest = '';
  try {
    for await (const chunk of gunzip as AsyncIterable<string>) {
      let end = chunk.indexOf('\n');
      if (end === -1) {
        rest += chunk;
        continue;
      }
      yield rest + chunk.slice(0, end);
      let start = end + 1;
      for (end = chunk.indexOf('\n', start); end !== -1; end = chunk.indexOf('\n', start)) {
        yield chunk.slice(start, end);
        start = end + 1;
      }
      rest = chunk.slice(start);
    }
  } finally {
    input.destroy();
    gunzip.destroy();
  }
  if (rest !== '') yield rest;
}

const READ_ERRORS = new Set(['ENOENT', 'EISDIR', 'EACCES', 'EPERM']);

function startsLikeGzip(path: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const magic = Buffer.alloc(2);
    return readSync(fd, magic, 0, 2, 0) === 2 && magic[0] === 0x1f && magic[1] === 0x8b;
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function readFailure(path: string, error: unknown, stage: 'header' | 'body'): BackupError {
  if (error instanceof BackupError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  const reason = (error as Error).message;
  if (code && READ_ERRORS.has(code)) {
    return new BackupError('unreadable', `Cannot read the backup file ${path}: ${reason}`);
  }
  if (stage === 'header' && !startsLikeGzip(path)) {
    return new BackupError('not-a-backup', `${path} is not a bakery backup (${reason}).`);
  }
  return new BackupError(
    'damaged',
    `The backup file ${path} is damaged or incomplete (${reason}).`,
  );
}

function parseHeader(path: string, line: string | undefined): BackupHeader {
  let header: Partial<BackupHeader> | undefined;
  try {
    header = line === undefined ? undefined : (JSON.parse(line) as Partial<BackupHeader>);
  } catch {
    header = undefined;
  }
  if (!header || header.format !== BACKUP_FORMAT) {
    throw new BackupError('not-a-backup', `${path} is not a bakery backup.`);
  }
  if (header.formatVersion !== BACKUP_FORMAT_VERSION) {
    throw new BackupError(
      'format-version',
      `${path} is a bakery backup of format version ${String(header.formatVersion)}; ` +
        `this version of the app reads format version ${BACKUP_FORMAT_VERSION} only.`,
    );
  }
  if (!Array.isArray(header.tables) || typeof header.createdAt !== 'string') {
    throw new BackupError('damaged', `The header of the backup file ${path} is damaged.`);
  }
  return header as BackupHeader;
}

/**
 * Reads and checks the first line of a backup file without reading the rest:
 * refuses what a restore would refuse before touching a database (not a
 * backup, another format version, a schema newer than or unknown to this code).
 */
export async function readBackupHeader(path: string): Promise<BackupHeader> {
  const lines = readLines(path);
  try {
    const first = await lines.next().catch((error: unknown) => {
      throw readFailure(path, error, 'header');
    });
    const header = parseHeader(path, first.done ? undefined : first.value);
    checkBackupSchema(path, header, codeMigrations());
    return header;
  } finally {
    await lines.return(undefined);
  }
}

// --- Restore -----------------------------------------------------------------

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
    let first: IteratorResult<string>;
    try {
      first = await lines.next();
    } catch (error) {
      throw readFailure(path, error, 'header');
    }
    const header = parseHeader(path, first.done ? undefined : first.value);
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

      const counts = await loadRows(tx, path, lines, header, options);
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

/** Index of the backup's schema among this code's migrations; refuses newer or unknown ones. */
function checkBackupSchema(path: string, header: BackupHeader, known: CodeMigration[]): number {
  const fileSchema = header.schema;
  const index = fileSchema ? known.findIndex((m) => m.hash === fileSchema.hash) : -1;
  if (fileSchema && index !== -1) return index;
  const latest = known.at(-1);
  if (fileSchema && latest && fileSchema.createdAt > latest.createdAt) {
    throw new BackupError(
      'newer-schema',
      `${path} was taken by a newer version of the app (schema ${describeSchema(fileSchema)}, ` +
        `this version knows up to ${latest.tag}). Update the app, then restore.`,
    );
  }
  throw new BackupError(
    'unknown-schema',
    `${path} was taken at a schema this version of the app does not know ` +
      `(${describeSchema(fileSchema)}).`,
  );
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

async function loadRows(
  tx: Transaction,
  path: string,
  lines: AsyncGenerator<string>,
  header: BackupHeader,
  options: RestoreOptions,
): Promise<TableCount[]> {
  const counts: TableCount[] = [];
  const damaged = (why: string) =>
    new BackupError('damaged', `The backup file ${path} is damaged or incomplete (${why}).`);

  let current: { entry: BackupTable; insert: (json: string) => SQL; rows: number } | null = null;
  let batch: string[] = [];
  let batchBytes = 0;
  let ended = false;

  const flush = async () => {
    if (!current || batch.length === 0) return;
    const result = await tx.execute(current.insert(`[${batch.join(',')}]`));
    const inserted = affectedRows(result);
    if (inserted !== undefined && inserted !== batch.length) {
      throw damaged(`a row of ${current.entry.name} is not one JSON object`);
    }
    batch = [];
    batchBytes = 0;
  };

  try {
    for await (const line of lines) {
      if (ended) throw damaged('data after the end');
      if (line.startsWith('{')) {
        if (!current) throw damaged('a row outside any table');
        batch.push(line);
        batchBytes += line.length;
        current.rows += 1;
        if (batch.length >= INSERT_ROWS || batchBytes >= INSERT_BYTES) await flush();
        continue;
      }
      let control: unknown;
      try {
        control = JSON.parse(line);
      } catch {
        throw damaged(`unreadable line after ${counts.length} tables`);
      }
      if (!Array.isArray(control)) throw damaged('unexpected line');
      const [kind, name, value] = control as [unknown, unknown, unknown];
      if (kind === 'table') {
        const expected = header.tables[counts.length];
        if (current || !expected || expected.name !== name) {
          throw damaged(`table ${String(name)} out of place`);
        }
        current = { entry: expected, insert: insertStatement(expected), rows: 0 };
      } else if (kind === 'rows') {
        if (!current || current.entry.name !== name) throw damaged('row count out of place');
        await flush();
        if (value !== current.rows) {
          throw damaged(`${current.entry.name} has ${current.rows} rows, the backup says ${value}`);
        }
        const done = { name: current.entry.name, rows: current.rows };
        counts.push(done);
        current = null;
        await options.onTable?.(done);
      } else if (kind === 'end') {
        if (current || counts.length !== header.tables.length) throw damaged('tables missing');
        ended = true;
      } else {
        throw damaged('unexpected line');
      }
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    const code = (error as { code?: string }).code;
    // zlib and file errors come from reading; anything else came from the database.
    if (code?.startsWith('Z_') || (code && READ_ERRORS.has(code))) {
      throw readFailure(path, error, 'body');
    }
    const where = current ? ` while loading ${current.entry.name}` : '';
    throw new BackupError(
      'damaged',
      `The backup file ${path} could not be loaded${where}: ${(error as Error).message}`,
    );
  }
  if (!ended) throw damaged('its end is missing');
  return counts;
}

/** INSERT … SELECT from json_populate_recordset: PostgreSQL turns each JSON value into the column's type. */
function insertStatement(entry: BackupTable): (json: string) => SQL {
  const columns = sql.join(
    entry.columns.map((c) => ident(c.name)),
    sql`, `,
  );
  const values = sql.join(
    entry.columns.map((c) => (c.json ? sql`r.${ident(c.name)} -> 0` : sql`r.${ident(c.name)}`)),
    sql`, `,
  );
  return (json) =>
    sql`insert into ${table(entry.name)} (${columns}) overriding system value
        select ${values} from json_populate_recordset(null::${table(entry.name)}, ${json}::json) as r`;
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

/**
 * Drops what the migrations create in schema public (tables with their indexes,
 * constraints and sequences, views, types, functions), so the migrations can
 * create it again. Objects that belong to an extension are left alone.
 */
async function dropAppObjects(tx: Transaction) {
  const notFromExtension = (oid: SQL) =>
    sql`not exists (select 1 from pg_catalog.pg_depend e where e.objid = ${oid} and e.deptype = 'e')`;
  const relations = await rowsOf<{ name: string; kind: string }>(
    tx,
    sql`select c.relname as name, c.relkind as kind
        from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S', 'c')
          and ${notFromExtension(sql`c.oid`)}
        order by case c.relkind when 'v' then 0 when 'm' then 1 else 2 end, c.relname`,
  );
  const dropRelation: Record<string, string> = {
    r: 'table',
    p: 'table',
    v: 'view',
    m: 'materialized view',
    f: 'foreign table',
    S: 'sequence',
    c: 'type',
  };
  for (const { name, kind } of relations) {
    await tx.execute(
      sql`drop ${sql.raw(dropRelation[kind] ?? 'table')} if exists ${table(name)} cascade`,
    );
  }
  const types = await rowsOf<{ name: string; kind: string }>(
    tx,
    sql`select t.typname as name, t.typtype as kind
        from pg_catalog.pg_type t join pg_catalog.pg_namespace n on n.oid = t.typnamespace
        where n.nspname = 'public' and t.typtype in ('e', 'd', 'r')
          and ${notFromExtension(sql`t.oid`)}`,
  );
  for (const { name, kind } of types) {
    await tx.execute(
      sql`drop ${sql.raw(kind === 'd' ? 'domain' : 'type')} if exists ${table(name)} cascade`,
    );
  }
  const routines = await rowsOf<{ signature: string; kind: string }>(
    tx,
    sql`select format('%I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid))
          as signature, p.prokind as kind
        from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and ${notFromExtension(sql`p.oid`)}`,
  );
  for (const { signature, kind } of routines) {
    await tx.execute(
      sql.raw(`drop ${kind === 'a' ? 'aggregate' : 'routine'} if exists ${signature} cascade`),
    );
  }
  await ensureMigrationsTable(tx);
  await tx.execute(sql`delete from drizzle.__drizzle_migrations`);
}

/** The bookkeeping table exactly as drizzle's migrator creates it. */
async function ensureMigrationsTable(tx: Transaction) {
  await tx.execute(sql`create schema if not exists drizzle`);
  await tx.execute(
    sql`create table if not exists drizzle.__drizzle_migrations (
          id serial primary key, hash text not null, created_at bigint)`,
  );
}

async function applyMigrations(tx: Transaction, migrations: CodeMigration[]) {
  for (const migration of migrations) {
    for (const statement of migration.statements) await tx.execute(sql.raw(statement));
  }
}

/** Records the migrations as drizzle's migrator would have, so the app applies none of them again. */
async function recordMigrations(tx: Transaction, migrations: CodeMigration[]) {
  await ensureMigrationsTable(tx);
  await tx.execute(sql`delete from drizzle.__drizzle_migrations`);
  for (const migration of migrations) {
    await tx.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at)
          values (${migration.hash}, ${migration.createdAt})`,
    );
  }
}

// --- Opening a database to back up ---------------------------------------------

/**
 * Opens an existing database as it is, without applying migrations (a backup
 * records the schema it finds). The embedded database takes the DATA_DIR lock
 * like the app, so this fails with DataDirInUseError while the app runs.
 */
export async function openExistingDatabase(
  target: Exclude<DatabaseTarget, { kind: 'memory' }>,
): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 2, options: '-c TimeZone=UTC' });
    return { db: drizzleNodePg(pool, { schema }), kind: 'postgres', close: () => pool.end() };
  }
  const dataDir = resolve(target.dataDir);
  const pgdata = join(dataDir, 'pgdata');
  if (!existsSync(pgdata)) {
    throw new BackupError(
      'unreadable',
      `There is no bakery database in ${dataDir} (no pgdata folder). Set DATA_DIR to the app's data folder.`,
    );
  }
  const release = lockDataDir(dataDir);
  try {
    const client = new PGlite(pgdata);
    await client.waitReady;
    await client.exec(`SET TIME ZONE 'UTC'`);
    return {
      db: drizzlePglite(client, { schema }),
      kind: 'embedded',
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

// --- Helpers for the command-line scripts --------------------------------------

/** backups/bakery-YYYYMMDD-HHmmss.backup, in the bakery's time zone. */
export function defaultBackupPath(timeZone: string, now = new Date()): string {
  const clock = zonedParts(now, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  const stamp = `${clock.year}${two(clock.month)}${two(clock.day)}-${two(clock.hour)}${two(clock.minute)}${two(clock.second)}`;
  return join('backups', `bakery-${stamp}.backup`);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** One line of the scripts' output: a table and its rows. */
export function formatCount(table: TableCount): string {
  return `  ${table.name.padEnd(24)} ${table.rows.toLocaleString('en-NG').padStart(12)}`;
}

/**
 * The database for the backup or restore command, opened by `open`; null,
 * after saying so, while a running app holds the embedded one.
 */
export async function openForCommand(
  open: () => Promise<DatabaseHandle>,
  dataDir: string,
  action: 'backup' | 'restore' | 'verify',
): Promise<DatabaseHandle | null> {
  try {
    return await open();
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    const owner = /process (\d+)/.exec(error.message)?.[1];
    console.error(
      `The embedded database in ${dataDir} is in use by a running bakery app` +
        `${owner ? ` (process ${owner})` : ''}. Stop the app first, then run the ${action} again.`,
    );
    return null;
  }
}

/** How the scripts name the database they work on. */
export function databaseLabel(database: DatabaseHandle, dataDir: string): string {
  return database.kind === 'postgres'
    ? 'the PostgreSQL database (DATABASE_URL)'
    : `the embedded database in ${dataDir}`;
}
