import { timed } from './client';
import type { ScreenRead } from './screens';
import { type Spread, spreadOf } from './stats';
import { type Clerk, WRITE_KINDS, type WriteKind } from './writes';

export interface ReadFigure {
  label: string;
  path: string;
  cold: Spread;
}

export interface ColdResult {
  reads: ReadFigure[];
  /** The writes made between the reads, one at a time, by kind. */
  writes: Record<WriteKind, Spread>;
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
  for (const read of input.reads) await timed(baseUrl, cookie, read.path);
  const writes: Record<WriteKind, number[]> = { sale: [], payment: [], return: [] };
  const reads: ReadFigure[] = [];
  for (const read of input.reads) {
    input.onRead?.(read.label);
    const samples: number[] = [];
    for (let round = 0; round < input.rounds; round += 1) {
      const write = await clerk.next();
      writes[write.kind].push(write.ms);
      samples.push(await timed(baseUrl, cookie, read.path));
    }
    reads.push({ label: read.label, path: read.path, cold: spreadOf(samples) });
  }
  const writeSpreads = Object.fromEntries(
    WRITE_KINDS.map((kind) => [kind, spreadOf(writes[kind])]),
  ) as Record<WriteKind, Spread>;
  return { reads, writes: writeSpreads };
}
