import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type AppOptions, buildApp } from '../../src/server/app';
import { type AppConfig, readConfig } from '../../src/server/config';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/connection';

/**
 * A fresh, migrated database for one test file: PGlite in memory, or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL (dropped after).
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ kind: 'memory' });
  const scratch = await scratchPostgres(serverUrl);
  const handle = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 5 });
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

export async function createTestApp(
  options: Partial<Omit<AppOptions, 'db'>> = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const app = await buildApp({ config: testConfig(), ...options, db: database.db });
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
