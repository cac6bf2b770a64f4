import { readFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { constants, gzipSync } from 'node:zlib';

/** One record of Vite's `.vite/manifest.json`, keyed by source path (or `_name.js` for shared chunks). */
interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The modules each measured route loads on demand, as source paths relative to src/web
 * (the manifest's keys). The signed-out `/` renders the landing page from the entry chunk
 * and then fetches the sign-in schemas; the signed-in `/` fetches the app shell and the
 * dashboard page (App.tsx starts both at once).
 */
const ROUTE_DYNAMIC_IMPORTS: Record<string, string[]> = {
  // The sign-in contracts, their schemas and zod (vite.config.ts, the 'validation' group).
  landing: ['validation'],
  dashboard: ['SignedInApp.tsx', 'pages/dashboard/DashboardPage.tsx'],
};

async function readManifest(distDir: string): Promise<Manifest> {
  const path = join(distDir, '.vite', 'manifest.json');
  try {
    return JSON.parse(await readFile(path, 'utf8')) as Manifest;
  } catch (error) {
    throw new Error(`${path} is missing: build the web app with build.manifest enabled`, {
      cause: error,
    });
  }
}

async function gzipSize(distDir: string, file: string): Promise<number> {
  return gzipSync(await readFile(join(distDir, file)), { level: constants.Z_BEST_COMPRESSION })
    .length;
}

function entryKey(manifest: Manifest): string {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length !== 1 || !entries[0]) {
    throw new Error(`expected one entry chunk in the manifest, found ${entries.length}`);
  }
  return entries[0];
}

/** The chunk and every chunk it imports statically, which the browser fetches before running it. */
function staticClosure(manifest: Manifest, key: string, into: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the manifest has no chunk ${key}`);
  if (into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
}

/**
 * The manifest key of the chunk holding a dynamically imported module: the module's own
 * path, or, when other chunks import it statically too, the shared chunk named after it.
 */
function chunkKeyOf(manifest: Manifest, source: string): string | undefined {
  if (manifest[source]) return source;
  const name = basename(source, extname(source));
  return Object.keys(manifest).find((key) => key.startsWith('_') && manifest[key]?.name === name);
}

/** Whether `key` is a dynamic import of a chunk the route has already loaded. */
function isReachable(manifest: Manifest, loaded: Set<string>, key: string): boolean {
  return Object.values(manifest).some(
    (chunk) => loaded.has(chunk.file) && (chunk.dynamicImports ?? []).includes(key),
  );
}

/** The JavaScript files each route loads, from the build manifest, and their gzip-9 total. */
export async function measureRouteScripts(
  distDir = 'dist/web',
): Promise<{ route: string; files: string[]; gzipBytes: number }[]> {
  const manifest = await readManifest(distDir);
  const entry = entryKey(manifest);
  const results = [];
  for (const [route, dynamicImports] of Object.entries(ROUTE_DYNAMIC_IMPORTS)) {
    const files = new Set<string>();
    staticClosure(manifest, entry, files);
    for (const source of dynamicImports) {
      const key = chunkKeyOf(manifest, source);
      if (!key || !isReachable(manifest, files, key)) {
        throw new Error(`${route}: ${source} is not a dynamic import of a chunk the route loads`);
      }
      staticClosure(manifest, key, files);
    }
    let gzipBytes = 0;
    for (const file of files) gzipBytes += await gzipSize(distDir, file);
    results.push({ route, files: [...files], gzipBytes });
  }
  return results;
}

/** Every lazily loaded page chunk (src/web/pages/**) with its own gzip-9 size, largest first. */
export async function pageChunks(
  distDir = 'dist/web',
): Promise<{ page: string; file: string; gzipBytes: number }[]> {
  const manifest = await readManifest(distDir);
  const pages = Object.values(manifest).filter(
    (chunk) => chunk.isDynamicEntry && chunk.src?.startsWith('pages/'),
  );
  const sized = await Promise.all(
    pages.map(async (chunk) => ({
      page: chunk.src ?? chunk.file,
      file: chunk.file,
      gzipBytes: await gzipSize(distDir, chunk.file),
    })),
  );
  return sized.sort((a, b) => b.gzipBytes - a.gzipBytes);
}
