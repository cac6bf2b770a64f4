import { writeFileSync } from 'node:fs';
import type { LighthouseFigures } from './lighthouse';
import { type LoadResult, WARM_UP_SECONDS } from './load';

export interface BenchRun {
  kind: 'embedded' | 'postgres';
  /** Seconds the five-year seed took, when this run made it. */
  seedSeconds: number | null;
  /** Requests per second of a bare Node HTTP server in the same run. */
  ceiling: number;
  endpoints: {
    path: string;
    label: string;
    kind: 'small' | 'aggregate' | 'write';
    result: LoadResult;
    bareSqlMs: number | null;
  }[];
  rssIdle: number;
  rssPeak: number;
  lighthouse: LighthouseFigures[] | null;
}

interface WebSizes {
  routes: { route: string; files: string[]; gzipBytes: number }[];
  chunks: { page: string; file: string; gzipBytes: number }[];
}

/** The budgets: aggregates p50 < 300 ms and within 2x their bare SQL; small reads ≥ 25% of the ceiling. */
export function budgetsOf(run: BenchRun) {
  return run.endpoints.flatMap((endpoint) => {
    const { result } = endpoint;
    if (endpoint.kind === 'small') {
      const share = result.requestsPerSecond / run.ceiling;
      return [{ what: `${run.kind} ${endpoint.label}: ≥ 25% of ceiling`, met: share >= 0.25 }];
    }
    if (endpoint.kind === 'aggregate') {
      const ratio = endpoint.bareSqlMs ? result.p50 / endpoint.bareSqlMs : 0;
      return [
        { what: `${run.kind} ${endpoint.label}: p50 < 300 ms`, met: result.p50 < 300 },
        { what: `${run.kind} ${endpoint.label}: p50 ≤ 2× bare SQL`, met: ratio <= 2 },
      ];
    }
    return [];
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => (value < 10 ? value.toFixed(1) : Math.round(value).toString());
/** autocannon measures latency in whole milliseconds. */
const latency = (value: number) => (value < 1 ? '< 1' : Math.round(value).toString());

function runTable(run: BenchRun, connections: number): string {
  const lines = [
    `### ${run.kind === 'embedded' ? 'Embedded database (PGlite)' : 'PostgreSQL'}`,
    '',
    run.seedSeconds === null
      ? 'Data set: seeded by an earlier run (`npm run seed:scale` shape).'
      : `Data set: seeded in this run in ${run.seedSeconds.toFixed(1)} s.`,
    '',
    `Bare Node HTTP server: **${Math.round(run.ceiling)} req/s** at ${connections} connections (the ceiling).`,
    '',
    '| Call | answer | p50 ms | p99 ms | req/s | of ceiling | bare SQL ms | p50 ÷ bare SQL | errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const endpoint of run.endpoints) {
    const { result } = endpoint;
    const ratio =
      endpoint.bareSqlMs === null
        ? '—'
        : result.p50 < 1
          ? `< ${Math.max(0.01, 1 / endpoint.bareSqlMs).toFixed(2)}`
          : (result.p50 / endpoint.bareSqlMs).toFixed(2);
    lines.push(
      `| ${endpoint.label} | ${kb(result.answerBytes)} | ${latency(result.p50)} | ${latency(result.p99)} | ${Math.round(result.requestsPerSecond)} | ${((result.requestsPerSecond / run.ceiling) * 100).toFixed(0)}% | ${endpoint.bareSqlMs === null ? '—' : ms(endpoint.bareSqlMs)} | ${ratio} | ${result.errors + result.non2xx} |`,
    );
  }
  lines.push('', `Server memory (RSS): ${run.rssIdle} MB idle, ${run.rssPeak} MB peak under load.`);
  if (run.lighthouse) {
    lines.push(
      '',
      'Lighthouse (mobile settings, simulated throttling):',
      '',
      '| Page | Performance | Accessibility | FCP ms | LCP ms | TBT ms | CLS |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...run.lighthouse.map(
        (page) =>
          `| ${page.page} | ${page.performance} | ${page.accessibility} | ${Math.round(page.fcpMs)} | ${Math.round(page.lcpMs)} | ${Math.round(page.tbtMs)} | ${page.cls.toFixed(3)} |`,
      ),
    );
  }
  const budgets = budgetsOf(run);
  const missed = budgets.filter((budget) => !budget.met);
  lines.push(
    '',
    missed.length === 0
      ? `All ${budgets.length} server budgets met.`
      : `Budgets not met: ${missed.map((budget) => budget.what).join('; ')}.`,
  );
  return lines.join('\n');
}

export function writeReport(input: {
  command: string;
  machine: string;
  runs: BenchRun[];
  web: WebSizes;
  connections: number;
  seconds: number;
}): string {
  const markdown = [
    '# Benchmarks',
    '',
    `Produced by \`${input.command}\` on ${new Date().toISOString().slice(0, 10)}; machine: ${input.machine}.`,
    `Each call is loaded by autocannon for ${input.seconds} s at ${input.connections} concurrent connections, signed in as the demo admin, after ${WARM_UP_SECONDS} s of the same load that is not counted. "answer" is the bytes of one answer as sent (headers included; the load asks for gzip, as browsers do).`,
    '"bare SQL" is the median of 5 direct calls of the service function behind the endpoint (its SQL, no HTTP, no session, no cache), timed in the same run before the server starts.',
    'How to read these figures and why the budgets hold or not: docs/decisions.md, "Performance at five-year scale".',
    '',
    ...input.runs.flatMap((run) => [runTable(run, input.connections), '']),
    '### JavaScript each route loads (gzip -9)',
    '',
    '| Route | gzip | files |',
    '|---|---:|---:|',
    ...input.web.routes.map(
      (route) => `| ${route.route} | ${kb(route.gzipBytes)} | ${route.files.length} |`,
    ),
    '',
    'Largest page chunks:',
    '',
    '| Page | gzip |',
    '|---|---:|',
    ...input.web.chunks.slice(0, 6).map((chunk) => `| ${chunk.page} | ${kb(chunk.gzipBytes)} |`),
    '',
  ].join('\n');
  writeFileSync('BENCHMARKS.md', markdown);
  return markdown;
}
