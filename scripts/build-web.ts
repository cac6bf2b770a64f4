import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';

function newestChange(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds dist/web when it is missing or older than its sources or vite.config.ts. */
export async function buildWebIfStale(): Promise<void> {
  const index = 'dist/web/index.html';
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sourcesAt = Math.max(
    newestChange('src/web'),
    newestChange('src/domain'),
    statSync('vite.config.ts').mtimeMs,
  );
  if (builtAt >= sourcesAt) return;
  await buildWeb();
}

/**
 * Builds dist/web whatever its age: the benchmark measures what ships, and a
 * deleted source file leaves no newer time behind for the check above.
 */
export async function buildWeb(): Promise<void> {
  console.log('Building the web app...');
  await build({ configFile: 'vite.config.ts', logLevel: 'warn' });
}
