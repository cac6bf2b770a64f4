import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import {
  createDurablePglite,
  DEFAULT_DURABILITY,
  type EmbeddedDurability,
  syncPath,
  syncTree,
} from './durability';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle a transaction callback receives; use it for every query inside. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * What a write changed, for the caches: `data` empties the read cache;
 * `sign-in` (sessions, users, roles, rights, settings) empties the sign-in
 * cache as well.
 */
export type Change = 'data' | 'sign-in';

/** How app processes sharing one database tell each other that data changed. */
export interface ChangeFeed {
  /** Tells the other app processes on this database that something was written. */
  announce(change: Change): void;
  /** Calls `listener` whenever another process announces a change. */
  subscribe(listener: (change: Change) => void): Promise<void>;
}

export interface DatabaseHandle {
  db: Database;
  kind: 'embedded' | 'postgres';
  /** Absent where no other process can share the database. */
  changes?: ChangeFeed;
  /** Applies the migrations in `folder` that this database has not had yet. */
  migrate(folder?: string): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'embedded'; dataDir: string; durability?: EmbeddedDurability }
  /**
   * In memory, for tests: empty, or a copy of `copyOf` (a `dumpDataDir` of a
   * migrated database: loading one takes a quarter of a new one's start).
   */
  | { kind: 'memory'; copyOf?: Blob };

export interface OpenOptions {
  /**
   * Apply the app's pending migrations (default). The backup and verify
   * commands open the database as it is, and a backup records the schema it finds.
   */
  migrate?: boolean;
  /**
   * Create the embedded database when DATA_DIR holds none (default). The
   * commands that read a database refuse an empty folder instead of creating one.
   */
  create?: boolean;
}

/**
 * Opens the database for the app, a command or a test. The embedded one takes
 * the DATA_DIR lock, so this fails with DataDirInUseError while an app runs on it.
 */
export async function openDatabase(
  target: DatabaseTarget,
  { migrate = true, create = true }: OpenOptions = {},
): Promise<DatabaseHandle> {
  const handle = await openTarget(target, create);
  if (!migrate) return handle;
  try {
    await handle.migrate();
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

function openTarget(target: DatabaseTarget, create: boolean): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') return openPostgres(target.url, target.poolSize ?? 10);
  if (target.kind === 'memory') {
    return openPglite(new PGlite({ loadDataDir: target.copyOf }), () => {});
  }
  return openEmbedded(resolve(target.dataDir), target.durability ?? DEFAULT_DURABILITY, create);
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  // Timestamps are stored as timestamptz and read in UTC; the business time
  // zone is applied explicitly where a day or month boundary matters.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: '-c TimeZone=UTC' });
  // A connection PostgreSQL drops (a restart, a failover, a drop with force)
  // emits 'error', and an 'error' no one listens to ends the process. The
  // query or transaction that was using it is rejected on its own (answered
  // as 503); the pool discards the connection and opens a new one when asked.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzleNodePg(pool, { schema });
  let listener: pg.Client | undefined;
  let closed = false;
  const changes: ChangeFeed = {
    announce: (change) => {
      pool.query("select pg_notify('bakery_changes', $1)", [change]).catch(() => {
        // Best effort: the other processes' caches also expire on their own.
      });
    },
    subscribe: async (onChange) => {
      const listen = async () => {
        const client = new pg.Client({ connectionString: url });
        // Anything but `data` (an older process sends '') forgets everything.
        client.on('notification', (message) =>
          onChange(message.payload === 'data' ? 'data' : 'sign-in'),
        );
        client.on('error', () => {
          // Connection lost: what others wrote meanwhile is unknown, so
          // forget everything cached and listen again.
          onChange('sign-in');
          client.end().catch(() => {});
          listenLater();
        });
        await client.connect();
        await client.query('listen bakery_changes');
        listener = client;
      };
      const listenLater = () => {
        if (closed) return;
        setTimeout(() => listen().catch(listenLater), 1000).unref();
      };
      await listen();
    },
  };
  return {
    db,
    kind: 'postgres',
    changes,
    migrate: (folder = MIGRATIONS_FOLDER) => migrateNodePg(db, { migrationsFolder: folder }),
    close: async () => {
      closed = true;
      await listener?.end();
      await pool.end();
    },
  };
}

async function openEmbedded(
  dataDir: string,
  durability: EmbeddedDurability,
  create: boolean,
): Promise<DatabaseHandle> {
  const pgdata = join(dataDir, 'pgdata');
  if (!create && !existsSync(pgdata)) {
    throw new Error(
      `There is no bakery database in ${dataDir} (no pgdata folder). Set DATA_DIR to the app's data folder.`,
    );
  }
  mkdirSync(dataDir, { recursive: true });
  const release = lockDataDir(dataDir);
  try {
    if (!existsSync(pgdata)) await initialiseDataDirectory(pgdata, durability);
    // After a kill or a power cut, PostgreSQL replays its WAL here before the
    // first query (crash recovery); tests/resilience/crash.test.ts kills it.
    const embedded = createDurablePglite(pgdata, durability);
    try {
      await embedded.client.waitReady;
    } catch (error) {
      embedded.stop();
      throw new Error(
        `The embedded database in ${pgdata} could not be opened (${(error as Error).message}). ` +
          'It may be damaged: restore a backup, or move the folder away to start empty.',
      );
    }
    return await openPglite(embedded.client, () => {
      embedded.stop();
      release();
    });
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * A first start that is interrupted half-way must not leave a directory that
 * later refuses to open: the database is created beside its final place and
 * renamed into it only once PGlite has finished writing it.
 */
async function initialiseDataDirectory(pgdata: string, durability: EmbeddedDurability) {
  const partial = `${pgdata}.partial`;
  rmSync(partial, { recursive: true, force: true });
  const { client, stop } = createDurablePglite(partial, durability);
  await client.waitReady;
  stop();
  await client.close();
  // On the disk before it takes the final name, and the name on the disk too.
  if (durability === 'commit') syncTree(partial);
  renameSync(partial, pgdata);
  if (durability === 'commit') syncPath(dirname(pgdata));
}

async function openPglite(client: PGlite, release: () => void): Promise<DatabaseHandle> {
  await client.exec(`SET TIME ZONE 'UTC'`);
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'embedded',
    migrate: (folder = MIGRATIONS_FOLDER) => migratePglite(db, { migrationsFolder: folder }),
    close: async () => {
      await client.close();
      release();
    },
  };
}
