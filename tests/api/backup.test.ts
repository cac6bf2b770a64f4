import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import {
  BackupError,
  type BackupHeader,
  type BackupResult,
  DERIVED_TABLES,
  defaultBackupPath,
  EXCLUDED_TABLES,
  restoreBackup,
  writeBackup,
} from '../../src/server/db/backup';
import { type Database, type DatabaseHandle, openDatabase } from '../../src/server/db/connection';
import { rollupDifferences } from '../../src/server/modules/accounts/rollups';
import { ApiClient, validUser } from '../support/api-client';
import { createRole, firstAdmin, userWithRole } from '../support/personas';
import { endsWithRollupsMatchingRecords } from '../support/rollups';
import {
  createTestApp,
  migrationsUpTo,
  openTestDatabase,
  type TestApp,
  testConfig,
  unmigratedDatabase,
} from '../support/test-app';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const migrationsFolder = join(root, 'src/server/db/migrations');
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const dirs: string[] = [];
const tempDir = (prefix = 'bakery-backup-') => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

// --- Helpers -------------------------------------------------------------------

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function tableNames(db: Database): Promise<string[]> {
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
async function snapshot(db: Database, except: readonly string[] = [], columnsFrom?: Database) {
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

const count = async (db: Database, name: string) =>
  Number(
    (
      await rows<{ n: number | string }>(db, sql`select count(*) as n from ${sql.identifier(name)}`)
    )[0]?.n,
  );

async function expectOk<T>(reply: Promise<{ status: number; body: T }>, status = 200) {
  const { status: got, body } = await reply;
  if (got !== status) throw new Error(`expected ${status}, got ${got}: ${JSON.stringify(body)}`);
  return body;
}

/**
 * A bakery's worth of records, each through the API: an admin and a user with
 * a role, stock items, a purchase order received, a recipe (and a deleted one),
 * a completed batch, distributors, sales, a payment and a return.
 */
async function seedBakery(testApp: TestApp) {
  const admin = await firstAdmin(testApp);
  const roleId = await createRole(admin, 'Night Shift', {
    canRead: true,
    canWrite: true,
    canDelete: false,
  });
  await userWithRole(testApp, admin, 'night', roleId);

  const flour = await expectOk(
    admin.post<{ id: string }>('/api/inventory', {
      name: 'Golden Penny Flour',
      category: 'ingredients',
      unit: 'kg',
      currentStock: 100,
      minStock: 50,
      unitCost: 800.5,
      supplier: 'Golden Penny Mills',
    }),
    201,
  );
  const yeast = await expectOk(
    admin.post<{ id: string }>('/api/inventory', {
      name: 'Yeast',
      category: 'ingredients',
      unit: 'kg',
      currentStock: 5.125,
      unitCost: 3333.3333,
    }),
    201,
  );
  await expectOk(
    admin.post('/api/inventory', {
      name: 'Bread bags',
      category: 'packaging',
      unit: 'units',
      currentStock: 1000,
    }),
    201,
  );
  const order = await expectOk(
    admin.post<{ id: string }>('/api/purchase-orders', {
      supplier: 'Golden Penny Mills',
      items: [
        { itemId: flour.id, quantity: 25.5, totalCost: 20400.75 },
        { itemId: yeast.id, quantity: 1, totalCost: 3000 },
      ],
      expectedDelivery: '2099-03-10',
      notes: 'Deliver before 7am — gate 2\n"back door"',
    }),
    201,
  );
  await expectOk(admin.patch(`/api/purchase-orders/${order.id}/receive`));
  await expectOk(
    admin.post('/api/purchase-orders', {
      supplier: 'Bag Co',
      items: [{ itemId: flour.id, quantity: 1, totalCost: 0.01 }],
    }),
    201,
  );
  await expectOk(admin.patch(`/api/inventory/${yeast.id}`, { currentStock: 4.5 }));

  const recipe = await expectOk(
    admin.post<{ id: string }>('/api/recipes', {
      name: 'Agege Bread',
      description: 'Soft, sweet and stretchy ✓',
      ingredients: [
        { itemId: flour.id, quantity: 1, unit: 'kg' },
        { itemId: yeast.id, quantity: 20, unit: 'g' },
      ],
      estimatedDuration: 180,
    }),
    201,
  );
  const old = await expectOk(
    admin.post<{ id: string }>('/api/recipes', {
      name: 'Old Recipe',
      ingredients: [{ itemId: flour.id, quantity: 0.5, unit: 'kg' }],
    }),
    201,
  );
  await expectOk(admin.delete(`/api/recipes/${old.id}`));

  const batch = await expectOk(
    admin.post<{ id: string }>('/api/production-batches', {
      recipeId: recipe.id,
      flourKg: 12.5,
      batchNumber: 'B-0001',
    }),
    201,
  );
  await expectOk(admin.patch(`/api/production-batches/${batch.id}`, { status: 'in_progress' }));
  await expectOk(
    admin.patch(`/api/production-batches/${batch.id}`, {
      status: 'completed',
      loavesProduced: 150,
    }),
  );
  const cancelled = await expectOk(
    admin.post<{ id: string }>('/api/production-batches', { recipeId: recipe.id, flourKg: 2 }),
    201,
  );
  await expectOk(admin.patch(`/api/production-batches/${cancelled.id}`, { status: 'cancelled' }));

  const mama = await expectOk(
    admin.post<{ id: string }>('/api/distributors', {
      name: 'Mama Tunde Stores',
      address: '12 Allen Avenue, Ikeja',
      phone: '0803 123 4567',
    }),
    201,
  );
  await expectOk(
    admin.post('/api/distributors', {
      name: "Ada's Kiosk",
      address: 'Yaba',
      phone: '+234 803 000 0001',
    }),
    201,
  );
  await expectOk(
    admin.post('/api/sales-transactions', {
      distributorId: mama.id,
      recipeName: 'Agege Bread',
      loavesTaken: 50,
      pricePerLoaf: 350.5,
      amountPaid: 10000.25,
      notes: 'First delivery\nPaid part cash',
    }),
    201,
  );
  await expectOk(
    admin.post('/api/sales-transactions', {
      distributorId: mama.id,
      recipeName: 'Agege Bread',
      loavesTaken: 3,
      pricePerLoaf: 0.1,
    }),
    201,
  );
  await expectOk(
    admin.post('/api/distributor-payments', {
      distributorId: mama.id,
      amount: 2000.1,
      paymentMethod: 'bank_transfer',
      description: 'Transfer ref 0042',
    }),
    201,
  );
  await expectOk(
    admin.post('/api/bread-returns', {
      distributorId: mama.id,
      recipeName: 'Agege Bread',
      loavesReturned: 2,
      pricePerLoaf: 350.5,
      reason: 'spoiled',
    }),
    201,
  );
  // A JSON null is not SQL NULL: the deleted recipe's jsonb holds one.
  await testApp.database.db.execute(
    sql`update recipes set ingredients = 'null'::jsonb where id = ${old.id}`,
  );
  return { admin, flourId: flour.id, mamaId: mama.id };
}

/** A TestApp over a database opened by the caller (embedded, or a named PostgreSQL one). */
async function appOn(database: DatabaseHandle): Promise<TestApp> {
  const app = await buildApp({ config: testConfig(), db: database.db });
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

async function signIn(testApp: TestApp, name: string | number) {
  const client = new ApiClient(testApp);
  const user = validUser(name);
  await expectOk(
    client.post('/api/auth/login', { username: user.username, password: user.password }),
  );
  return client;
}

/** Rewrites the lines of a backup file (for damaged and crafted files). */
function rewrite(from: string, to: string, change: (lines: string[]) => string[]) {
  const lines = gunzipSync(readFileSync(from)).toString('utf8').split('\n');
  const changed = change(lines).join('\n');
  if (changed === lines.join('\n')) throw new Error(`rewriting ${to} changed nothing`);
  writeFileSync(to, gzipSync(changed));
  return to;
}

const changeHeader = (change: (header: BackupHeader) => void) => (lines: string[]) => {
  const header = JSON.parse(lines[0] as string) as BackupHeader;
  change(header);
  return [JSON.stringify(header), ...lines.slice(1)];
};

// --- Backup and restore, on the database of this test run ------------------------

describe('the default backup file name', () => {
  it('stamps the bakery clock, across a day and a year end in Lagos', () => {
    expect(defaultBackupPath('Africa/Lagos', new Date('2026-01-02T23:04:05Z'))).toBe(
      join('backups', 'bakery-20260103-000405.backup'),
    );
    expect(defaultBackupPath('Africa/Lagos', new Date('2026-12-31T23:59:59Z'))).toBe(
      join('backups', 'bakery-20270101-005959.backup'),
    );
  });
});

describe('backup and restore', () => {
  let source: TestApp;
  let file: string;
  let seeded: Awaited<ReturnType<typeof seedBakery>>;
  let backup: BackupResult;
  const opened: DatabaseHandle[] = [];
  const freshDatabase = async () => {
    const handle = await openTestDatabase();
    opened.push(handle);
    return handle;
  };

  beforeAll(async () => {
    source = await createTestApp();
    seeded = await seedBakery(source);
    file = join(tempDir(), 'nested', 'bakery.backup');
    backup = await writeBackup(source.database.db, file);
  });
  afterAll(async () => {
    for (const handle of opened) await handle.close();
    await source.close();
  });

  it('backs up every table but sessions, sign-in attempts and the derived bread ledger, and says how many rows', async () => {
    const result = backup;
    expect(result.path).toBe(file);
    expect(result.bytes).toBe(statSync(file).size);
    expect(existsSync(`${file}.partial`)).toBe(false);
    const all = await tableNames(source.database.db);
    expect(result.tables.map((t) => t.name).sort()).toEqual(
      all.filter((name) => !EXCLUDED_TABLES.includes(name) && !DERIVED_TABLES.includes(name)),
    );
    for (const { name, rows: n } of result.tables) {
      expect(n, name).toBe(await count(source.database.db, name));
    }
    expect(result.totalRows).toBe(result.tables.reduce((sum, t) => sum + t.rows, 0));
    // Parents come before the tables that refer to them.
    const order = result.tables.map((t) => t.name);
    expect(order.indexOf('users')).toBeLessThan(order.indexOf('stock_movements'));
    expect(order.indexOf('distributors')).toBeLessThan(order.indexOf('sales_transactions'));
    expect(order.indexOf('production_batches')).toBeLessThan(order.indexOf('sales_transactions'));
    expect(result.schema?.tag).toMatch(/^\d{4}_/);
    // Sessions carry sign-in tokens: none may be in the file.
    expect(await count(source.database.db, 'sessions')).toBeGreaterThan(0);
    const text = gunzipSync(readFileSync(file)).toString('utf8');
    expect(text).not.toContain('["table","sessions"]');
    expect(text.trimEnd().split('\n').at(-1)).toBe(
      JSON.stringify(['end', { tables: result.tables.length, rows: result.totalRows }]),
    );
  });

  it('restores into a fresh database every row and column exactly, without sessions', async () => {
    const target = await freshDatabase();
    const result = await restoreBackup(target.db, file);
    expect(result).toMatchObject({ replacedData: false, schemaRebuilt: false });
    expect(await snapshot(target.db, EXCLUDED_TABLES)).toEqual(
      await snapshot(source.database.db, EXCLUDED_TABLES),
    );
    for (const name of EXCLUDED_TABLES) {
      if ((await tableNames(target.db)).includes(name))
        expect(await count(target.db, name)).toBe(0);
    }
    // The restored copy is a working bakery: the admin signs in and sees the same balances.
    const restoredApp = await appOn({ ...target, close: async () => {} });
    try {
      const admin = await signIn(restoredApp, 'admin');
      // The roll-ups are rebuilt by their triggers as the rows load: the same totals.
      expect(await rollupDifferences(target.db)).toEqual([]);
      for (const url of [
        '/api/distributors',
        '/api/inventory',
        '/api/available-loaves',
        '/api/reports/sales',
        '/api/reports/financial',
        '/api/accounting/summary?period=this_year',
      ]) {
        expect((await admin.get(url)).body, url).toEqual((await seeded.admin.get(url)).body);
      }
    } finally {
      await restoredApp.close();
    }
  });

  it('restores into a database that only has what the first start creates', async () => {
    const started = await createTestApp();
    try {
      expect(await count(started.database.db, 'roles')).toBeGreaterThan(0);
      await restoreBackup(started.database.db, file);
      expect(await snapshot(started.database.db, EXCLUDED_TABLES)).toEqual(
        await snapshot(source.database.db, EXCLUDED_TABLES),
      );
    } finally {
      await started.close();
    }
  });

  it('refuses to replace a database that holds data unless forced', async () => {
    const target = await freshDatabase();
    await restoreBackup(target.db, file);
    const before = await snapshot(target.db);
    const refusal = restoreBackup(target.db, file);
    await expect(refusal).rejects.toBeInstanceOf(BackupError);
    await expect(refusal).rejects.toMatchObject({
      code: 'holds-data',
      message: expect.stringMatching(/already holds data \(.*users.*\).*--force/),
    });
    expect(await snapshot(target.db)).toEqual(before);

    // Someone signed in to the database being replaced: that session ends with it.
    await target.db.execute(
      sql`insert into sessions (sid, sess, expire) values ('s1', '{}', now() + interval '1 hour')`,
    );
    const forced = await restoreBackup(target.db, file, { force: true });
    expect(forced.replacedData).toBe(true);
    expect(await count(target.db, 'sessions')).toBe(0);
    expect(await snapshot(target.db, EXCLUDED_TABLES)).toEqual(
      await snapshot(source.database.db, EXCLUDED_TABLES),
    );
  });

  it('refuses damaged, truncated and foreign files and leaves the database as it was', async () => {
    // A target with other data, so a half-done restore would show.
    const other = await createTestApp();
    try {
      const admin = await firstAdmin(other);
      await expectOk(
        admin.post('/api/distributors', { name: 'Other', address: 'Aba', phone: '0803 999 9999' }),
        201,
      );
      const before = await snapshot(other.database.db);
      const dir = tempDir();
      const bytes = readFileSync(file);
      const cut = join(dir, 'cut.backup');
      writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.7)));
      const flipped = join(dir, 'flipped.backup');
      const damaged = Buffer.from(bytes);
      const middle = Math.floor(damaged.length / 2);
      damaged[middle] = (damaged[middle] as number) ^ 0xff;
      writeFileSync(flipped, damaged);
      const text = join(dir, 'text.backup');
      writeFileSync(text, 'id,name\n1,flour\n');
      const dropEnd = rewrite(file, join(dir, 'no-end.backup'), (lines) =>
        lines.filter((line) => !line.startsWith('["end"')),
      );
      const lostRow = rewrite(file, join(dir, 'lost-row.backup'), (lines) => {
        const at = lines.findIndex((line) => line.startsWith('{"id"') && line.includes('Mama'));
        return lines.filter((_, i) => i !== at);
      });
      const badRow = rewrite(file, join(dir, 'bad-row.backup'), (lines) =>
        lines.map((line) => line.replace('"price_per_loaf":350.50', '"price_per_loaf":"x"')),
      );
      const version2 = rewrite(
        file,
        join(dir, 'v2.backup'),
        changeHeader((h) => {
          h.formatVersion = 2;
        }),
      );
      const newer = rewrite(
        file,
        join(dir, 'newer.backup'),
        changeHeader((h) => {
          h.schema = { tag: '9999_future', hash: 'f'.repeat(64), createdAt: Date.now() * 10 };
        }),
      );
      const cases: [string, string][] = [
        [cut, 'damaged'],
        [flipped, 'damaged'],
        [text, 'not-a-backup'],
        [dropEnd, 'damaged'],
        [lostRow, 'damaged'],
        [badRow, 'damaged'],
        [version2, 'format-version'],
        [newer, 'newer-schema'],
        [join(dir, 'missing.backup'), 'unreadable'],
      ];
      for (const [path, code] of cases) {
        await expect(
          restoreBackup(other.database.db, path, { force: true }),
          path,
        ).rejects.toMatchObject({ name: 'BackupError', code });
        expect(await snapshot(other.database.db), path).toEqual(before);
      }
      // The app still works on it.
      expect((await admin.get('/api/distributors')).status).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('takes a consistent copy while others go on writing', async () => {
    const db = source.database.db;
    const stockOf = async (database: Database) =>
      rows<{ id: string; stock: string; moved: string }>(
        database,
        sql`select i.id, i.current_stock::text as stock,
              coalesce((select sum(m.quantity_change) from stock_movements m where m.item_id = i.id), 0)::text as moved
            from inventory_items i order by i.id`,
      );
    const adjust = (n: number) =>
      expectOk(seeded.admin.patch(`/api/inventory/${seeded.flourId}`, { currentStock: 1000 + n }));
    const sell = () =>
      expectOk(
        seeded.admin.post('/api/sales-transactions', {
          distributorId: seeded.mamaId,
          recipeName: 'Agege Bread',
          loavesTaken: 1,
          pricePerLoaf: 350,
          amountPaid: 350,
        }),
        201,
      );
    const stockBefore = await stockOf(db);
    const salesBefore = await count(db, 'sales_transactions');

    // Writers keep going during the whole backup, and more stock moves between
    // the moment inventory_items was read and the moment stock_movements is.
    let writing = true;
    let written = 0;
    const writer = (async () => {
      for (let n = 0; writing && n < 40; n++) {
        await Promise.all([adjust(n), sell()]);
        written += 1;
      }
    })();
    const duringBackup: Promise<unknown>[] = [];
    const copy = join(tempDir(), 'during-writes.backup');
    await writeBackup(db, copy, {
      onTable: async ({ name }) => {
        if (name !== 'inventory_items') return;
        const moves = Promise.all([adjust(500), adjust(501), sell()]);
        duringBackup.push(moves);
        // PGlite is one connection: its writers wait for the backup's transaction to end.
        if (source.database.kind === 'postgres') await moves;
      },
    });
    writing = false;
    await writer;
    await Promise.all(duringBackup);
    expect(written).toBeGreaterThan(0);

    const target = await freshDatabase();
    await restoreBackup(target.db, copy);
    for (const item of await stockOf(target.db)) {
      expect(Number(item.stock), item.id).toBe(Number(item.moved));
    }
    // Nothing of a sale is half there either: every restored sale's distributor and batch exist.
    const orphans = await rows<{ n: string | number }>(
      target.db,
      sql`select count(*) as n from sales_transactions s
          where not exists (select 1 from distributors d where d.id = s.distributor_id)`,
    );
    expect(Number(orphans[0]?.n)).toBe(0);
    if (source.database.kind === 'postgres') {
      // The writes made between the two tables' reads are not in the copy.
      const flour = (await stockOf(target.db)).find((i) => i.id === seeded.flourId);
      expect(Number(flour?.stock)).not.toBe(1501);
    }
    // The source did take every write.
    expect(await count(db, 'sales_transactions')).toBe(salesBefore + written + 1);
    expect(stockBefore.length).toBe((await stockOf(db)).length);
    for (const item of await stockOf(db)) expect(Number(item.stock)).toBe(Number(item.moved));
  });

  it('restores a backup taken at an older schema, then migrates it', async () => {
    // The migrations up to the first one: the database as the first release made it.
    const { folder: oldDir, tags } = migrationsUpTo(1, tempDir());
    const old = await unmigratedDatabase();
    try {
      await old.migrate(oldDir);
      await old.db.execute(sql`insert into users (id, email, username, password_hash, is_admin, created_at)
          values ('6c0e4f4e-2f59-4c2e-9a59-2d1b7d3d1a11', 'old@bakery.ng', 'old_admin', 'x', true,
                  '2024-02-29 23:59:59.123456+00')`);
      await old.db.execute(sql`insert into inventory_items (id, name, category, current_stock, unit, unit_cost)
          values ('7d1f5a5f-3a6a-4d3f-8b6a-3e2c8e4e2b22', 'Flour', 'ingredients', 12.345, 'kg', 800.1234)`);
      await old.db.execute(sql`insert into stock_movements (item_id, quantity_change, reason, user_id)
          values ('7d1f5a5f-3a6a-4d3f-8b6a-3e2c8e4e2b22', 12.345, 'initial_stock',
                  '6c0e4f4e-2f59-4c2e-9a59-2d1b7d3d1a11')`);
      const oldFile = join(oldDir, 'old.backup');
      const backup = await writeBackup(old.db, oldFile);
      expect(backup.schema?.tag).toBe(tags[0]);

      const target = await freshDatabase();
      const result = await restoreBackup(target.db, oldFile);
      expect(result.schemaRebuilt).toBe(true);
      // The rows are back, and the schema is this code's latest, as a new database has it.
      expect(await snapshot(target.db, [], old.db)).toMatchObject(await snapshot(old.db));
      const latest = source.database.db;
      expect(await columnsOf(target.db)).toEqual(await columnsOf(latest));
      expect(await lastMigration(target.db)).toBe(await lastMigration(latest));
      const migrationsRecorded = await rows<{ n: string | number }>(
        target.db,
        sql`select count(*) as n from drizzle.__drizzle_migrations`,
      );
      expect(Number(migrationsRecorded[0]?.n)).toBe(
        (
          JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
            entries: unknown[];
          }
        ).entries.length,
      );
      // Migrated past 0007, the roll-ups were filled from the restored rows.
      expect(await rollupDifferences(target.db)).toEqual([]);
    } finally {
      await old.close();
    }
  });

  endsWithRollupsMatchingRecords(() => source.database.db);
});

async function lastMigration(db: Database) {
  const [row] = await rows<{ hash: string }>(
    db,
    sql`select hash from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  return row?.hash;
}

/** Tables, columns, types, indexes and constraints of schema public, for comparing two databases. */
async function columnsOf(db: Database) {
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

async function adminQuery(serverUrl: string, text: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

// --- The command-line scripts ----------------------------------------------------

const tsxLoader = pathToFileURL(createRequire(join(root, 'package.json')).resolve('tsx')).href;

function runScript(
  script: 'backup' | 'restore',
  args: string[],
  env: Record<string, string | undefined>,
  cwd = root,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolvePromise) => {
    const { DATABASE_URL: _url, DATA_DIR: _dir, npm_config_force: _force, ...base } = process.env;
    const child = spawn(
      process.execPath,
      ['--import', tsxLoader, join(root, 'scripts', `${script}.ts`), ...args],
      { cwd, env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('exit', (code) => resolvePromise({ code, stdout, stderr }));
  });
}

describe.skipIf(onPostgres)('npm run backup / restore on the embedded database', () => {
  it('backs up a stopped app’s DATA_DIR, restores it into another, and refuses while the app runs', async () => {
    const dataDir = tempDir('bakery-data-');
    const sourceApp = await appOn(await openDatabase({ kind: 'embedded', dataDir }));
    await seedBakery(sourceApp);
    const expected = await snapshot(sourceApp.database.db, EXCLUDED_TABLES);

    // While the app holds DATA_DIR, the backup says to stop it first.
    const refused = await runScript('backup', [], { DATA_DIR: dataDir }, tempDir());
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/in use by a running bakery app \(process \d+\)/);
    expect(refused.stderr).toContain('Stop the app first');
    await sourceApp.close();

    // The default file name, in the folder it is run from.
    const workDir = tempDir();
    const backedUp = await runScript('backup', [], { DATA_DIR: dataDir }, workDir);
    expect(backedUp.stderr).toBe('');
    expect(backedUp.code).toBe(0);
    const files = readdirSync(join(workDir, 'backups'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^bakery-\d{8}-\d{6}\.backup$/);
    const file = join(workDir, 'backups', files[0] as string);
    expect(backedUp.stdout).toMatch(/sales_transactions\s+2\n/);
    expect(backedUp.stdout).toContain(`Backup written to backups/${files[0]} (`);
    expect(backedUp.stdout).toMatch(/\(\d+(\.\d)? KB\)/);
    expect(backedUp.stdout).toContain('not included: sessions');

    // Restore into a new DATA_DIR, which is created.
    const restoredDir = join(tempDir('bakery-data-'), 'restored');
    const restored = await runScript('restore', [file], { DATA_DIR: restoredDir });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/users\s+2\n/);

    // Again: it holds data now, so --force is needed, and npm's own --force counts too.
    const again = await runScript('restore', [file], { DATA_DIR: restoredDir });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already holds data.*--force/);
    const forced = await runScript('restore', [file, '--force'], { DATA_DIR: restoredDir });
    expect(forced.code).toBe(0);
    const viaNpm = await runScript('restore', [file], {
      DATA_DIR: restoredDir,
      npm_config_force: 'true',
    });
    expect(viaNpm.code).toBe(0);

    // While an app holds the restored folder, the restore says to stop it first.
    const running = await openDatabase({ kind: 'embedded', dataDir: restoredDir });
    try {
      const locked = await runScript('restore', [file, '--force'], { DATA_DIR: restoredDir });
      expect(locked.code).toBe(1);
      expect(locked.stderr).toContain('Stop the app first');
      expect(await snapshot(running.db, EXCLUDED_TABLES)).toEqual(expected);
    } finally {
      await running.close();
    }

    // A file that is not a backup, and a folder with no database to back up, are
    // refused without creating anything.
    const notBackup = join(workDir, 'notes.txt');
    writeFileSync(notBackup, 'hello');
    const emptyDir = join(workDir, 'never-created');
    const [wrong, nothing] = await Promise.all([
      runScript('restore', [notBackup], { DATA_DIR: emptyDir }),
      runScript('backup', [join(workDir, 'x.backup')], { DATA_DIR: emptyDir }),
    ]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('is not a bakery backup');
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toContain('There is no bakery database');
    expect(existsSync(emptyDir)).toBe(false);
  }, 120_000);
});

describe.runIf(onPostgres)('npm run backup / restore with DATABASE_URL', () => {
  it('moves an embedded bakery to PostgreSQL and backs it up from there', async () => {
    const serverUrl = process.env.TEST_DATABASE_URL as string;
    const names = [1, 2].map(() => `bakery_test_${randomBytes(6).toString('hex')}`);
    const urlOf = (name: string) => {
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      return url.toString();
    };
    for (const name of names) await adminQuery(serverUrl, `create database ${name}`);
    const [first, second] = names.map(urlOf) as [string, string];
    try {
      // An embedded bakery (in memory here), backed up by the library.
      const embedded = await appOn(await openDatabase({ kind: 'memory' }));
      await seedBakery(embedded);
      const expected = await snapshot(embedded.database.db, EXCLUDED_TABLES);
      const file = join(tempDir(), 'embedded.backup');
      await writeBackup(embedded.database.db, file);
      await embedded.close();

      const restored = await runScript('restore', [file], { DATABASE_URL: first });
      expect(restored.stderr).toBe('');
      expect(restored.code).toBe(0);

      const copy = join(tempDir(), 'from-postgres.backup');
      const backedUp = await runScript('backup', [copy], { DATABASE_URL: first });
      expect(backedUp.code).toBe(0);
      expect(backedUp.stdout).toContain('the PostgreSQL database');
      const again = await runScript('restore', [copy], { DATABASE_URL: second });
      expect(again.code).toBe(0);

      for (const url of [first, second]) {
        const handle = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
        try {
          expect(await snapshot(handle.db, EXCLUDED_TABLES)).toEqual(expected);
        } finally {
          await handle.close();
        }
      }
    } finally {
      for (const name of names) {
        await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
      }
    }
  }, 120_000);
});
