/**
 * Crash durability: a real server process takes a stream of concurrent writes
 * and is killed with SIGKILL part-way through, then started again on the same
 * data. Every write it answered with 2xx must be there, whole; every write it
 * never answered must be there whole or not at all. Several crash cycles run
 * on the embedded database (a temporary DATA_DIR), and on PostgreSQL when
 * TEST_DATABASE_URL is set (the app process dies, the database server does not).
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Started } from '../../scripts/bench/processes';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/connection';
import { rollupDifferences } from '../../src/server/modules/accounts/rollups';
import { Random } from '../../src/server/seed/random';
import {
  type Bakery,
  balanceFromRows,
  brokenInvariants,
  expectStatus,
  HttpClient,
  killHard,
  openBakery,
  orderStock,
  scratchPostgres,
  signIn,
  startServer,
  storedIds,
} from './support';

const CYCLES = Number(process.env.RESILIENCE_CRASH_CYCLES ?? 4);
const WORKERS = 6;
const seed = Number(process.env.RESILIENCE_SEED ?? Date.now() % 1_000_000);
const random = new Random(seed);

type Kind = 'sale' | 'payment' | 'batch' | 'receipt' | 'order';
const TABLE: Record<Exclude<Kind, 'receipt'>, string> = {
  sale: 'sales_transactions',
  payment: 'distributor_payments',
  batch: 'production_batches',
  order: 'purchase_orders',
};

interface Write {
  kind: Kind;
  /** The unique text the write carries (notes, description, batch number), or the order id. */
  tag: string;
  /** Set when the server answered. */
  status?: number;
  id?: string;
  /** The message of a refusal. */
  message?: string;
}

/** Where the server's data lives, and how the test reads it directly. */
interface Target {
  env: NodeJS.ProcessEnv;
  /** Reads the stored data while no server holds it (embedded) or beside it (PostgreSQL). */
  inspect<T>(check: (db: DatabaseHandle['db']) => Promise<T>): Promise<T>;
  /** The embedded database is locked by its server: it must stop to be inspected. */
  exclusive: boolean;
  cleanup(): Promise<void>;
}

function embeddedTarget(): Target {
  const dataDir = mkdtempSync(join(tmpdir(), 'bakery-crash-'));
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    exclusive: true,
    inspect: async (check) => {
      const handle = await openDatabase({ kind: 'embedded', dataDir });
      try {
        return await check(handle.db);
      } finally {
        await handle.close();
      }
    },
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresTarget(serverUrl: string): Promise<Target> {
  const database = await scratchPostgres(serverUrl);
  let handle: DatabaseHandle | undefined;
  return {
    env: { DATABASE_URL: database.url },
    exclusive: false,
    inspect: async (check) => {
      handle ??= await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 });
      return check(handle.db);
    },
    cleanup: async () => {
      await handle?.close();
      await database.drop();
    },
  };
}

/** One write of the stream, chosen at random (a receipt only while orders wait). */
function nextWrite(
  bakery: Bakery,
  cycle: number,
  n: number,
  pendingOrders: string[],
): { write: Write; method: 'POST' | 'PATCH'; url: string; body?: unknown } {
  const tag = `crash-${cycle}-${n}`;
  const roll = random.next();
  if (roll < 0.12 && pendingOrders.length > 0) {
    const orderId = pendingOrders.shift() as string;
    return {
      write: { kind: 'receipt', tag: orderId },
      method: 'PATCH',
      url: `/api/purchase-orders/${orderId}/receive`,
    };
  }
  if (roll < 0.22) {
    return {
      write: { kind: 'order', tag },
      method: 'POST',
      url: '/api/purchase-orders',
      body: {
        supplier: 'Golden Penny Mills',
        orderNumber: `PO-${tag}`,
        items: bakery.items.map((item) => ({
          itemId: item.id,
          quantity: random.int(1, 50),
          totalCost: random.int(1000, 90000),
        })),
        notes: tag,
      },
    };
  }
  if (roll < 0.42) {
    return {
      write: { kind: 'batch', tag: `C${cycle}-${n}` },
      method: 'POST',
      url: '/api/production-batches',
      body: {
        recipeId: bakery.recipe.id,
        flourKg: random.int(1, 5000) / 1000,
        batchNumber: `C${cycle}-${n}`,
        notes: tag,
      },
    };
  }
  if (roll < 0.65) {
    return {
      write: { kind: 'payment', tag },
      method: 'POST',
      url: '/api/distributor-payments',
      body: {
        distributorId: bakery.distributor.id,
        amount: random.int(1, 500_000) / 100,
        paymentMethod: 'cash',
        description: tag,
      },
    };
  }
  const loaves = random.int(1, 3);
  return {
    write: { kind: 'sale', tag },
    method: 'POST',
    url: '/api/sales-transactions',
    body: {
      distributorId: bakery.distributor.id,
      recipeName: bakery.recipe.name,
      loavesTaken: loaves,
      pricePerLoaf: 450,
      amountPaid: random.next() < 0.5 ? loaves * 450 : 0,
      notes: tag,
    },
  };
}

const answeredOk = (w: Write) => w.status !== undefined && w.status >= 200 && w.status < 300;

/** Sends one write and notes the server's answer on it; a write the kill cut short stays unanswered. */
async function sendWrite(client: HttpClient, next: ReturnType<typeof nextWrite>): Promise<void> {
  try {
    const reply = await client.call<{ id?: string; message?: string }>(
      next.method,
      next.url,
      next.body,
    );
    next.write.status = reply.status;
    next.write.id = reply.body?.id;
    if (reply.status >= 300) next.write.message = reply.body?.message;
  } catch {
    // The server died with this write in flight (or refused the connection).
  }
}

/**
 * Sends writes from several workers at once until `answersBeforeKill` of them
 * were answered 2xx, then kills the server at once or a few milliseconds
 * later, with writes still in flight. Resolves when every request has settled.
 */
async function streamUntilKilled(
  server: Started,
  client: HttpClient,
  bakery: Bakery,
  cycle: number,
  pendingOrders: string[],
  answersBeforeKill: number,
): Promise<Write[]> {
  const writes: Write[] = [];
  let answered = 0;
  let killing: Promise<void> | undefined;
  let killed = false;
  // The workers keep sending until the signal goes, so writes are in flight.
  const kill = () => {
    killing ??= new Promise<void>((resolve) => setTimeout(resolve, random.int(0, 15))).then(() => {
      killed = true;
      return killHard(server);
    });
  };
  const worker = async () => {
    while (!killed) {
      const next = nextWrite(bakery, cycle, writes.length, pendingOrders);
      writes.push(next.write);
      await sendWrite(client, next);
      if (!answeredOk(next.write)) continue;
      answered += 1;
      if (answered >= answersBeforeKill) kill();
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
  await killing;
  return writes;
}

interface CycleReport {
  answered: number;
  /** Sent but not answered: in flight at the kill, or refused a connection after it. */
  inFlight: number;
}

/**
 * Checks the stored data against every write sent so far (all cycles: a later
 * crash must not lose an earlier write either).
 */
async function checkAfterCrash(db: DatabaseHandle['db'], writes: Write[]) {
  const ok = writes.filter(answeredOk);
  // The stream only sends writes that must succeed.
  expect(writes.filter((w) => w.status !== undefined && !answeredOk(w))).toEqual([]);

  // 1. Every answered write is there, by id.
  for (const kind of ['sale', 'payment', 'batch', 'order'] as const) {
    const ids = ok.filter((w) => w.kind === kind).map((w) => w.id as string);
    const stored = await storedIds(db, TABLE[kind], ids);
    expect(
      ids.filter((id) => !stored.has(id)),
      `${kind}s answered but lost`,
    ).toEqual([]);
  }
  const received = ok.filter((w) => w.kind === 'receipt').map((w) => w.tag);
  if (received.length > 0) {
    const result = (await db.execute(
      sql`select id::text from purchase_orders where status = 'delivered' and id::text in (${sql.join(
        received.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    )) as unknown as { rows: { id: string }[] };
    expect(result.rows.length, 'receipts answered but lost').toBe(received.length);
  }

  // 2. Only what was sent is stored, each once (no write applied twice or invented).
  const tagged = (await db.execute(
    sql`select notes as tag from sales_transactions where notes like 'crash-%'
        union all select description from distributor_payments where description like 'crash-%'
        union all select batch_number from production_batches where batch_number like 'C%-%'
        union all select notes from purchase_orders where notes like 'crash-%'`,
  )) as unknown as { rows: { tag: string }[] };
  const sentTags = new Set(writes.map((w) => w.tag));
  const seen = new Set<string>();
  for (const { tag } of tagged.rows) {
    expect(sentTags.has(tag), `${tag} stored but never sent`).toBe(true);
    expect(seen.has(tag), `${tag} stored twice`).toBe(false);
    seen.add(tag);
  }

  // 3. No partial write anywhere.
  expect(await brokenInvariants(db)).toEqual([]);
}

async function crashCycles(target: Target, label: string) {
  let server = await startServer(target.env);
  const reports: CycleReport[] = [];
  const allWrites: Write[] = [];
  try {
    const client = new HttpClient(server.baseUrl);
    await signIn(client, 'crash_admin');
    const bakery = await openBakery(client, 100_000);

    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      // Orders waiting to be received during the stream.
      const pendingOrders: string[] = [];
      for (let i = 0; i < 6; i++) {
        const itemIds = bakery.items.map((item) => item.id);
        pendingOrders.push((await orderStock(client, itemIds, random.int(5, 40))).id);
      }
      const answersBeforeKill = random.int(15, 60);
      const writes = await streamUntilKilled(
        server,
        client,
        bakery,
        cycle,
        pendingOrders,
        answersBeforeKill,
      );

      // Started again on the same data: after a kill, it must open (recovery) and serve.
      server = await startServer(target.env);
      client.baseUrl = server.baseUrl;
      const account = await expectStatus(
        client.call<{ balance: number }>('GET', `/api/distributors/${bakery.distributor.id}`),
        200,
      );
      if (target.exclusive) await server.stop();
      allWrites.push(...writes);
      await target.inspect(async (db) => {
        await checkAfterCrash(db, allWrites);
        // The restarted server's figures are the stored rows' figures.
        expect(account.balance).toBe(await balanceFromRows(db, bakery.distributor.id));
      });
      reports.push({
        answered: writes.filter(answeredOk).length,
        inFlight: writes.filter((w) => w.status === undefined).length,
      });
      if (target.exclusive) {
        server = await startServer(target.env);
        client.baseUrl = server.baseUrl;
      }
    }
  } finally {
    await server.stop();
  }
  const answered = reports.reduce((total, r) => total + r.answered, 0);
  const inFlight = reports.reduce((total, r) => total + r.inFlight, 0);
  console.log(
    `[resilience] crash ${label}: ${reports.length} SIGKILL cycles survived (seed ${seed}); ` +
      `${answered} answered writes all found, ${inFlight} unanswered at the kills (whole or absent), ` +
      `per cycle ${reports.map((r) => `${r.answered}+${r.inFlight}`).join(', ')}`,
  );
  return reports;
}

describe('crash durability', () => {
  const targets: Target[] = [];
  afterAll(async () => {
    for (const target of targets) await target.cleanup();
  });

  it.skipIf(process.env.TEST_DATABASE_URL)(
    `keeps every answered write through ${CYCLES} kills of the server on the embedded database`,
    async () => {
      const target = embeddedTarget();
      targets.push(target);
      const reports = await crashCycles(target, 'embedded');
      expect(reports).toHaveLength(CYCLES);
      // Every write that got in, whole, is in the roll-ups too: `npm run verify` finds no difference.
      expect(await target.inspect(rollupDifferences)).toEqual([]);
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    `keeps every answered write through ${CYCLES} kills of the server on PostgreSQL`,
    async () => {
      const target = await postgresTarget(process.env.TEST_DATABASE_URL as string);
      targets.push(target);
      const reports = await crashCycles(target, 'PostgreSQL');
      expect(reports).toHaveLength(CYCLES);
      // Every write that got in, whole, is in the roll-ups too: `npm run verify` finds no difference.
      expect(await target.inspect(rollupDifferences)).toEqual([]);
    },
  );
});
