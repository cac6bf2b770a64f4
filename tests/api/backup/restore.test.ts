import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EXCLUDED_TABLES } from '../../../src/server/db/backup/catalog';
import { writeBackup } from '../../../src/server/db/backup/dump';
import { BackupError } from '../../../src/server/db/backup/format';
import { restoreBackup } from '../../../src/server/db/backup/restore';
import { rollupDifferences } from '../../../src/server/modules/accounts/rollups';
import { firstAdmin } from '../../support/personas';
import { endsWithRollupsMatchingRecords } from '../../support/rollups';
import { createTestApp, migrationsUpTo, unmigratedDatabase } from '../../support/test-app';
import { backedUpBakery, WHOLESALE_TABLES } from './bakery';
import {
  changeHeader,
  columnsOf,
  count,
  expectOk,
  lastMigration,
  migrationsFolder,
  rewrite,
  rows,
  signIn,
  snapshot,
  tableNames,
  tempDirs,
} from './support';

const tempDir = tempDirs();

describe('restore', () => {
  const { bakery, freshDatabase } = backedUpBakery(tempDir);

  it('restores into a fresh database every row and column exactly, without sessions', async () => {
    const { source, file, seeded } = bakery;
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
    for (const name of WHOLESALE_TABLES)
      expect(await count(target.db, name), name).toBeGreaterThan(0);
    // The restored copy is a working bakery: the admin signs in and sees the same balances.
    const restoredApp = await createTestApp({}, { ...target, close: async () => {} });
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
    const { source, file } = bakery;
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
    const { source, file } = bakery;
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
    const { file } = bakery;
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

  it('restores a backup taken at an older schema, then migrates it', async () => {
    const { source } = bakery;
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

  endsWithRollupsMatchingRecords(() => bakery.source.database.db);
});
