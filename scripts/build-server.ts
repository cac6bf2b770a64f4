import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

export const SERVER_BUNDLE = 'dist/server/main.mjs';

/**
 * The server as one JavaScript file that plain Node runs (its packages stay in
 * node_modules), with the migrations beside it where the database code looks
 * for them. Run through tsx instead, the embedded server took ~60 MB more and
 * recorded sales ~40% slower under load (docs/decisions.md). Takes well under
 * a second, so `npm start` builds it every time.
 */
export async function buildServer(): Promise<string> {
  await build({
    entryPoints: ['src/server/main.ts'],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  rmSync('dist/server/migrations', { recursive: true, force: true });
  cpSync('src/server/db/migrations', 'dist/server/migrations', { recursive: true });
  return SERVER_BUNDLE;
}
