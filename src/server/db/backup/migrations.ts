/**
 * The backup's side of drizzle's migration bookkeeping: which migrations this
 * code has, which one a database last had, and re-creating a database's schema
 * at an older migration so an older backup loads into the tables it was taken from.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { MIGRATIONS_FOLDER, type Transaction } from '../connection';
import { type Queryable, rowsOf } from '../raw-results';
import { table } from './catalog';
import { BackupError, type BackupHeader, type SchemaVersion } from './format';

export interface CodeMigration {
  tag: string;
  hash: string;
  createdAt: number;
  statements: string[];
}

/** The migrations of this code, in order. */
export function codeMigrations(): CodeMigration[] {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'))
    .entries as { tag: string; when: number }[];
  // drizzle's own reader, so hashes are computed exactly as the migrator records them.
  const files = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  return files.map((file, index) => ({
    tag: journal[index]?.tag ?? `#${index}`,
    hash: file.hash,
    createdAt: file.folderMillis,
    statements: file.sql,
  }));
}

/** The last migration drizzle recorded in this database, or null when none. */
export async function appliedSchema(
  db: Queryable,
  known: CodeMigration[],
): Promise<SchemaVersion | null> {
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

export const describeSchema = (s: SchemaVersion | null) =>
  s ? (s.tag ?? `an unknown migration (${s.hash.slice(0, 12)}…)`) : 'no schema';

/** Index of the backup's schema among this code's migrations; refuses newer or unknown ones. */
export function checkBackupSchema(
  path: string,
  header: BackupHeader,
  known: CodeMigration[],
): number {
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

/**
 * Drops what the migrations create in schema public (tables with their indexes,
 * constraints and sequences, views, types, functions), so the migrations can
 * create it again. Objects that belong to an extension are left alone.
 */
export async function dropAppObjects(tx: Transaction) {
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

export async function applyMigrations(tx: Transaction, migrations: CodeMigration[]) {
  for (const migration of migrations) {
    for (const statement of migration.statements) await tx.execute(sql.raw(statement));
  }
}

/** Records the migrations as drizzle's migrator would have, so the app applies none of them again. */
export async function recordMigrations(tx: Transaction, migrations: CodeMigration[]) {
  await ensureMigrationsTable(tx);
  await tx.execute(sql`delete from drizzle.__drizzle_migrations`);
  for (const migration of migrations) {
    await tx.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at)
          values (${migration.hash}, ${migration.createdAt})`,
    );
  }
}
