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
  fsyncSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

export const BACKUP_FORMAT = 'bakery-backup';
export const BACKUP_FORMAT_VERSION = 1;

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

export interface BackupWriter {
  /** Adds text to the file; waits while the disk (or the stream) is behind. */
  write(text: string): Promise<void>;
  /** Completes the file: on a path, flushed to the disk and renamed into place. */
  finish(): Promise<{ path?: string; bytes: number }>;
  /** Abandons the file after a failure: no partial file stays behind. */
  abort(error: Error): Promise<void>;
}

/**
 * A gzip-compressed backup going to `destination`: a file path (written beside
 * it as NAME.partial, folders created) or a writable stream.
 */
export function createBackupWriter(
  destination: string | Writable,
  compressionLevel = 6,
): BackupWriter {
  const path = typeof destination === 'string' ? resolve(destination) : undefined;
  const partial = path ? `${path}.partial` : undefined;
  if (path) mkdirSync(dirname(path), { recursive: true });

  const gzip = createGzip({ level: compressionLevel });
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
  return {
    write: async (text) => {
      if (!gzip.write(text)) await Promise.race([once(gzip, 'drain'), finished]);
    },
    finish: async () => {
      gzip.end();
      await finished;
      if (path && partial) {
        syncFile(partial);
        renameSync(partial, path);
        syncFile(dirname(path));
      }
      return { ...(path ? { path } : {}), bytes };
    },
    abort: async (error) => {
      gzip.destroy(error);
      await finished.catch(() => {});
      if (partial) rmSync(partial, { force: true });
    },
  };
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

/** The lines of a gzip file, read as a stream. gzip's own check ends the stream with an error when damaged. */
export async function* readLines(path: string): AsyncGenerator<string> {
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

/** An error of reading the file or of gzip, not of the database. */
export function isReadError(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return Boolean(code?.startsWith('Z_') || (code && READ_ERRORS.has(code)));
}

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

export function readFailure(path: string, error: unknown, stage: 'header' | 'body'): BackupError {
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

/** Reads and checks the first line of the backup at `path`, from its `lines`. */
export async function readHeader(
  path: string,
  lines: AsyncGenerator<string>,
): Promise<BackupHeader> {
  let first: IteratorResult<string>;
  try {
    first = await lines.next();
  } catch (error) {
    throw readFailure(path, error, 'header');
  }
  return parseHeader(path, first.done ? undefined : first.value);
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
