import { randomBytes } from 'node:crypto';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
  if (!serverUrl) return openDatabase({ kind: 'memory' }, options);
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
