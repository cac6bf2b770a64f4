import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * PGlite is one process's database: a second process writing the same files
 * corrupts them. The lock file holds the owner's pid; a lock left by a process
 * that died (kill -9, power cut) is taken over, a live owner's is refused.
 * Returns the function that releases the lock.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockPath = join(dataDir, 'bakery.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        if (readOwner(lockPath) === process.pid) unlinkSync(lockPath);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(lockPath);
      if (owner !== null && isAlive(owner)) {
        throw new DataDirInUseError(
          `The data directory ${dataDir} is already in use by a bakery server (process ${owner}). ` +
            'Stop that server first, or start this one with a different DATA_DIR.',
        );
      }
      // The owner is gone: remove its stale lock and try again.
      try {
        unlinkSync(lockPath);
      } catch {
        // Another starter removed it first; the next attempt decides.
      }
    }
  }
  throw new DataDirInUseError(
    `Could not lock the data directory ${dataDir}; another server is starting.`,
  );
}
