import { timed } from './client';
import type { ScreenRead } from './screens';
import { type Spread, spreadOf } from './stats';
import { type Clerk, WRITE_KINDS, type WriteKind } from './writes';

export interface ReadFigure {
  label: string;
  path: string;
  cold: Spread;
  /** Answers that were not 2xx: left out of the figures, and the read's budget not met. */
  errors: number;
}

export interface ColdResult {
  reads: ReadFigure[];
  /** The writes made between the reads, one at a time, by kind. */
  writes: Record<WriteKind, Spread>;
  writeErrors: number;
}

/** A running server on one data set, with a signed-in clerk and its screens' reads. */
export interface ColdTarget {
  baseUrl: string;
  cookie: string;
  clerk: Clerk;
  reads: ScreenRead[];
}

/** One failing request must not throw away a long run: it is counted and reported. */
const orNull = (error: unknown) => {
  console.error((error as Error).message);
  return null;
};

type Tally = {
  target: ColdTarget;
  writes: Record<WriteKind, number[]>;
  writeErrors: number;
  reads: ReadFigure[];
};

type Timing = { path: string; samples: number[]; errors: number };

/** An untimed pass over every read, so start-up costs (JIT, the database's first plans) are not counted. */
async function firstPass(targets: ColdTarget[]) {
  const labels = (target: ColdTarget) => target.reads.map((read) => read.label).join();
  for (const target of targets) {
    if (labels(target) !== labels(targets[0] as ColdTarget)) {
      throw new Error('every target must make the same reads');
    }
    for (const read of target.reads) {
      await timed(target.baseUrl, target.cookie, read.path).catch(orNull);
    }
  }
}

/** One small write on the tally's server, then the read, timed. */
async function writeThenRead(tally: Tally, timing: Timing) {
  const { target } = tally;
  const write = await target.clerk.next().catch(orNull);
  if (write) tally.writes[write.kind].push(write.ms);
  else tally.writeErrors += 1;
  const ms = await timed(target.baseUrl, target.cookie, timing.path).catch(orNull);
  if (ms === null) timing.errors += 1;
  else timing.samples.push(ms);
}

/**
 * Each read timed `rounds` times on each target, each time right after one
 * small write to that target (a sale, a payment or a return in turn), as
 * staff meet it: every write empties the read cache. The targets take turns
 * round by round, so a ratio between data sets compares reads made in the
 * same minutes of the machine's life, not passes minutes apart (on this
 * 2-core machine a read's median drifts by a third from one pass to the next).
 */
export async function coldReads(input: {
  targets: ColdTarget[];
  rounds: number;
  onRead?: (label: string) => void;
}): Promise<ColdResult[]> {
  await firstPass(input.targets);
  const tallies: Tally[] = input.targets.map((target) => ({
    target,
    writes: { sale: [], payment: [], return: [] },
    writeErrors: 0,
    reads: [],
  }));
  const labels = input.targets[0]?.reads.map((read) => read.label) ?? [];
  for (const [index, label] of labels.entries()) {
    input.onRead?.(label);
    const timings: Timing[] = tallies.map(({ target }) => ({
      path: (target.reads[index] as ScreenRead).path,
      samples: [],
      errors: 0,
    }));
    for (let round = 0; round < input.rounds; round += 1) {
      for (const [at, tally] of tallies.entries())
        await writeThenRead(tally, timings[at] as Timing);
    }
    for (const [at, { path, samples, errors }] of timings.entries()) {
      tallies[at]?.reads.push({ label, path, cold: spreadOf(samples), errors });
    }
  }
  return tallies.map(({ reads, writes, writeErrors }) => ({
    reads,
    writes: Object.fromEntries(WRITE_KINDS.map((kind) => [kind, spreadOf(writes[kind])])) as Record<
      WriteKind,
      Spread
    >,
    writeErrors,
  }));
}
