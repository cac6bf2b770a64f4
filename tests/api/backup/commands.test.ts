import { spawn } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXCLUDED_TABLES } from '../../../src/server/db/backup/catalog';
import { writeBackup } from '../../../src/server/db/backup/dump';
import { openDatabase } from '../../../src/server/db/connection';
import { createTestApp, scratchPostgres } from '../../support/test-app';
import { seedBakery } from './bakery';
import { onPostgres, root, snapshot, tempDirs } from './support';

const tempDir = tempDirs();

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
    const sourceApp = await createTestApp({}, await openDatabase({ kind: 'embedded', dataDir }));
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
    // Two sales recorded and one made by the dispatch.
    expect(backedUp.stdout).toMatch(/sales_transactions\s+3\n/);
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
  }, 300_000);
});

describe.runIf(onPostgres)('npm run backup / restore with DATABASE_URL', () => {
  it('moves an embedded bakery to PostgreSQL and backs it up from there', async () => {
    const serverUrl = process.env.TEST_DATABASE_URL as string;
    const scratches = [await scratchPostgres(serverUrl), await scratchPostgres(serverUrl)];
    const [first, second] = scratches.map((scratch) => scratch.url) as [string, string];
    try {
      // An embedded bakery (in memory here), backed up by the library.
      const embedded = await createTestApp({}, await openDatabase({ kind: 'memory' }));
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
      for (const scratch of scratches) await scratch.drop();
    }
  }, 300_000);
});
