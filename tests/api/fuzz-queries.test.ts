import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { problemsWith, report, send } from '../support/fuzz/answers';
import { fingerprintDiff, fingerprinter } from '../support/fuzz/database';
import { readIdOf, type Seed, seedBakery } from '../support/fuzz/seed';
import {
  DATE_LIKE,
  EXTREME_NUMBERS,
  LONG_STRINGS,
  NAN_LIKE,
  NASTY_STRINGS,
  NIL_UUID,
} from '../support/fuzz/values';
import { firstAdmin } from '../support/personas';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Bad query strings, property-based: every GET route the router knows gets
 * wrong, repeated, over-long and malformed values for its own parameters and
 * the usual ones (limit, offset, period, startDate, endDate, search, …), and
 * unknown or malformed ids. Every answer must be below 500, an error must be a
 * JSON `{ message, errors? }` without a stack trace, and no read may change a
 * business table. FUZZ_RUNS and FUZZ_SEED as in fuzz-writes.test.ts.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2_147_483_647;

const COMMON_KEYS = [
  'limit',
  'offset',
  'period',
  'startDate',
  'endDate',
  'search',
  'includeArchived',
  'distributorId',
  'status',
  'page',
  'sort',
] as const;

/** encodeURIComponent, or a raw escape for text it cannot encode (a lone surrogate). */
const encode = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
};

const queryValue = fc.oneof(
  fc.constantFrom(...NAN_LIKE),
  fc.constantFrom(...EXTREME_NUMBERS).map(String),
  fc.constantFrom(...DATE_LIKE),
  fc.constantFrom(...NASTY_STRINGS),
  fc.constantFrom(...LONG_STRINGS.map((s) => s.slice(0, 2000))),
  fc.constantFrom(
    'today',
    'this_week',
    'this_month',
    'this_year',
    'all',
    'true',
    'false',
    '1',
    '-1',
  ),
  fc.constantFrom(NIL_UUID, 'not-a-uuid'),
  fc.uuid({ version: 4 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

/** One query string: encoded pairs, raw fragments that are not valid encoding, repeats, brackets. */
function queryString(keys: readonly string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...keys) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('__proto__', 'constructor', '', 'limit[]', 'limit[a]', 'a.b'),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
  );
  const pair = fc.oneof(
    {
      weight: 6,
      arbitrary: fc.tuple(key, queryValue).map(([k, v]) => `${encode(k)}=${encode(v)}`),
    },
    { weight: 1, arbitrary: key.map((k) => encode(k)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '%',
        '%zz',
        'a=%',
        'limit=%E0%A4%A',
        'limit=%00',
        '=',
        '&',
        'limit=1=2',
      ),
    },
  );
  return fc.array(pair, { minLength: 0, maxLength: 6 }).map((pairs) => pairs.join('&'));
}

let testApp: TestApp;
let admin: ApiClient;
let seed: Seed;
let fingerprint: Awaited<ReturnType<typeof fingerprinter>>;
let baseline: Map<string, string>;
/** Per route (as the API description names it), its query parameters and their formats. */
let queryParameters: Map<string, { name: string; format?: string }[]>;
const parametersOf = (url: string) => queryParameters.get(url.replace(/:(\w+)/g, '{$1}')) ?? [];
let requests = 0;
const statusCounts = new Map<number, number>();

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await firstAdmin(testApp);
  seed = await seedBakery(admin);
  // The router's own query parameters, from the API description its schemas make.
  const doc = (await admin.get('/api/openapi.json')).body as {
    paths: Record<
      string,
      Record<string, { parameters?: { in: string; name: string; schema?: { format?: string } }[] }>
    >;
  };
  queryParameters = new Map(
    Object.entries(doc.paths).map(([path, operations]) => [
      path,
      (operations.get?.parameters ?? [])
        .filter((p) => p.in === 'query')
        .map((p) => ({ name: p.name, format: p.schema?.format })),
    ]),
  );
  fingerprint = await fingerprinter(testApp.database.db);
  baseline = await fingerprint();
});

afterAll(async () => {
  const byStatus = [...statusCounts].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
  console.log(`fuzz-queries: ${requests} requests sent (${byStatus.join(', ')})`);
  await testApp?.close();
});

function pathChoices(url: string): fc.Arbitrary<string> {
  const real = readIdOf(url, seed);
  if (real === undefined) return fc.constant(url);
  const id = fc.oneof(
    { weight: 4, arbitrary: fc.constant(real) },
    fc.uuid({ version: 4 }),
    fc.constantFrom(NIL_UUID, 'not-a-uuid', '%00', '%', '%zz', 'a'.repeat(500), real.toUpperCase()),
  );
  return id.map((value) => url.replace(':id', value));
}

describe('bad query strings on every read route', () => {
  it('finds the read routes in the router', () => {
    const reads = testApp.app.apiRoutes.filter((r) => r.method === 'GET');
    expect(reads.length).toBeGreaterThanOrEqual(30);
    for (const { url } of reads) expect(() => readIdOf(url, seed)).not.toThrow();
  });

  it('answers every generated query without a 500, a leak or a write', async () => {
    const problems: string[] = [];
    const reads = testApp.app.apiRoutes.filter((r) => r.method === 'GET');
    for (const [index, { url }] of reads.entries()) {
      const own = parametersOf(url).map((p) => p.name);
      const keys = [...new Set([...own, ...COMMON_KEYS])];
      await fc.assert(
        fc.asyncProperty(pathChoices(url), queryString(keys), async (path, query) => {
          const target = query ? `${path}?${query}` : path;
          const answer = await send(testApp, 'GET', target, { kind: 'none' }, admin.sessionCookie);
          requests += 1;
          statusCounts.set(answer.status, (statusCounts.get(answer.status) ?? 0) + 1);
          const found = problemsWith(answer);
          if (answer.status === 401 || answer.status === 403)
            found.push(`the admin got ${answer.status}`);
          const after = await fingerprint();
          const changed = fingerprintDiff(baseline, after);
          baseline = after;
          if (changed.length) found.push(`a read changed ${changed.join(', ')}`);
          problems.push(
            ...found.map(
              (p) =>
                `${p}\n    GET ${target.slice(0, 200)}\n    → ${answer.status} ${answer.text.slice(0, 300)}`,
            ),
          );
          return true;
        }),
        { numRuns: RUNS, seed: SEED + index },
      );
    }
    report(problems, `FUZZ_SEED=${SEED}`);
  }, 600_000);

  it('answers every date parameter at the ends of the calendar without a 500', async () => {
    // Month arithmetic at 9999-12-31 once stepped past the last four-digit year (a 500).
    const ends = ['1900-01-01', '1900-01-31', '9999-12-01', '9999-12-15', '9999-12-31'];
    const problems: string[] = [];
    const reads = testApp.app.apiRoutes.filter((r) => r.method === 'GET');
    let tried = 0;
    for (const { url } of reads) {
      const keys = parametersOf(url)
        .filter((p) => p.format === 'date')
        .map((p) => p.name);
      const path = url.replace(':id', readIdOf(url, seed) ?? ':id');
      const queries = keys.flatMap((key) => ends.map((day) => `${key}=${day}`));
      if (keys.includes('startDate') && keys.includes('endDate')) {
        queries.push(
          ...ends.flatMap((start) =>
            ends.filter((end) => end >= start).map((end) => `startDate=${start}&endDate=${end}`),
          ),
        );
      }
      for (const query of queries) {
        const answer = await send(
          testApp,
          'GET',
          `${path}?${query}`,
          { kind: 'none' },
          admin.sessionCookie,
        );
        tried += 1;
        problems.push(
          ...problemsWith(answer).map(
            (p) =>
              `${p}\n    GET ${path}?${query}\n    → ${answer.status} ${answer.text.slice(0, 300)}`,
          ),
        );
      }
    }
    expect(tried).toBeGreaterThan(200);
    report(problems, 'the ends of the calendar');
  }, 600_000);
});
