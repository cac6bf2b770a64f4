/**
 * npm run bench [-- --db=embedded|postgres|both --years=1,5 --rounds=20
 *   --mixed-seconds=60 --users=6 --think-ms=1000 --write-every-ms=1000
 *   --seconds=10 --connections=32 --no-lighthouse --outbox-only]
 *
 * On data sets of each size in --years (seeded once into bench-data/ or the
 * databases named after BENCH_DATABASE_URL), times every read the screens
 * make right after a small write (cold), on the largest also with the read
 * cache off, then a bakery day of people and writes (mixed), then autocannon
 * against a warm cache and on the writes, then the sync of an offline
 * outbox of 500 writes, and writes BENCHMARKS.md.
 *
 * --outbox-only: only the outbox's sync, on the largest size, printed and not
 * written to BENCHMARKS.md (a check: with --years=0.05 and a throwaway
 * BENCH_DATABASE_URL it touches no bench data set).
 */
import { cpus, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { type Database, openDatabase } from '../src/server/db/connection';
import { salesTransactions } from '../src/server/db/schema';
import { ensureStarterData } from '../src/server/db/starter-data';
import { scaleOf, seedScale } from '../src/server/seed/scale';
import { timeBareSql } from './bench/bare-sql';
import { bakeBenchLoaves, removeBenchWrites } from './bench/bench-loaves';
import { type Ceiling, measureCeiling, SMALL_BODY_BYTES } from './bench/ceiling';
import { getJson, signIn } from './bench/client';
import { coldReads } from './bench/cold';
import { runLighthouse } from './bench/lighthouse';
import { load } from './bench/load';
import { mixedLoad } from './bench/mixed';
import {
  countOutbox,
  OUTBOX_WRITES,
  type OutboxFigures,
  type OutboxSync,
  syncOutbox,
} from './bench/outbox';
import { rssMb, type Started, startProcess } from './bench/processes';
import { type BenchRun, budgetsOf, outboxLines, writeReport } from './bench/report';
import { screenReads } from './bench/screens';
import { measureRouteScripts, pageChunks } from './bench/web-size';
import { clerkWrites, WRITE_KINDS, WRITE_PATHS } from './bench/writes';
import { buildServer, SERVER_BUNDLE } from './build-server';
import { buildWeb } from './build-web';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    years: { type: 'string', default: '1,5' },
    rounds: { type: 'string', default: '20' },
    'mixed-seconds': { type: 'string', default: '60' },
    users: { type: 'string', default: '6' },
    'think-ms': { type: 'string', default: '1000' },
    'write-every-ms': { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    'no-lighthouse': { type: 'boolean', default: false },
    'outbox-only': { type: 'boolean', default: false },
  },
});
const positive = (name: keyof typeof args) => {
  const value = Number(args[name]);
  if (!(value > 0)) throw new Error(`--${name} must be a number above 0, not "${args[name]}"`);
  return value;
};
const seconds = positive('seconds');
const connections = positive('connections');
const rounds = positive('rounds');
const mixedOptions = {
  users: positive('users'),
  seconds: positive('mixed-seconds'),
  thinkMs: positive('think-ms'),
  writeEveryMs: positive('write-every-ms'),
};
const sizes = [...new Set(String(args.years).split(',').map(Number))].sort((a, b) => a - b);
if (!sizes.every((years) => years > 0)) throw new Error(`--years must list numbers above 0`);
const FULL_YEARS = sizes[sizes.length - 1] as number;
const POSTGRES_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres:postgres@127.0.0.1:5432/bakery_bench';

type Kind = 'embedded' | 'postgres';

/** Five years keeps the names the benchmark has always used; other sizes get their own. */
function dataSet(kind: Kind, years: number) {
  const suffix = years === 5 ? '' : `_${String(years).replace('.', '_')}y`;
  if (kind === 'embedded') {
    const dataDir = `bench-data/embedded${suffix.replace('_', '-')}`;
    return { target: { kind, dataDir } as const, env: { DATA_DIR: dataDir } };
  }
  const url = new URL(POSTGRES_URL);
  url.pathname = `${url.pathname}${suffix}`;
  return {
    target: { kind, url: url.toString() } as const,
    env: { DATABASE_URL: url.toString() },
  };
}

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

async function withDatabase<T>(kind: Kind, years: number, use: (db: Database) => Promise<T>) {
  const database = await openDatabase(dataSet(kind, years).target);
  try {
    return await use(database.db);
  } finally {
    await database.close();
  }
}

/** Opens the data set, seeding it the first time; times the bare SQL on the largest, unless told not to. */
async function prepare(kind: Kind, years: number, timeSql = true) {
  const { target } = dataSet(kind, years);
  if (target.kind === 'postgres') await ensurePostgresDatabase(target.url);
  return withDatabase(kind, years, async (db) => {
    await ensureStarterData(db);
    await removeBenchWrites(db);
    let seedSeconds: number | null = null;
    const size = scaleOf(years);
    // The sales count tells a seeded set from an empty one.
    if ((await db.$count(salesTransactions)) < size.sales) {
      console.log(`Seeding the ${kind} database with ${years} years of data...`);
      const started = performance.now();
      await seedScale(db, { size });
      seedSeconds = (performance.now() - started) / 1000;
    }
    if (years !== FULL_YEARS || !timeSql) return { seedSeconds, bareSql: {} };
    console.log(`Timing the bare SQL on ${kind}...`);
    return { seedSeconds, bareSql: await timeBareSql(db) };
  });
}

/**
 * A server on one data set, with loaves to sell; afterwards the data set is
 * put back as it was seeded, for the next run and anyone else using it.
 * `beforeCleanUp` reads the data set once the server has stopped (the
 * embedded database is the server's while it runs), before the put-back.
 */
async function withServer<T>(
  kind: Kind,
  years: number,
  env: NodeJS.ProcessEnv,
  use: (server: Started) => Promise<T>,
  beforeCleanUp?: (db: Database) => Promise<void>,
): Promise<T> {
  await withDatabase(kind, years, bakeBenchLoaves);
  const server = await startProcess(
    SERVER_BUNDLE,
    { ...dataSet(kind, years).env, ...env },
    '/api/app-info',
  );
  try {
    return await use(server);
  } finally {
    await server.stop();
    await withDatabase(kind, years, async (db) => {
      await beforeCleanUp?.(db);
      await removeBenchWrites(db);
    });
  }
}

/**
 * A device's outbox of 500 writes made offline, synced to a server of its
 * own (so its writes are the only bench records there when they are
 * counted), signed in as the clerk the other steps use.
 */
async function outboxSync(kind: Kind): Promise<OutboxFigures> {
  let figures: OutboxFigures | undefined;
  let sync: OutboxSync | undefined;
  await withServer(
    kind,
    FULL_YEARS,
    {},
    async (server) => {
      console.log(`${kind}: sync an outbox of ${OUTBOX_WRITES} writes, then again`);
      const cookie = await signIn(server.baseUrl);
      sync = await syncOutbox(server.baseUrl, cookie, await clerkWrites(server.baseUrl, cookie));
    },
    async (db) => {
      if (sync) figures = await countOutbox(db, sync);
    },
  );
  if (!figures) throw new Error('the outbox was not synced');
  return figures;
}

/** A signed-in clerk and the screens' reads for this server's data. */
async function session(baseUrl: string) {
  const cookie = await signIn(baseUrl);
  const clerk = await clerkWrites(baseUrl, cookie);
  const { timeZone } = await getJson<{ timeZone: string }>(baseUrl, '/api/app-info', cookie);
  const reads = screenReads({ distributorId: clerk.distributorId, timeZone, now: new Date() });
  return { cookie, clerk, reads };
}

/** Servers on several data sets at once (each as `withServer` starts it), in the order of `years`. */
async function withServers<T>(
  kind: Kind,
  years: number[],
  env: NodeJS.ProcessEnv,
  use: (servers: Started[]) => Promise<T>,
): Promise<T> {
  const [first, ...rest] = years;
  if (first === undefined) return use([]);
  return withServer(kind, first, env, (server) =>
    withServers(kind, rest, env, (others) => use([server, ...others])),
  );
}

/** The cold reads on each data set in `years`, the sets taking turns round by round. */
async function cold(kind: Kind, years: number[], env: NodeJS.ProcessEnv = {}) {
  return withServers(kind, years, env, async (servers) => {
    const targets = [];
    for (const server of servers) {
      targets.push({ baseUrl: server.baseUrl, ...(await session(server.baseUrl)) });
    }
    const what = `${kind}, ${years.join(' and ')} years${env.READ_CACHE === 'off' ? ', read cache off' : ''}`;
    return coldReads({
      targets,
      rounds,
      onRead: (label) => console.log(`${what}: cold ${label}`),
    });
  });
}

/** Each read against a warm read cache, under autocannon. */
async function warmReads(
  kind: Kind,
  baseUrl: string,
  cookie: string,
  reads: ReturnType<typeof screenReads>,
  bareSql: Record<string, number>,
  ceiling: Ceiling,
): Promise<BenchRun['warm']> {
  const warm: BenchRun['warm'] = [];
  // The bare server's own header bytes, so that its answers match the read's on the wire.
  const bareHeaderBytes = ceiling.answerBytes - SMALL_BODY_BYTES;
  for (const read of reads) {
    console.log(`${kind}: warm ${read.label}`);
    const result = await load({ url: `${baseUrl}${read.path}`, connections, seconds, cookie });
    const sameSizeCeiling =
      read.warmBudget === 'small'
        ? (
            await measureCeiling(
              { connections, seconds },
              Math.max(0, Math.round(result.answerBytes - bareHeaderBytes)),
            )
          ).requestsPerSecond
        : null;
    warm.push({ ...read, result, bareSqlMs: bareSql[read.path] ?? null, sameSizeCeiling });
  }
  return warm;
}

/** Each write under autocannon: three loads, the median one kept (one swings with the disk). */
async function loadWrites(
  kind: Kind,
  baseUrl: string,
  cookie: string,
  clerk: Awaited<ReturnType<typeof clerkWrites>>,
): Promise<BenchRun['writeLoads']> {
  const writeLoads: BenchRun['writeLoads'] = [];
  for (const write of WRITE_KINDS) {
    console.log(`${kind}: record a ${write}`);
    const body = clerk.bodies[write];
    const runs = [];
    for (let run = 0; run < 3; run += 1) {
      runs.push(
        await load({
          url: `${baseUrl}${WRITE_PATHS[write]}`,
          connections,
          seconds,
          cookie,
          method: 'POST',
          body: () => body,
        }),
      );
    }
    const [, result] = runs.sort((a, b) => a.p50 - b.p50);
    if (!result) throw new Error('no write load ran');
    writeLoads.push({ kind: write, result });
  }
  return writeLoads;
}

async function benchDatabase(kind: Kind, ceiling: Ceiling): Promise<BenchRun> {
  const prepared = [];
  for (const years of sizes) prepared.push({ years, ...(await prepare(kind, years)) });
  const coldBySize = await cold(kind, sizes);
  const [coldOff] = await cold(kind, [FULL_YEARS], { READ_CACHE: 'off' });
  if (!coldOff) throw new Error('no cold reads ran with the read cache off');
  const full = prepared[prepared.length - 1] as (typeof prepared)[number];
  const bySize: BenchRun['sizes'] = prepared.map(({ years, seedSeconds }, at) => ({
    years,
    seedSeconds,
    cold: coldBySize[at] as (typeof coldBySize)[number],
  }));
  const run = await withServer(kind, FULL_YEARS, {}, async (server) => {
    const pid = server.child.pid as number;
    const { cookie, clerk, reads } = await session(server.baseUrl);
    const rssIdle = rssMb(pid);
    let rssPeak = rssIdle;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, rssMb(pid));
    }, 250);
    try {
      console.log(`${kind}: a bakery day for ${mixedOptions.seconds} s`);
      const people = [];
      for (let n = 0; n < mixedOptions.users; n += 1) people.push(await signIn(server.baseUrl));
      const mixed = await mixedLoad({
        baseUrl: server.baseUrl,
        cookies: people,
        clerk,
        reads,
        options: mixedOptions,
      });
      const warm = await warmReads(kind, server.baseUrl, cookie, reads, full.bareSql, ceiling);
      let lighthouse: BenchRun['lighthouse'] = null;
      if (kind === 'embedded' && !args['no-lighthouse']) {
        // A Lighthouse failure must not throw away the figures already taken.
        lighthouse = await runLighthouse(server.baseUrl, cookie).catch((error: unknown) => {
          console.error(`Lighthouse failed: ${(error as Error).message}`);
          return null;
        });
      }
      // Last: a busy server would skew Lighthouse. Sales first, so there are loaves to return.
      const writeLoads = await loadWrites(kind, server.baseUrl, cookie, clerk);
      return {
        kind,
        sizes: bySize,
        coldOff,
        mixed,
        ceiling: ceiling.requestsPerSecond,
        warm,
        writeLoads,
        rssIdle,
        rssPeak,
        lighthouse,
      };
    } finally {
      clearInterval(sampler);
    }
  });
  return { ...run, outbox: await outboxSync(kind) };
}

const kinds: Kind[] = args.db === 'both' ? ['embedded', 'postgres'] : [args.db as Kind];
// The server as `npm start` runs it.
await buildServer();
if (args['outbox-only']) {
  for (const kind of kinds) {
    await prepare(kind, FULL_YEARS, false);
    console.log(outboxLines(kind, await outboxSync(kind)).join('\n'));
  }
  process.exit(0);
}
await buildWeb();
const runs: BenchRun[] = [];
for (const kind of kinds) {
  const ceiling = await measureCeiling({ connections, seconds });
  runs.push(await benchDatabase(kind, ceiling));
}
const web = { routes: await measureRouteScripts(), chunks: await pageChunks() };
const given = process.argv.slice(2).join(' ');
const command = given ? `npm run bench -- ${given}` : 'npm run bench';
const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const markdown = writeReport({ command, machine, runs, web, connections, seconds, rounds });
console.log(markdown);
const failures = runs.flatMap(budgetsOf).filter((budget) => !budget.met);
if (failures.length > 0) console.log(`${failures.length} budget(s) not met; see BENCHMARKS.md`);
