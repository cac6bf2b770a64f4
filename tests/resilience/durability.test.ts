/**
 * What the embedded database does with a commit before the query resolves.
 * PGlite as shipped writes it to the operating system (a killed process loses
 * nothing) but never forces it to the disk (a power cut can lose it); the
 * app's `commit` durability forces it (src/server/db/durability.ts). A power
 * cut itself cannot be staged here; these tests show the fsync happens, and
 * when. The cost is measured by scripts/durability-bench.ts.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/connection';
import { createDurablePglite, type EmbeddedDurability } from '../../src/server/db/durability';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function scratchFolder() {
  const folder = mkdtempSync(join(tmpdir(), 'bakery-durability-'));
  folders.push(folder);
  return folder;
}

/** Whether `text` is in the WAL files on the disk (the real files, read by Node). */
function inWalFiles(pgdata: string, text: string) {
  const wal = join(pgdata, 'pg_wal');
  return readdirSync(wal)
    .filter((name) => /^[0-9A-F]{24}$/.test(name))
    .some((name) => readFileSync(join(wal, name)).includes(text));
}

async function openMode(mode: EmbeddedDurability) {
  const pgdata = join(scratchFolder(), 'pgdata');
  const embedded = createDurablePglite(pgdata, mode);
  await embedded.client.waitReady;
  await embedded.client.exec('create table notes (id serial primary key, body text)');
  return { pgdata, ...embedded };
}

// The embedded database only: the PostgreSQL pass (TEST_DATABASE_URL) skips it.
describe.skipIf(process.env.TEST_DATABASE_URL)('the embedded database and the disk', () => {
  it('forces every commit to the disk before the query resolves, and nothing for reads', async () => {
    const { client, pgdata, fsyncs, stop } = await openMode('commit');
    try {
      expect((await client.query<{ fsync: string }>('show fsync')).rows[0]?.fsync).toBe('on');

      const before = fsyncs();
      await client.query('insert into notes (body) values ($1)', ['marker-commit-one']);
      expect(fsyncs()).toBeGreaterThan(before);
      expect(inWalFiles(pgdata, 'marker-commit-one')).toBe(true);

      const beforeTransaction = fsyncs();
      await client.transaction(async (tx) => {
        await tx.query('insert into notes (body) values ($1)', ['marker-commit-two']);
        await tx.query('insert into notes (body) values ($1)', ['marker-commit-three']);
      });
      expect(fsyncs()).toBeGreaterThan(beforeTransaction);

      const beforeRead = fsyncs();
      await client.query('select count(*) from notes');
      expect(fsyncs()).toBe(beforeRead);
    } finally {
      stop();
      await client.close();
    }
  });

  it('as PGlite ships, writes a commit to the files (a kill loses nothing) but never forces it', async () => {
    const { client, pgdata, fsyncs, stop } = await openMode('none');
    try {
      expect((await client.query<{ fsync: string }>('show fsync')).rows[0]?.fsync).toBe('off');
      await client.query('insert into notes (body) values ($1)', ['marker-none']);
      expect(inWalFiles(pgdata, 'marker-none')).toBe(true);
      expect(fsyncs()).toBe(0);
    } finally {
      stop();
      await client.close();
    }
  });

  it('opens the app’s embedded database with fsync on, by default', async () => {
    const handle = await openDatabase({ kind: 'embedded', dataDir: scratchFolder() });
    try {
      const settings = (await handle.db.execute(
        sql`select name, setting from pg_settings where name in ('fsync', 'wal_sync_method', 'synchronous_commit', 'full_page_writes') order by name`,
      )) as unknown as { rows: { name: string; setting: string }[] };
      expect(settings.rows).toEqual([
        { name: 'fsync', setting: 'on' },
        { name: 'full_page_writes', setting: 'on' },
        { name: 'synchronous_commit', setting: 'on' },
        { name: 'wal_sync_method', setting: 'fsync' },
      ]);
    } finally {
      await handle.close();
    }
  });
});
