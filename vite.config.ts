import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
    async closeBundle() {
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
    },
  };
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

const CHART_DEPS =
  /node_modules[\\/](d3-[^\\/]+|victory-vendor|@reduxjs|redux|react-redux|immer|reselect|es-toolkit|decimal\.js-light|eventemitter3|tiny-invariant|internmap)[\\/]/;

export default defineConfig({
  root: 'src/web',
  plugins: [react(), precompress(), authSchemaImports.plugin],
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
