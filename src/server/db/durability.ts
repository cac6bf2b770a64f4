import { closeSync, fsyncSync, openSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * How the embedded database (PGlite) gets its writes onto the disk.
 *
 * PGlite writes every file through Node's `fs.writeSync`, so a commit is in
 * the operating system's hands before the query resolves: a killed process
 * loses nothing. But PGlite 0.5 starts PostgreSQL with `-F` (fsync off) and
 * its emscripten file system cannot fsync anyway (`fsync` is missing from
 * NODEFS, `fdatasync` is a stub that returns 0), so nothing ever forces the
 * files to the disk: a power cut loses what the kernel had not yet written
 * back (up to about 30 s on Linux), and can leave a checkpoint pointing at
 * pages that never reached the disk.
 *
 * - `commit` (the default): fsync is turned back on and NODEFS is given a real
 *   fsync, so PostgreSQL's own rules apply: every commit's WAL is on the disk
 *   before the query resolves, data pages and checkpoints are flushed in the
 *   order recovery needs. A power cut loses no answered write.
 * - `interval`: PGlite's fsync-off start, plus a timer that flushes every file
 *   written since its last run. Cheaper per write; a power cut can lose the
 *   last interval of answered writes, and PostgreSQL's ordering is not kept.
 *   Kept for the durability benchmark (`scripts/durability-bench.ts`).
 * - `none`: PGlite as shipped.
 *
 * Measured figures and the choice: docs/decisions.md, "Crash durability and races".
 */
export type EmbeddedDurability = 'commit' | 'interval' | 'none';

export const DEFAULT_DURABILITY: EmbeddedDurability = 'commit';
export const DEFAULT_FLUSH_INTERVAL_MS = 200;

/** The part of emscripten's NODEFS this module touches. */
interface NodeFsStream {
  nfd?: number;
}
interface NodeFsOps {
  stream_ops: {
    write: (stream: NodeFsStream, ...rest: unknown[]) => number;
    close: (stream: NodeFsStream) => void;
    fsync?: (stream: NodeFsStream) => number;
  };
  tryFSOperation: <T>(operation: () => T) => T;
}

/** PGlite's Node file system with a working fsync, and a record of written files. */
class SyncingNodeFS extends NodeFS {
  /** Descriptors written since the last flush (interval mode only). */
  readonly written = new Set<number>();
  /** fsync calls made so far: what tests/resilience/durability.test.ts watches. */
  fsyncs = 0;

  constructor(
    dataDir: string,
    private readonly mode: EmbeddedDurability,
  ) {
    super(dataDir);
  }

  override async init(...args: Parameters<NodeFS['init']>) {
    const result = await super.init(...args);
    const options = result.emscriptenOpts;
    options.preRun = [
      ...(options.preRun ?? []),
      (module) => this.patch(module.NODEFS as unknown as NodeFsOps),
    ];
    return result;
  }

  private patch(nodefs: NodeFsOps) {
    const ops = nodefs.stream_ops;
    // PostgreSQL's fsync() lands here (wal_sync_method=fsync; fdatasync is a stub).
    ops.fsync = (stream) => {
      const fd = stream.nfd;
      if (fd !== undefined) nodefs.tryFSOperation(() => fsyncSync(fd));
      this.fsyncs += 1;
      return 0;
    };
    if (this.mode !== 'interval') return;
    const { write, close } = ops;
    const written = this.written;
    const fs = this;
    ops.write = function (this: unknown, stream, ...rest) {
      if (stream.nfd !== undefined) written.add(stream.nfd);
      return write.call(this, stream, ...rest);
    };
    // A file closed before the timer ran is flushed as it closes.
    ops.close = function (this: unknown, stream) {
      if (stream.nfd !== undefined && written.delete(stream.nfd)) {
        const fd = stream.nfd;
        nodefs.tryFSOperation(() => fsyncSync(fd));
        fs.fsyncs += 1;
      }
      close.call(this, stream);
    };
  }

  /** Flushes every file written since the last call (interval mode). */
  flushWritten() {
    for (const fd of this.written) {
      try {
        fsyncSync(fd);
        this.fsyncs += 1;
      } catch {
        // Closed meanwhile: it was flushed as it closed.
      }
    }
    this.written.clear();
  }
}

export interface DurablePglite {
  client: PGlite;
  /** How many files were forced to the disk so far. */
  fsyncs(): number;
  /** Stops the interval flusher (if any); call before closing the client. */
  stop(): void;
}

/** Opens PGlite on `pgdata` with the chosen durability. */
export function createDurablePglite(
  pgdata: string,
  mode: EmbeddedDurability = DEFAULT_DURABILITY,
  intervalMs = DEFAULT_FLUSH_INTERVAL_MS,
): DurablePglite {
  const fs = new SyncingNodeFS(pgdata, mode);
  const startParams =
    mode === 'commit'
      ? [
          ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
          '-c',
          'fsync=on',
          '-c',
          'wal_sync_method=fsync',
          '-c',
          'synchronous_commit=on',
          '-c',
          'full_page_writes=on',
        ]
      : PGlite.defaultStartParams;
  // PostgreSQL's default 128 MB buffer pool is all resident in PGlite's memory
  // from the start; 32 MB holds what the screens read (the roll-ups, recent
  // rows) and the operating system caches the rest of the files: ~90 MB less
  // at start and at the peak on five years of data (docs/decisions.md).
  const client = new PGlite({
    dataDir: pgdata,
    fs,
    startParams: [...startParams, '-c', 'shared_buffers=32MB'],
  });
  let timer: NodeJS.Timeout | undefined;
  if (mode === 'interval') {
    timer = setInterval(() => fs.flushWritten(), intervalMs);
    timer.unref();
  }
  return {
    client,
    fsyncs: () => fs.fsyncs,
    stop: () => {
      if (timer) clearInterval(timer);
      if (mode === 'interval') fs.flushWritten();
    },
  };
}

/**
 * Forces a freshly created data directory to the disk: PGlite copies the
 * initdb result into it with plain writes, which no checkpoint flushes.
 * Files first, then each directory (so its entries are durable), deepest first.
 */
export function syncTree(root: string) {
  const directories: string[] = [];
  const walk = (dir: string) => {
    directories.push(dir);
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) syncPath(path);
    }
  };
  walk(root);
  for (const dir of directories.reverse()) syncPath(dir);
}

/** fsync of one file or directory by its path. */
export function syncPath(path: string) {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
