// The backup tests' shared parts: temporary folders, ways to compare databases
// row for row, and crafted backup files.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll } from 'vitest';
import type { BackupHeader } from '../../../src/server/db/backup/format';
import type { Database } from '../../../src/server/db/connection';
import { ApiClient, validUser } from '../../support/api-client';
import type { TestApp } from '../../support/test-app';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const migrationsFolder = join(root, 'src/server/db/migrations');
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** Temporary folders for the calling test file, removed after its tests. */
export function tempDirs(): (prefix?: string) => string {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  return (prefix = 'bakery-backup-') => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
}

export async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export async function tableNames(db: Database): Promise<string[]> {
  const found = await rows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
  );
  return found.map((row) => row.name);
}

/**
 * Every table, every row, every column as PostgreSQL's record text (exact
 * NUMERIC digits, microseconds, SQL NULL distinct from JSON null), sorted.
 * `columnsFrom` keeps only the columns that database has: rows of an older
 * schema, compared after later migrations added columns to their tables.
 */
export async function snapshot(
  db: Database,
  except: readonly string[] = [],
  columnsFrom?: Database,
) {
  const result: Record<string, string[]> = {};
  for (const name of await tableNames(db)) {
    if (except.includes(name)) continue;
    const columns = columnsFrom && (await columnNames(columnsFrom, name));
    if (columns?.length === 0) continue;
    const record = columns
      ? sql`row(${sql.join(
          columns.map((column) => sql`t.${sql.identifier(column)}`),
          sql`, `,
        )})`
      : sql`t`;
    const lines = await rows<{ line: string }>(
      db,
      sql`select ${record}::text as line from ${sql.identifier(name)} t`,
    );
    result[name] = lines.map((row) => row.line).sort();
  }
  return result;
}

async function columnNames(db: Database, table: string) {
  const found = await rows<{ name: string }>(
    db,
    sql`select a.attname as name from pg_attribute a
        join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relname = ${table} and a.attnum > 0 and not a.attisdropped
        order by a.attnum`,
  );
  return found.map((row) => row.name);
}

export const count = async (db: Database, name: string) =>
  Number(
    (
      await rows<{ n: number | string }>(db, sql`select count(*) as n from ${sql.identifier(name)}`)
    )[0]?.n,
  );

export async function expectOk<T>(reply: Promise<{ status: number; body: T }>, status = 200) {
  const { status: got, body } = await reply;
  if (got !== status) throw new Error(`expected ${status}, got ${got}: ${JSON.stringify(body)}`);
  return body;
}

export async function signIn(testApp: TestApp, name: string | number) {
  const client = new ApiClient(testApp);
  const user = validUser(name);
  await expectOk(
    client.post('/api/auth/login', { username: user.username, password: user.password }),
  );
  return client;
}

/** Rewrites the lines of a backup file (for damaged and crafted files). */
export function rewrite(from: string, to: string, change: (lines: string[]) => string[]) {
  const lines = gunzipSync(readFileSync(from)).toString('utf8').split('\n');
  const changed = change(lines).join('\n');
  if (changed === lines.join('\n')) throw new Error(`rewriting ${to} changed nothing`);
  writeFileSync(to, gzipSync(changed));
  return to;
}

export const changeHeader = (change: (header: BackupHeader) => void) => (lines: string[]) => {
  const header = JSON.parse(lines[0] as string) as BackupHeader;
  change(header);
  return [JSON.stringify(header), ...lines.slice(1)];
};

export async function lastMigration(db: Database) {
  const [row] = await rows<{ hash: string }>(
    db,
    sql`select hash from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  return row?.hash;
}

/** Tables, columns, types, indexes and constraints of schema public, for comparing two databases. */
export async function columnsOf(db: Database) {
  const columns = await rows<{ line: string }>(
    db,
    sql`select c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
          || ' ' || a.attnotnull || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '') as line
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
        where n.nspname = 'public' and c.relkind = 'r'`,
  );
  const indexes = await rows<{ line: string }>(
    db,
    sql`select indexdef as line from pg_indexes where schemaname = 'public'`,
  );
  const constraints = await rows<{ line: string }>(
    db,
    sql`select conname || ' ' || pg_get_constraintdef(k.oid) as line
        from pg_constraint k join pg_namespace n on n.oid = k.connamespace where n.nspname = 'public'`,
  );
  return [...columns, ...indexes, ...constraints].map((row) => row.line).sort();
}
