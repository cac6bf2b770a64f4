import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeKey } from '../../src/domain/access';
import type { ApiClient } from '../support/api-client';
import {
  type Answer,
  describePayload,
  fieldErrorsOf,
  problemsWith,
  report,
  send,
} from '../support/fuzz/answers';
import {
  type Case,
  caseArbitrary,
  jsonSchemaOf,
  mayAccept,
  type PathChoice,
  parsedBody,
} from '../support/fuzz/cases';
import { fingerprintDiff, fingerprinter } from '../support/fuzz/database';
import { readIdOf, type Seed, seedBakery } from '../support/fuzz/seed';
import { MALFORMED_JSON, WRONG_CONTENT_TYPES } from '../support/fuzz/transport';
import { type RouteFuzz, WRITE_ROUTES } from '../support/fuzz/write-routes';
import { firstAdmin } from '../support/personas';
import { endsWithRollupsMatchingRecords } from '../support/rollups';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Bad input, property-based: every write route the router knows (POST, PUT,
 * PATCH, DELETE) gets wrong types, missing and extra fields, huge, negative and
 * NaN-like numbers, over-long and unicode strings, malformed JSON, wrong
 * content types and unknown or malformed ids.
 *
 * The generator is free to produce valid requests too (a valid body made of
 * boundary values and hostile but legal strings is where databases break), so
 * the rule is: a 2xx is allowed only when the route's own zod schema accepts
 * the body and the path names a real record; every other answer must be a 4xx
 * with a JSON `{ message, errors? }`, no stack trace, and no change to any
 * business table (checked after every request by a checksum of each table).
 *
 * FUZZ_RUNS sets the random cases per route (default 30); FUZZ_SEED replays a run.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2_147_483_647;

let testApp: TestApp;
let admin: ApiClient;
let seed: Seed;
let fingerprint: Awaited<ReturnType<typeof fingerprinter>>;
let baseline: Map<string, string>;
let openapi: {
  paths: Record<
    string,
    Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>
  >;
};
let requests = 0;
const statusCounts = new Map<number, number>();

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await firstAdmin(testApp);
  seed = await seedBakery(admin);
  const doc = await admin.get('/api/openapi.json');
  openapi = doc.body as typeof openapi;
  fingerprint = await fingerprinter(testApp.database.db);
  baseline = await fingerprint();
});

afterAll(async () => {
  const byStatus = [...statusCounts].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
  console.log(`fuzz-writes: ${requests} requests sent (${byStatus.join(', ')})`);
  await testApp?.close();
});

/** What a case may be answered with, judged before it is sent. */
function expectationsOf(route: RouteFuzz, c: Case) {
  const parsed = parsedBody(c.payload);
  // Where the route is reached and the body is JSON its schema refuses, the field errors must say why.
  const schemaRefuses =
    route.body !== undefined &&
    parsed.ok &&
    c.payload.kind === 'json' &&
    c.path.wellFormed &&
    !route.body.safeParse(parsed.value).success;
  return { allowed: mayAccept(route, c), schemaRefuses, status: rawPayloadStatus(c) };
}

/** The status a raw body must get: too large, or not JSON. */
function rawPayloadStatus(c: Case): number | undefined {
  if (c.payload.kind !== 'raw' || !c.path.wellFormed) return undefined;
  if (c.payload.label === 'body over 1 MiB') return 413;
  const notJson = c.payload.label === 'wrong content type' || c.payload.label === 'no content type';
  return notJson ? 415 : undefined;
}

/** What is wrong with the answer given what the case expected. */
function answerProblems(
  route: RouteFuzz,
  answer: Answer,
  expected: ReturnType<typeof expectationsOf>,
): string[] {
  const problems = problemsWith(answer);
  const accepted = answer.status < 400;
  if (accepted && !expected.allowed) {
    problems.push(`accepted (${answer.status}) a request it must refuse`);
  }
  if (!route.signedOut && (answer.status === 401 || answer.status === 403)) {
    problems.push(`the admin got ${answer.status}`);
  }
  if (expected.schemaRefuses && answer.status !== 400) {
    problems.push(`schema refuses the body but status is ${answer.status}`);
  } else if (expected.schemaRefuses && !Array.isArray(fieldErrorsOf(answer))) {
    problems.push('400 without field errors');
  }
  if (expected.status && answer.status !== expected.status) {
    problems.push(`expected ${expected.status}, got ${answer.status}`);
  }
  return problems;
}

/** Sends one case and returns what is wrong with the answer and with the database after it. */
async function attack(method: string, url: string, route: RouteFuzz, c: Case): Promise<string[]> {
  const target = url.replace(':id', c.path.id);
  // Judged before sending, so that nothing can stop the database check after it.
  const expected = expectationsOf(route, c);
  const answer: Answer = await send(
    testApp,
    method,
    target,
    c.payload,
    route.signedOut ? undefined : admin.sessionCookie,
  );
  requests += 1;
  statusCounts.set(answer.status, (statusCounts.get(answer.status) ?? 0) + 1);
  if (
    process.env.FUZZ_VERBOSE &&
    /be saved|form expected|not valid or out of range|missing|not allowed$/.test(answer.text)
  ) {
    console.log(
      `DB refusal: ${method} ${target.slice(0, 80)} ${describePayload(c.payload)} → ${answer.text}`,
    );
  }
  const problems = answerProblems(route, answer, expected);
  const after = await fingerprint();
  const changed = fingerprintDiff(baseline, after);
  baseline = after;
  if (answer.status >= 400 && changed.length) {
    problems.push(`refused (${answer.status}) but changed ${changed.join(', ')}`);
  }
  return problems.map(
    (p) =>
      `${p}\n    ${method} ${target.slice(0, 120)} (${c.path.label})\n    ${describePayload(c.payload)}\n    → ${answer.status} ${answer.text.slice(0, 300)}`,
  );
}

describe('defects the fuzzer found, pinned', () => {
  const unchanged = async (call: () => Promise<{ status: number; body: unknown }>) => {
    const before = await fingerprint();
    const reply = await call();
    expect(fingerprintDiff(before, await fingerprint())).toEqual([]);
    return reply;
  };

  it('names the same record with an id in capitals (it used to save, then answer 404)', async () => {
    const reply = await admin.patch(`/api/admin/roles/${seed.roleId.toUpperCase()}`, {
      description: 'Found by its id in capitals',
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      id: seed.roleId,
      description: 'Found by its id in capitals',
    });
  });

  it('refuses an order line whose unit cost no item could hold (it used to be a 500)', async () => {
    const reply = await unchanged(() =>
      admin.post('/api/purchase-orders', {
        supplier: 'Honeywell Mills',
        items: [{ itemId: seed.flourId, quantity: 0.001, totalCost: 1_000_000_000 }],
      }),
    );
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      errors: [
        {
          path: 'items.0.totalCost',
          message: 'Total cost ÷ quantity is too large for a unit cost',
        },
      ],
    });
  });

  it('refuses a batch that would take stock beyond what can be recorded, naming the item', async () => {
    const reply = await unchanged(() =>
      admin.post('/api/production-batches', { recipeId: seed.giantRecipeId, flourKg: 100_000 }),
    );
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      message: 'This would take the stock of Flour beyond what can be recorded (100 billion)',
      code: 'INVALID_INPUT',
    });
  });

  it('refuses NUL characters and lone surrogates in text per field (NUL was a 500, a lone surrogate saved as U+FFFD)', async () => {
    const item = await unchanged(() =>
      admin.post('/api/inventory', { name: 'Salt\u0000', category: 'ingredients', unit: 'kg' }),
    );
    expect(item.status).toBe(400);
    expect(item.body).toMatchObject({
      errors: [{ path: 'name', message: 'Item name contains a character that is not allowed' }],
    });
    const distributor = await unchanged(() =>
      admin.patch(`/api/distributors/${seed.distributorId}`, { address: 'Market \uD800 Road' }),
    );
    expect(distributor.status).toBe(400);
    expect(distributor.body).toMatchObject({ errors: [{ path: 'address' }] });
  });

  it('answers an address that is not valid percent-encoding with a plain JSON message', async () => {
    const reply = await unchanged(() => admin.patch('/api/distributors/%zz', { name: 'x' }));
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      message: 'The address of the request is not valid',
      code: 'INVALID_INPUT',
    });
  });
});

describe('bad input to every write route', () => {
  it('has a fuzz entry for every write route of the router, with the schema the router validates with', () => {
    const writes = testApp.app.apiRoutes.filter((r) => r.method !== 'GET');
    expect(writes.length).toBeGreaterThanOrEqual(30);
    const keys = writes.map((r) => routeKey(r.method, r.url));
    expect(keys.filter((key) => !WRITE_ROUTES[key])).toEqual([]);
    expect(Object.keys(WRITE_ROUTES).filter((key) => !keys.includes(key))).toEqual([]);
    for (const { method, url } of writes) {
      const route = WRITE_ROUTES[routeKey(method, url)] as RouteFuzz;
      const operation = openapi.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      expect(operation, `${method} ${url} in the API description`).toBeDefined();
      const routerSchema = operation?.requestBody?.content['application/json']?.schema;
      expect(routerSchema, `${method} ${url}: body schema`).toEqual(
        route.body ? jsonSchemaOf(route.body) : undefined,
      );
      expect(Boolean(route.id), `${method} ${url}: an id for :id`).toBe(url.includes(':id'));
      expect(Boolean(route.valid), `${method} ${url}: valid bodies`).toBe(Boolean(route.body));
    }
  });

  for (const [index, [key, route]] of Object.entries(WRITE_ROUTES).entries()) {
    const [method, url] = key.split(' ') as [string, string];

    it(`${key}: malformed JSON and wrong content types are refused`, async () => {
      const problems: string[] = [];
      baseline = await fingerprint();
      const body = route.valid ? fc.sample(route.valid(seed), { numRuns: 1 })[0] : {};
      const path: PathChoice = route.id
        ? { label: 'real id', id: route.id(seed), real: true, wellFormed: true }
        : { label: 'none', id: '', real: true, wellFormed: true };
      const cases: Case[] = [
        ...MALFORMED_JSON.map(
          (text): Case => ({
            path,
            payload: {
              kind: 'raw',
              contentType: 'application/json',
              text,
              label: 'malformed JSON',
            },
          }),
        ),
        ...WRONG_CONTENT_TYPES.map(
          (contentType): Case => ({
            path,
            payload: {
              kind: 'raw',
              contentType,
              text: JSON.stringify(body),
              label: 'wrong content type',
            },
          }),
        ),
      ];
      // Deeply nested but valid JSON would really delete or receive on a body-less route.
      for (const c of cases.filter((c) => route.body || !mayAccept(route, c))) {
        problems.push(...(await attack(method, url, route, c)));
      }
      report(problems);
    });

    it(`${key}: generated bad input is refused cleanly`, async () => {
      const problems: string[] = [];
      baseline = await fingerprint();
      await fc.assert(
        fc.asyncProperty(caseArbitrary(route, seed), async (c) => {
          const found = await attack(method, url, route, c);
          problems.push(...found);
          return true;
        }),
        { numRuns: RUNS, seed: SEED + index },
      );
      report(problems, `FUZZ_SEED=${SEED}`);
    }, 600_000);
  }
});

describe('after the attack', () => {
  it('still answers every read route, over whatever extreme data the valid cases left', async () => {
    const problems: string[] = [];
    // The largest records the schemas allow, whatever the random cases managed to save.
    const extremes: [string, Record<string, unknown>][] = [
      [
        '/api/inventory',
        {
          name: 'Gold leaf',
          category: 'supplies',
          unit: 'g',
          currentStock: 1_000_000_000,
          minStock: 1_000_000_000,
          unitCost: 1_000_000_000,
        },
      ],
      [
        '/api/purchase-orders',
        {
          supplier: 'Everything Ltd',
          status: 'delivered',
          items: Array.from({ length: 100 }, () => ({
            itemId: seed.itemId,
            quantity: 1,
            totalCost: 1_000_000_000,
          })),
        },
      ],
      [
        '/api/sales-transactions',
        {
          distributorId: seed.distributorId,
          recipeName: seed.recipeName,
          loavesTaken: 900_000,
          pricePerLoaf: 1_000_000_000,
          amountPaid: 1_000_000_000,
        },
      ],
      ['/api/distributor-payments', { distributorId: seed.distributorId, amount: 1_000_000_000 }],
      [
        '/api/bread-returns',
        {
          distributorId: seed.distributorId,
          recipeName: seed.recipeName,
          loavesReturned: 1000,
          pricePerLoaf: 1_000_000_000,
        },
      ],
    ];
    // The valid cases left some credit limit on the distributor: the extreme sale is on credit.
    await admin.patch(`/api/distributors/${seed.distributorId}/credit`, {
      creditLimit: null,
      paymentTermsDays: null,
    });
    requests += 1;
    for (const [url, body] of extremes) {
      const reply = await admin.post(url, body);
      requests += 1;
      if (reply.status !== 201) {
        problems.push(
          `a valid extreme refused: POST ${url} → ${reply.status} ${reply.body.message}`,
        );
      }
    }
    baseline = await fingerprint();
    for (const { method, url } of testApp.app.apiRoutes.filter((r) => r.method === 'GET')) {
      const id = readIdOf(url, seed);
      const target = id ? url.replace(':id', id) : url;
      const answer = await send(testApp, method, target, { kind: 'none' }, admin.sessionCookie);
      requests += 1;
      problems.push(
        ...problemsWith(answer).map((p) => `${p}: GET ${target} → ${answer.text.slice(0, 200)}`),
      );
    }
    expect(fingerprintDiff(baseline, await fingerprint())).toEqual([]);
    report(problems);
  });
});

endsWithRollupsMatchingRecords(() => testApp.database.db);
