import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/connection';
import { users } from '../../src/server/db/schema';

// These are about the embedded database's files; the PostgreSQL pass skips them.
const embeddedOnly = describe.skipIf(Boolean(process.env.TEST_DATABASE_URL));
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'bakery-data-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

embeddedOnly('the embedded database directory', () => {
  it('keeps data across a close and reopen, re-applying no migration', async () => {
    const dataDir = tempDir();
    const first = await openDatabase({ kind: 'embedded', dataDir });
    await first.db
      .insert(users)
      .values({ username: 'kept', email: 'kept@x.ng', passwordHash: 'h' });
    await first.close();
    const again = await openDatabase({ kind: 'embedded', dataDir });
    expect((await again.db.select().from(users)).map((u) => u.username)).toEqual(['kept']);
    await again.close();
    expect(existsSync(join(dataDir, 'bakery.lock'))).toBe(false);
  });

  it('refuses a second opener while the first holds it, with a clear message', async () => {
    const dataDir = tempDir();
    const first = await openDatabase({ kind: 'embedded', dataDir });
    await expect(openDatabase({ kind: 'embedded', dataDir })).rejects.toThrow(
      /already in use by a bakery server \(process \d+\)/,
    );
    await first.close();
  });

  it('takes over the lock of a process that died', async () => {
    const dataDir = tempDir();
    // A pid far above any real one stands for a server killed with kill -9.
    writeFileSync(join(dataDir, 'bakery.lock'), '999999999');
    const handle = await openDatabase({ kind: 'embedded', dataDir });
    await handle.close();
  });

  it('starts cleanly after a first start was interrupted half-way', async () => {
    const dataDir = tempDir();
    mkdirSync(join(dataDir, 'pgdata.partial'));
    writeFileSync(join(dataDir, 'pgdata.partial', 'PG_VERSION'), 'half-written');
    const handle = await openDatabase({ kind: 'embedded', dataDir });
    expect(await handle.db.select().from(users)).toEqual([]);
    await handle.close();
    expect(existsSync(join(dataDir, 'pgdata.partial'))).toBe(false);
  });

  it('says what is wrong when the database files are damaged', async () => {
    const dataDir = tempDir();
    mkdirSync(join(dataDir, 'pgdata'));
    writeFileSync(join(dataDir, 'pgdata', 'PG_VERSION'), 'garbage');
    await expect(openDatabase({ kind: 'embedded', dataDir })).rejects.toThrow(
      /could not be opened .*restore a backup/,
    );
    expect(existsSync(join(dataDir, 'bakery.lock'))).toBe(false);
  });
});

function startServer(dataDir: string, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('Bakery is open')) {
        clearInterval(timer);
        resolve();
      }
    }, 100);
    exited.then(() => {
      clearInterval(timer);
      reject(new Error(`server exited: ${output}`));
    });
  });
  // A server expected to refuse never listens; its rejection is read only when awaited.
  listening.catch(() => {});
  return { child, exited, listening, output: () => output };
}

embeddedOnly('the server process', () => {
  it('refuses a second server on the same DATA_DIR and closes cleanly on SIGTERM', async () => {
    const dataDir = tempDir();
    const first = startServer(dataDir, 0);
    await first.listening;

    const second = startServer(dataDir, 0);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is already in use by a bakery server');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(join(dataDir, 'bakery.lock'))).toBe(false);

    // And the data directory opens again afterwards.
    const reopened = await openDatabase({ kind: 'embedded', dataDir });
    await reopened.close();
  }, 60_000);
});
