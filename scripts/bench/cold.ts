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

/**
 * Each read timed `rounds` times, each time right after one small write (a
 * sale, a payment or a return in turn), as staff meet it: every write empties
 * the read cache. One untimed pass first, so start-up costs (JIT, the
 * database's first plans) are not counted against the first reads.
 */
export async function coldReads(input: {
  baseUrl: string;
  cookie: string;
  clerk: Clerk;
  reads: ScreenRead[];
  rounds: number;
  onRead?: (label: string) => void;
}): Promise<ColdResult> {
  const { baseUrl, cookie, clerk } = input;
  // One failing read must not throw away a long run: it is counted and reported.
  const attempt = async (path: string) =>
    timed(baseUrl, cookie, path).catch((error: unknown) => {
      console.error((error as Error).message);
      return null;
    });
  for (const read of input.reads) await attempt(read.path);
  const writes: Record<WriteKind, number[]> = { sale: [], payment: [], return: [] };
  const reads: ReadFigure[] = [];
  let writeErrors = 0;
  for (const read of input.reads) {
    input.onRead?.(read.label);
    const samples: number[] = [];
    let errors = 0;
    for (let round = 0; round < input.rounds; round += 1) {
      const write = await clerk.next().catch((error: unknown) => {
        console.error((error as Error).message);
        return null;
      });
      if (write) writes[write.kind].push(write.ms);
      else writeErrors += 1;
      const ms = await attempt(read.path);
      if (ms === null) errors += 1;
      else samples.push(ms);
    }
    reads.push({ label: read.label, path: read.path, cold: spreadOf(samples), errors });
  }
  const writeSpreads = Object.fromEntries(
    WRITE_KINDS.map((kind) => [kind, spreadOf(writes[kind])]),
  ) as Record<WriteKind, Spread>;
  return { reads, writes: writeSpreads, writeErrors };
}
