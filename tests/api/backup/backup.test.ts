import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DERIVED_TABLES, EXCLUDED_TABLES } from '../../../src/server/db/backup/catalog';
import { defaultBackupPath } from '../../../src/server/db/backup/command-line';
import { writeBackup } from '../../../src/server/db/backup/dump';
import { restoreBackup } from '../../../src/server/db/backup/restore';
import type { Database } from '../../../src/server/db/connection';
import { endsWithRollupsMatchingRecords } from '../../support/rollups';
import { backedUpBakery } from './bakery';
import { count, expectOk, rows, tableNames, tempDirs } from './support';

const tempDir = tempDirs();

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

describe('backup', () => {
  const { bakery, freshDatabase } = backedUpBakery(tempDir);

  it('backs up every table but sessions, sign-in attempts and the derived bread ledger, and says how many rows', async () => {
    const { source, file, backup } = bakery;
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

  it('takes a consistent copy while others go on writing', async () => {
    const { source, seeded } = bakery;
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

  endsWithRollupsMatchingRecords(() => bakery.source.database.db);
});
