/**
 * npm run bench [-- --db=embedded|postgres|both --seconds=10 --connections=32 --no-lighthouse]
 *
 * Starts the server on a five-year data set (seeded once into bench-data/ or
 * the database named by BENCH_DATABASE_URL), loads each endpoint with
 * autocannon, times the bare SQL behind each aggregate in the same run,
 * compares with a bare Node HTTP server, and writes BENCHMARKS.md.
 */
import { cpus, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { type Database, openDatabase } from '../src/server/db/connection';
import { salesTransactions } from '../src/server/db/schema';
import { ensureStarterData } from '../src/server/db/starter-data';
import { DEMO_PASSWORD } from '../src/server/seed/catalog';
import { FULL_SCALE, seedScale } from '../src/server/seed/scale';
import { timeBareSql } from './bench/bare-sql';
import { BENCH_SALE_NOTE, bakeBenchLoaves, removeBenchSales } from './bench/bench-loaves';
import { runLighthouse } from './bench/lighthouse';
import { type LoadResult, load } from './bench/load';
import { rssMb, startProcess } from './bench/processes';
import { type BenchRun, budgetsOf, writeReport } from './bench/report';
import { measureRouteScripts, pageChunks } from './bench/web-size';
import { buildWebIfStale } from './build-web';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    'no-lighthouse': { type: 'boolean', default: false },
  },
});
const seconds = Number(args.seconds);
const connections = Number(args.connections);
const EMBEDDED_DIR = 'bench-data/embedded';
const POSTGRES_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres:postgres@127.0.0.1:5432/bakery_bench';

/** The calls the issue names, in its order; `kind` decides which budget applies. */
const ENDPOINTS = [
  { path: '/api/auth/user', label: 'current user', kind: 'small' },
  { path: '/api/inventory', label: 'inventory list', kind: 'small' },
  { path: '/api/dashboard/summary', label: 'dashboard summary', kind: 'aggregate' },
  {
    path: '/api/accounting/summary?period=this_year',
    label: 'accounting summary (this year)',
    kind: 'aggregate',
  },
  { path: '/api/reports/sales', label: 'reports: sales (all time)', kind: 'aggregate' },
  { path: '/api/reports/production', label: 'reports: production (all time)', kind: 'aggregate' },
  { path: '/api/reports/inventory', label: 'reports: inventory', kind: 'aggregate' },
  { path: '/api/reports/financial', label: 'reports: financial (all time)', kind: 'aggregate' },
  { path: '/api/reports/returns', label: 'reports: returns (all time)', kind: 'aggregate' },
  { path: '/api/available-loaves', label: 'available loaves', kind: 'aggregate' },
] as const;

async function ensurePostgresDatabase(url: string) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  target.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: target.toString() });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`create database "${name.replace(/"/g, '')}"`);
  } finally {
    await admin.end();
  }
}

async function withDatabase<T>(
  kind: 'embedded' | 'postgres',
  use: (db: Database) => Promise<T>,
): Promise<T> {
  const database = await openDatabase(
    kind === 'postgres' ? { kind, url: POSTGRES_URL } : { kind: 'embedded', dataDir: EMBEDDED_DIR },
  );
  try {
    return await use(database.db);
  } finally {
    await database.close();
  }
}

/** Opens the data set, seeding it at full scale the first time; then times the bare SQL. */
async function prepare(kind: 'embedded' | 'postgres') {
  if (kind === 'postgres') await ensurePostgresDatabase(POSTGRES_URL);
  return withDatabase(kind, async (db) => {
    await ensureStarterData(db);
    let seedSeconds: number | null = null;
    // The sales count tells a seeded set from an empty one.
    if ((await db.$count(salesTransactions)) < FULL_SCALE.sales) {
      console.log(`Seeding the ${kind} database at five-year scale...`);
      const started = performance.now();
      await seedScale(db);
      seedSeconds = (performance.now() - started) / 1000;
    }
    await bakeBenchLoaves(db);
    console.log(`Timing the bare SQL on ${kind}...`);
    return { seedSeconds, bareSql: await timeBareSql(db) };
  });
}

async function signIn(baseUrl: string): Promise<string> {
  const reply = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: DEMO_PASSWORD }),
  });
  const cookie = reply.headers.get('set-cookie')?.split(';')[0];
  if (!reply.ok || !cookie) throw new Error(`sign-in failed: ${reply.status}`);
  return cookie;
}

async function getJson<T>(baseUrl: string, path: string, cookie: string): Promise<T> {
  const reply = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
  if (!reply.ok) throw new Error(`${path} answered ${reply.status}`);
  return (await reply.json()) as T;
}

/** One loaf of the bread with most loaves left, to a distributor, per request. */
async function saleBody(baseUrl: string, cookie: string) {
  const loaves = await getJson<{ recipeName: string; totalAvailable: number }[]>(
    baseUrl,
    '/api/available-loaves',
    cookie,
  );
  const bread = [...loaves].sort((a, b) => b.totalAvailable - a.totalAvailable)[0];
  const distributors = await getJson<{ items?: { id: string }[] } | { id: string }[]>(
    baseUrl,
    '/api/distributors',
    cookie,
  );
  const first = Array.isArray(distributors) ? distributors[0] : distributors.items?.[0];
  if (!bread || !first) throw new Error('no bread or distributor to sell to');
  const body = JSON.stringify({
    distributorId: first.id,
    recipeName: bread.recipeName,
    loavesTaken: 1,
    pricePerLoaf: 1200,
    amountPaid: 0,
    notes: BENCH_SALE_NOTE,
  });
  return () => body;
}

async function benchDatabase(kind: 'embedded' | 'postgres', ceiling: number): Promise<BenchRun> {
  const { seedSeconds, bareSql } = await prepare(kind);
  const server = await startProcess(
    'src/server/main.ts',
    kind === 'postgres' ? { DATABASE_URL: POSTGRES_URL } : { DATA_DIR: EMBEDDED_DIR },
    '/api/app-info',
  );
  try {
    const pid = server.child.pid as number;
    const cookie = await signIn(server.baseUrl);
    const rssIdle = rssMb(pid);
    let rssPeak = rssIdle;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, rssMb(pid));
    }, 250);
    const results: BenchRun['endpoints'] = [];
    for (const endpoint of ENDPOINTS) {
      console.log(`${kind}: ${endpoint.label}`);
      const result = await load({
        url: `${server.baseUrl}${endpoint.path}`,
        connections,
        seconds,
        cookie,
      });
      results.push({ ...endpoint, result, bareSqlMs: bareSql[endpoint.path] ?? null });
    }
    let lighthouse: BenchRun['lighthouse'] = null;
    if (kind === 'embedded' && !args['no-lighthouse']) {
      // A Lighthouse failure must not throw away the load figures already taken.
      lighthouse = await runLighthouse(server.baseUrl, cookie).catch((error: unknown) => {
        console.error(`Lighthouse failed: ${(error as Error).message}`);
        return null;
      });
    }
    // Last: sales change the data, and a busy server would skew Lighthouse.
    console.log(`${kind}: record a sale`);
    const sale: LoadResult = await load({
      url: `${server.baseUrl}/api/sales-transactions`,
      connections,
      seconds,
      cookie,
      method: 'POST',
      body: await saleBody(server.baseUrl, cookie),
    });
    results.push({
      path: 'POST /api/sales-transactions',
      label: 'record a sale',
      kind: 'write',
      result: sale,
      bareSqlMs: null,
    });
    clearInterval(sampler);
    return { kind, seedSeconds, ceiling, endpoints: results, rssIdle, rssPeak, lighthouse };
  } finally {
    await server.stop();
    // The next run, and anyone using the data set, find it as it was seeded.
    await withDatabase(kind, removeBenchSales);
  }
}

async function measureCeiling(): Promise<number> {
  const bare = await startProcess('scripts/bench/bare-http.ts', {}, '/');
  try {
    return (await load({ url: `${bare.baseUrl}/`, connections, seconds })).requestsPerSecond;
  } finally {
    await bare.stop();
  }
}

await buildWebIfStale();
const kinds: ('embedded' | 'postgres')[] =
  args.db === 'both' ? ['embedded', 'postgres'] : [args.db as 'embedded' | 'postgres'];
const runs: BenchRun[] = [];
for (const kind of kinds) {
  const ceiling = await measureCeiling();
  runs.push(await benchDatabase(kind, ceiling));
}
const web = { routes: await measureRouteScripts(), chunks: await pageChunks() };
const given = process.argv.slice(2).join(' ');
const command = given ? `npm run bench -- ${given}` : 'npm run bench';
const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const markdown = writeReport({ command, machine, runs, web, connections, seconds });
console.log(markdown);
const failures = runs.flatMap(budgetsOf).filter((budget) => !budget.met);
if (failures.length > 0) console.log(`${failures.length} budget(s) not met; see BENCHMARKS.md`);
