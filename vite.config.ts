import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const apiPort = process.env.PORT ?? '5000';

const COMPRESSIBLE = /\.(js|css|html|svg)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes a .br and a .gz beside every text file of the build, once, at the best
 * levels; the server hands them out as they are (@fastify/static's preCompressed)
 * instead of compressing on every request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'bakery:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // After the service worker is written (vite-plugin-pwa's closeBundle), so it is compressed too.
    closeBundle: { order: 'post', sequential: true, handler: compressAll },
  };

  async function compressAll() {
    const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
    const files = entries
      .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
      .map((entry) => join(entry.parentPath, entry.name));
    await Promise.all(
      files.map(async (file) => {
        const content = await readFile(file);
        const [br, gz] = await Promise.all([
          brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
          gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        // A tiny file can come out larger; the server then sends the original.
        if (br.length < content.length) await writeFile(`${file}.br`, br);
        if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
      }),
    );
  }
}

/**
 * Collects what a source file imports statically, directly or not (the file itself
 * stays a chunk of its own), once the module graph is complete, so that a chunk group
 * can be made of exactly those modules.
 */
function importsOf(source: string) {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: 'bakery:imports-of',
    apply: 'build',
    buildStart() {
      modules.clear();
    },
    buildEnd() {
      const visit = (id: string) => {
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) {
          if (modules.has(imported)) continue;
          modules.add(imported);
          visit(imported);
        }
      };
      for (const id of this.getModuleIds()) {
        if (!id.endsWith(source)) continue;
        modules.add(id);
        visit(id);
      }
    },
  };
  return { plugin, has: (id: string) => modules.has(id) };
}

// The landing page loads the sign-in routes' contracts, with their schemas and zod,
// after its first paint (web/auth/queries.ts, pages/landing/auth-validation.ts).
const authSchemaImports = importsOf('/src/domain/contracts/auth.ts');

/**
 * Shared by several pages but not needed by the shell or the dashboard: input widgets
 * and date pickers, one page's modules that another page borrows, the forms' schemas
 * and the routes' contracts.
 * They are left to Rolldown's own splitting, so the dashboard does not download them.
 */
const PAGE_SPECIFIC = new RegExp(
  [
    /node_modules[\\/](@mantine[\\/]dates|dayjs|react-number-format)[\\/]/,
    /@mantine[\\/]core[\\/].*[\\/](Combobox|Select|NumberInput|Popover|Tooltip|Textarea|Switch|Table)[\\/]/,
    /src[\\/]web[\\/]pages[\\/]/,
    /src[\\/]web[\\/]components[\\/](DateRangeInputs|DateField|NumberField|LineItemEditor|download-csv)/,
    /src[\\/]domain[\\/].*schemas/,
    /src[\\/]domain[\\/]contracts[\\/]/,
  ]
    .map((pattern) => pattern.source)
    .join('|'),
);

/**
 * What the entry loads after the first paint (the service worker's registration, and
 * forgetting the answers saved for offline use on sign-out), with the IndexedDB and
 * cache (de)hydration code they use.
 */
const LOADED_BY_ENTRY = new RegExp(
  [
    /src[\\/]web[\\/]offline[\\/](service-worker|saved-answers|kept-answers)\.ts$/,
    /node_modules[\\/]idb-keyval[\\/]/,
    /node_modules[\\/]@tanstack[\\/]query-core[\\/].*[\\/]hydration\.js$/,
  ]
    .map((pattern) => pattern.source)
    .join('|'),
);

const CHART_DEPS =
  /node_modules[\\/](d3-[^\\/]+|victory-vendor|@reduxjs|redux|react-redux|immer|reselect|es-toolkit|decimal\.js-light|eventemitter3|tiny-invariant|internmap)[\\/]/;

/** The Reports chart's chunks (~115 KB gzipped): fetched when Reports is first opened, then kept. */
const CHART_CHUNKS = ['recharts', 'chart-deps', 'TrendBars'];

/**
 * The installable app (docs/decisions.md, "Offline selling"): a web app manifest and a
 * Workbox service worker that precaches the whole app but the Reports chart, so every
 * page's code opens with no network once the app has been opened online. Navigations
 * get the precached index.html (never /api/*); the API itself is never cached by the
 * worker (the signed-in app keeps its last answers, src/web/offline/saved-answers.ts).
 */
const installableApp = VitePWA({
  // src/web/offline/service-worker.ts registers it after the page has loaded, and offers
  // a waiting new version to the signed-in app ("A new version is ready: Reload").
  injectRegister: false,
  registerType: 'prompt',
  includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
  manifest: {
    id: '/',
    name: 'BakeryPro · Bakery Management',
    short_name: 'BakeryPro',
    description: 'Bakery management: inventory, production, sales, distributors and accounting.',
    lang: 'en-NG',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#c2410c',
    background_color: '#ffffff',
    icons: [
      { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
      { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
      { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // The icons and favicon come in as the manifest's and includeAssets' own entries.
    globPatterns: ['**/*.{js,css,html}'],
    globIgnores: CHART_CHUNKS.map((chunk) => `assets/${chunk}-*`),
    // The first install takes charge of the open page at once, so it works offline from
    // the first visit; a new version still waits (service-worker.ts).
    clientsClaim: true,
    navigateFallback: 'index.html',
    navigateFallbackDenylist: [/^\/api\//],
    // One file (sw.js), not sw.js importing a workbox-<hash>.js beside it.
    inlineWorkboxRuntime: true,
    runtimeCaching: [
      {
        // Hashed names never change content: once fetched, a chunk is served from the cache.
        urlPattern: ({ url }) => url.pathname.startsWith('/assets/'),
        handler: 'CacheFirst',
        options: { cacheName: 'bakery-chart', expiration: { maxEntries: 12 } },
      },
    ],
  },
});

export default defineConfig({
  root: 'src/web',
  // src/web/offline/saved-answers.ts keeps the answers of this build only.
  define: { 'import.meta.env.BAKERY_BUILD': JSON.stringify(new Date().toISOString()) },
  plugins: [react(), precompress(), authSchemaImports.plugin, installableApp],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // scripts/bench/web-size.ts reads which chunks each route loads from it.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry imports statically loads on every visit anyway: one
            // file instead of a handful of small shared chunks saves requests and bytes.
            { name: 'index', tags: ['$initial'], priority: 3 },
            // The sign-in contracts, zod and the rules they use, in one chunk of their own:
            // in "shared" they would pull the whole of it into the landing page.
            { name: 'validation', test: authSchemaImports.has, priority: 2 },
            // One small chunk of its own: in "shared" (the outbox there uses IndexedDB too)
            // it would pull the whole of it into the landing page.
            { name: 'offline', test: LOADED_BY_ENTRY, priority: 2 },
            // What several lazy chunks share (the shell's Mantine parts, hooks, the app's
            // components and rules) in one cached file rather than thirty small ones, each
            // a round trip on a phone.
            {
              name: 'shared',
              minShareCount: 2,
              priority: 1,
              test: (id) => !PAGE_SPECIFIC.test(id),
            },
            // The Reports chart is ~115 KB gzipped, almost all recharts and the d3, redux
            // and helper packages under it: two files that download side by side.
            { name: 'chart-deps', test: CHART_DEPS, priority: 2 },
            { name: 'recharts', test: /node_modules[\\/]recharts[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${apiPort}` },
  },
});
