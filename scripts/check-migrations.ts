/**
 * Fails when the schema (src/server/db/schema/) and the migrations disagree: runs `drizzle-kit generate`
 * on a copy of the migrations in a temporary folder, and exits 1 if it wrote a
 * migration there (src/server/db/migrations is never touched). Part of `npm test`.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const MIGRATIONS = resolve('src/server/db/migrations');
const SCHEMA = resolve('src/server/db/schema');

const sqlFiles = (folder: string) => readdirSync(folder).filter((name) => name.endsWith('.sql'));

const scratch = mkdtempSync(join(tmpdir(), 'bakery-migrations-'));
let failed = true;
try {
  const copy = join(scratch, 'migrations');
  cpSync(MIGRATIONS, copy, { recursive: true });
  const before = new Set(sqlFiles(copy));
  const run = spawnSync(
    process.execPath,
    [
      resolve('node_modules/drizzle-kit/bin.cjs'),
      'generate',
      '--dialect=postgresql',
      `--schema=${SCHEMA}`,
      // Relative: drizzle-kit reads its snapshots at `./${out}`, which an absolute path breaks.
      '--out=migrations',
    ],
    // No terminal: a question (a rename?) cannot be answered, so it fails by the timeout.
    { cwd: scratch, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', timeout: 120_000 },
  );
  const added = sqlFiles(copy).filter((name) => !before.has(name));
  // drizzle-kit exits 0 after some errors: only its "no changes" line proves the check ran.
  const agreed = /No schema changes/.test(run.stdout ?? '');
  if (run.status !== 0 || run.error || (!agreed && added.length === 0)) {
    console.error(run.stdout, run.stderr, run.error ?? '');
    console.error('check-migrations: drizzle-kit generate did not finish (see above).');
  } else if (added.length > 0) {
    for (const name of added)
      console.error(`--- ${name}\n${readFileSync(join(copy, name), 'utf8')}`);
    console.error(
      'check-migrations: the schema differs from the migrations; `npm run db:generate` would write the above.',
    );
  } else {
    console.log('check-migrations: the schema (src/server/db/schema/) and the migrations agree.');
    failed = false;
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
