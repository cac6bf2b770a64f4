import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type AppOptions, buildApp } from '../../src/server/app';
import { type AppConfig, readConfig } from '../../src/server/config';
import {
  type DatabaseHandle,
  MIGRATIONS_FOLDER,
  type OpenOptions,
  openDatabase,
} from '../../src/server/db/connection';

/**
 * A fresh, migrated database for one test file: PGlite in memory, or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL (dropped after).
 */
export async function openTestDatabase(options: OpenOptions = {}): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const copyOf = options.migrate === false ? undefined : await migratedTemplate();
    return openDatabase({ kind: 'memory', copyOf }, options);
  }
  const scratch = await scratchPostgres(serverUrl);
  const handle = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 5 }, options);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}

let template: Promise<Blob> | undefined;

/**
 * A dump of a freshly migrated in-memory database, made once per set of
 * migrations and PGlite version and kept in node_modules/.cache for every test
 * process: a test database loaded from it starts in ~0.8 s instead of ~3.5 s
 * (initdb and 24 migrations), some 4 minutes of a full `npm test` on 2 cores.
 * The migrations still run on the copy, and find nothing to do.
 */
function migratedTemplate(): Promise<Blob> {
  template ??= (async () => {
    const folder = resolve('node_modules/.cache/bakery-tests');
    const file = join(folder, `migrated-${migrationsFingerprint()}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const fresh = await openDatabase({ kind: 'memory' });
    const pglite = (fresh.db as unknown as { $client: PGlite }).$client;
    const dump = await pglite.dumpDataDir('none');
    await fresh.close();
    mkdirSync(folder, { recursive: true });
    // Other test processes may be making it too: each writes its own file, then renames.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return dump;
  })();
  return template;
}

/** Changes when a migration or PGlite changes, so no stale template is ever loaded. */
function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  const pgliteVersion = JSON.parse(
    readFileSync(resolve('node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as { version: string };
  hash.update(pgliteVersion.version);
  for (const name of readdirSync(MIGRATIONS_FOLDER, { recursive: true }).map(String).sort()) {
    const path = join(MIGRATIONS_FOLDER, name);
    if (statSync(path).isFile()) hash.update(name).update(readFileSync(path));
  }
  return hash.digest('hex').slice(0, 16);
}

/** A new database on the TEST_DATABASE_URL server, and how to drop it. */
export async function scratchPostgres(serverUrl: string) {
  const name = `bakery_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return { ...readConfig({ LOG_LEVEL: 'warn' }), ...overrides };
}

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** An app on a fresh test database, or on `database` (closed with the app) when given. */
export async function createTestApp(
  options: Partial<Omit<AppOptions, 'db'>> = {},
  given?: DatabaseHandle,
): Promise<TestApp> {
  const database = given ?? (await openTestDatabase());
  const app = await buildApp({
    config: testConfig(),
    ...options,
    // Tests register many users from one address; the registration limit has its own tests.
    throttle: { registrationsPerAddress: 10_000, ...options.throttle },
    db: database.db,
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export { MIGRATIONS_FOLDER };

/** A copy of the app's first `count` migrations in `folder`: the schema an older release made. */
export function migrationsUpTo(count: number, folder: string): { folder: string; tags: string[] } {
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, count);
  writeFileSync(journalPath, JSON.stringify(journal));
  return { folder, tags: journal.entries.map((entry) => entry.tag) };
}

/** A database with no migrations applied, of the kind this run tests; `migrate(folder)` applies some. */
export const unmigratedDatabase = () => openTestDatabase({ migrate: false });
