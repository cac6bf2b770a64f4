/**
 * What forcing the embedded database's writes to the disk costs.
 *
 *   node --import tsx scripts/durability-bench.ts [--seconds=20]
 *
 * For each durability mode of the embedded database (src/server/db/durability.ts)
 * it opens a fresh data directory under the system's temp folder and builds
 * the app on it. Then it counts bare one-row commits, and sales recorded
 * through the app (HTTP handling, session, the sale's transaction) one at a
 * time and 16 at once, for `seconds` per mode and kind, in half-second turns
 * between the modes so that a busy machine slows each alike. It also times
 * the disk's own fsync. Figures: docs/decisions.md, "Crash durability and races".
 */
import { closeSync, fsyncSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { readConfig } from '../src/server/config';
import { type DatabaseHandle, openDatabase } from '../src/server/db/connection';
import type { EmbeddedDurability } from '../src/server/db/durability';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '20' } },
});
const seconds = Number(values.seconds);
const modes: EmbeddedDurability[] = ['none', 'interval', 'commit'];
const concurrencies = [1, 16];
const columns = ['bare commits', ...concurrencies.map((c) => `sales, ${c} at once`)];

type App = Awaited<ReturnType<typeof buildApp>>;

async function call(app: App, cookie: string, method: 'POST' | 'PATCH', url: string, body: object) {
  const reply = await app.inject({ method, url, headers: { cookie }, payload: body });
  if (reply.statusCode >= 300)
    throw new Error(`${method} ${url}: ${reply.statusCode} ${reply.body}`);
  return reply.json() as { id: string };
}

/** A signed-in admin with a distributor and a completed batch of a million loaves. */
async function prepare(app: App) {
  const user = {
    username: 'bench',
    email: 'bench@bakery.ng',
    password: 'correct-horse-1',
    firstName: 'Bench',
    lastName: 'Mark',
  };
  await app.inject({ method: 'POST', url: '/api/auth/register', payload: user });
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: user.username, password: user.password },
  });
  const sid = login.cookies.find((c) => c.name === 'bakery.sid');
  if (!sid) throw new Error('no session');
  const cookie = `bakery.sid=${sid.value}`;
  const item = await call(app, cookie, 'POST', '/api/inventory', {
    name: 'Yeast',
    category: 'ingredients',
    unit: 'kg',
    currentStock: 1000,
    minStock: 0,
    unitCost: 3000,
  });
  await call(app, cookie, 'POST', '/api/recipes', {
    name: 'Agege Bread',
    ingredients: [{ itemId: item.id, quantity: 10, unit: 'g' }],
  });
  const recipes = await app.inject({ method: 'GET', url: '/api/recipes', headers: { cookie } });
  const [recipe] = recipes.json() as { id: string }[];
  if (!recipe) throw new Error('no recipe');
  const batch = await call(app, cookie, 'POST', '/api/production-batches', {
    recipeId: recipe.id,
    flourKg: 50,
  });
  await call(app, cookie, 'PATCH', `/api/production-batches/${batch.id}`, {
    status: 'completed',
    loavesProduced: 1_000_000,
  });
  const distributor = await call(app, cookie, 'POST', '/api/distributors', {
    name: 'Mama Tunde Stores',
    address: '12 Allen Avenue, Ikeja',
    phone: '0803 000 0000',
  });
  return { cookie, distributorId: distributor.id };
}

/** Sales recorded in `ms` milliseconds with `concurrency` sales in flight. */
async function sales(bench: Bench, concurrency: number, ms: number) {
  const sale = {
    distributorId: bench.distributorId,
    recipeName: 'Agege Bread',
    loavesTaken: 1,
    pricePerLoaf: 500,
    amountPaid: 500,
  };
  const until = performance.now() + ms;
  let done = 0;
  const worker = async () => {
    while (performance.now() < until) {
      await call(bench.app, bench.cookie, 'POST', '/api/sales-transactions', sale);
      done += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return done;
}

/** One-row insert transactions straight on the database in `ms` milliseconds: the commit itself. */
async function commits(bench: Bench, ms: number) {
  const until = performance.now() + ms;
  let done = 0;
  while (performance.now() < until) {
    await bench.database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into bench_commits (note) values (${`commit ${done}`})`);
    });
    done += 1;
  }
  return done;
}

interface Bench {
  mode: EmbeddedDurability;
  dataDir: string;
  database: DatabaseHandle;
  app: App;
  cookie: string;
  distributorId: string;
  /** Per column: operations done and milliseconds spent. */
  totals: { done: number; ms: number }[];
}

async function openBench(mode: EmbeddedDurability): Promise<Bench> {
  const dataDir = mkdtempSync(join(tmpdir(), `bakery-durability-${mode}-`));
  const database = await openDatabase({ kind: 'embedded', dataDir, durability: mode });
  const app = await buildApp({ config: readConfig({ LOG_LEVEL: 'warn' }), db: database.db });
  const { cookie, distributorId } = await prepare(app);
  await database.db.execute(sql`create table bench_commits (id serial primary key, note text)`);
  const totals = columns.map(() => ({ done: 0, ms: 0 }));
  return { mode, dataDir, database, app, cookie, distributorId, totals };
}

/** What the disk itself takes to force an 8 kB write (one WAL page), in ms: median and p90. */
function rawFsync(times = 200) {
  const folder = mkdtempSync(join(tmpdir(), 'bakery-fsync-'));
  const fd = openSync(join(folder, 'probe'), 'w');
  const page = Buffer.alloc(8192, 1);
  const took: number[] = [];
  try {
    for (let i = 0; i < times; i++) {
      const started = performance.now();
      writeSync(fd, page, 0, page.length, (i % 16) * page.length);
      fsyncSync(fd);
      took.push(performance.now() - started);
    }
  } finally {
    closeSync(fd);
    rmSync(folder, { recursive: true, force: true });
  }
  took.sort((a, b) => a - b);
  const at = (share: number) => (took[Math.floor(share * (took.length - 1))] ?? 0).toFixed(2);
  return `${at(0.5)} ms median, ${at(0.9)} ms p90`;
}

console.log(`fsync of an 8 kB write on this disk: ${rawFsync()}`);
// All modes are open at once and take turns in short slices, so a busy
// machine (other processes, the disk's own moods) weighs on each alike.
const benches: Bench[] = [];
for (const mode of modes) benches.push(await openBench(mode));
const SLICE_MS = 500;
const slices = Math.max(1, Math.round((seconds * 1000) / SLICE_MS));
try {
  for (let slice = 0; slice < slices; slice++) {
    for (let turn = 0; turn < benches.length; turn++) {
      const bench = benches[(slice + turn) % benches.length] as Bench;
      for (let column = 0; column < columns.length; column++) {
        const started = performance.now();
        const done =
          column === 0
            ? await commits(bench, SLICE_MS)
            : await sales(bench, concurrencies[column - 1] ?? 1, SLICE_MS);
        const total = bench.totals[column] as { done: number; ms: number };
        total.done += done;
        total.ms += performance.now() - started;
      }
    }
  }
} finally {
  for (const bench of benches) {
    await bench.app.close();
    await bench.database.close();
    rmSync(bench.dataDir, { recursive: true, force: true });
  }
}

console.log(`fsync of an 8 kB write on this disk, afterwards: ${rawFsync()}`);
console.log(`\n${seconds} s per mode and column, in ${SLICE_MS} ms turns (per second):`);
console.log(`| mode | ${columns.join(' | ')} |`);
console.log(`|---|${columns.map(() => '---:').join('|')}|`);
for (const bench of benches) {
  const cells = bench.totals.map((total) => Math.round(total.done / (total.ms / 1000)));
  console.log(`| ${bench.mode} | ${cells.join(' | ')} |`);
}
