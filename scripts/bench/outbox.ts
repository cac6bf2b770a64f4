/**
 * The sync of a device's outbox (issue 20): writes made offline over the last
 * hour, sent as the web's outbox sends them when the network returns, then
 * all sent again as a device does that never got the answers.
 */
import { randomUUID } from 'node:crypto';
import { count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../src/server/db/connection';
import {
  breadReturns,
  distributorPayments,
  idempotentWrites,
  salesTransactions,
} from '../../src/server/db/schema';
import { BENCH_NOTE } from './bench-loaves';
import { type Spread, spreadOf } from './stats';
import { type Clerk, WRITE_KINDS, WRITE_PATHS, type WriteKind } from './writes';

/** How many writes the outbox holds: a phone offline for a long morning of a busy floor. */
export const OUTBOX_WRITES = 500;

interface QueuedWrite {
  kind: WriteKind;
  key: string;
  body: string;
}

export interface SyncPass {
  seconds: number;
  perSecond: number;
  write: Spread;
  /** Answers other than the pass expects: not 201, or (not) marked as a replay. */
  errors: number;
}

export interface OutboxSync {
  writes: number;
  first: SyncPass;
  replays: SyncPass;
  /** The records the first pass's answers named, by kind, when the replay named the same. */
  answered: Record<WriteKind, string[]>;
  keys: string[];
}

export interface OutboxFigures extends OutboxSync {
  /** Records and keys found in the database after both passes. */
  stored: Record<WriteKind | 'keys', number>;
  storedOnce: boolean;
}

/**
 * The outbox: sales, payments and returns in turn (the clerk's bodies), each
 * with its own key and a recordedAt spread over the hour before `now`, oldest
 * first.
 */
function queue(clerk: Clerk, writes: number, now: number): QueuedWrite[] {
  const hour = 60 * 60 * 1000;
  return Array.from({ length: writes }, (_, n) => {
    const kind = WRITE_KINDS[n % WRITE_KINDS.length] as WriteKind;
    const recordedAt = new Date(now - hour + Math.floor((n * hour) / writes)).toISOString();
    const body = JSON.stringify({ ...JSON.parse(clerk.bodies[kind]), recordedAt });
    return { kind, key: randomUUID(), body };
  });
}

/** Sends one queued write as the outbox does; its milliseconds, whether it was a replay, the record's id. */
async function send(baseUrl: string, cookie: string, write: QueuedWrite) {
  const started = performance.now();
  const reply = await fetch(`${baseUrl}${WRITE_PATHS[write.kind]}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'idempotency-key': write.key },
    body: write.body,
  });
  const answer = (await reply.json()) as { id?: string; message?: string };
  const ms = performance.now() - started;
  if (reply.status !== 201) console.error(`${write.kind}: ${reply.status} ${answer.message}`);
  return {
    ms,
    ok: reply.status === 201,
    replay: reply.headers.get('idempotent-replay') === 'true',
    id: answer.id,
  };
}

/** The queue sent one write at a time, oldest first: each must be (or, sent again, not be) a replay. */
async function pass(baseUrl: string, cookie: string, writes: QueuedWrite[], replays: boolean) {
  const samples: number[] = [];
  const ids: (string | undefined)[] = [];
  let errors = 0;
  const started = performance.now();
  for (const write of writes) {
    const sent = await send(baseUrl, cookie, write);
    samples.push(sent.ms);
    ids.push(sent.id);
    if (!sent.ok || sent.replay !== replays) errors += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  const figures: SyncPass = {
    seconds,
    perSecond: writes.length / seconds,
    write: spreadOf(samples),
    errors,
  };
  return { figures, ids };
}

/** A queue of `writes` made offline, synced, then synced again (every write a replay). */
export async function syncOutbox(
  baseUrl: string,
  cookie: string,
  clerk: Clerk,
  writes = OUTBOX_WRITES,
): Promise<OutboxSync> {
  const outbox = queue(clerk, writes, Date.now());
  const first = await pass(baseUrl, cookie, outbox, false);
  const replays = await pass(baseUrl, cookie, outbox, true);
  const answered: Record<WriteKind, string[]> = { sale: [], payment: [], return: [] };
  outbox.forEach((write, n) => {
    const id = first.ids[n];
    if (id && replays.ids[n] === id) answered[write.kind].push(id);
  });
  const keys = outbox.map((write) => write.key);
  return { writes, first: first.figures, replays: replays.figures, answered, keys };
}

/**
 * The records the server holds for the sync, counted once the server has
 * stopped: only the outbox wrote during its server's life, so every bench
 * record there is one of its writes.
 */
export async function countOutbox(db: Database, sync: OutboxSync): Promise<OutboxFigures> {
  const counted = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
  const ids = Object.values(sync.answered).flat();
  const stored = {
    sale: await counted(
      db
        .select({ n: count() })
        .from(salesTransactions)
        .where(eq(salesTransactions.notes, BENCH_NOTE)),
    ),
    payment: await counted(
      db
        .select({ n: count() })
        .from(distributorPayments)
        .where(eq(distributorPayments.description, BENCH_NOTE)),
    ),
    return: await counted(
      db.select({ n: count() }).from(breadReturns).where(eq(breadReturns.notes, BENCH_NOTE)),
    ),
    keys: await counted(
      db
        .select({ n: count() })
        .from(idempotentWrites)
        .where(inArray(idempotentWrites.key, sync.keys)),
    ),
  };
  const made = (kind: WriteKind) =>
    Math.ceil((sync.writes - WRITE_KINDS.indexOf(kind)) / WRITE_KINDS.length);
  const storedOnce =
    stored.keys === sync.writes &&
    new Set(ids).size === sync.writes &&
    WRITE_KINDS.every(
      (kind) => stored[kind] === made(kind) && sync.answered[kind].length === made(kind),
    );
  return { ...sync, stored, storedOnce };
}
