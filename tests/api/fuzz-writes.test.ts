import fc from 'fast-check';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import {
  adminUserCreateSchema,
  adminUserUpdateSchema,
  rolePermissionsSchema,
  roleSchema,
  roleUpdateSchema,
} from '../../src/domain/admin-schemas';
import { loginSchema, registerSchema } from '../../src/domain/auth-schemas';
import {
  breadReturnSchema,
  distributorSchema,
  distributorUpdateSchema,
  paymentSchema,
} from '../../src/domain/distributor-schemas';
import { inventoryItemSchema, inventoryItemUpdateSchema } from '../../src/domain/inventory-schemas';
import { notificationReadSchema } from '../../src/domain/notifications';
import { batchSchema, batchUpdateSchema } from '../../src/domain/production-schemas';
import { purchaseOrderSchema } from '../../src/domain/purchase-order-schemas';
import { recipeSchema, recipeUpdateSchema } from '../../src/domain/recipe-schemas';
import { saleSchema } from '../../src/domain/sales-schemas';
import { appSettingsSchema } from '../../src/domain/settings-schemas';
import { routeKey } from '../../src/server/auth/access';
import type { ApiClient } from '../support/api-client';
import {
  type Answer,
  applyMutation,
  describePayload,
  fieldErrorsOf,
  fingerprintDiff,
  fingerprinter,
  isJsonContentType,
  type JsonSchema,
  MALFORMED_JSON,
  MAX_UUID,
  mutationOf,
  NIL_UUID,
  type Payload,
  problemsWith,
  rawPayload,
  readIdOf,
  report,
  type Seed,
  seedBakery,
  send,
  WRONG_CONTENT_TYPES,
} from '../support/fuzz';
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

interface RouteFuzz {
  /** The route's body schema; checked against the one the router validates with. */
  body?: ZodType;
  /** Valid bodies, numbers drawn from the schema's limits. */
  valid?: (seed: Seed) => fc.Arbitrary<Record<string, unknown>>;
  /** A real record for `:id`. */
  id?: (seed: Seed) => string;
  /** Sent without the admin's session (sign-in, registration, sign-out). */
  signedOut?: boolean;
}

const text = (...values: string[]) => fc.constantFrom(...values);
const money = fc.constantFrom(0, 0.01, 1, 499.99, 1_000_000_000);
const counter = () => {
  let n = 0;
  return fc.constant(null).map(() => ++n);
};

/** Every write route, with what the fuzzer needs to build its bodies and ids. */
const WRITE_ROUTES: Record<string, RouteFuzz> = {
  'POST /api/auth/register': {
    body: registerSchema,
    signedOut: true,
    valid: () =>
      counter().map((n) => ({
        firstName: 'Fuzz',
        lastName: `Baker ${n}`,
        email: `fuzz${n}@bakery.ng`,
        username: `fuzz_${n}`,
        password: 'correct-horse-9',
      })),
  },
  'POST /api/auth/login': {
    body: loginSchema,
    signedOut: true,
    valid: (s) => fc.record({ username: text(s.adminUsername, 'nobody'), password: text('wrong') }),
  },
  'POST /api/auth/logout': { signedOut: true },

  'POST /api/admin/users': {
    body: adminUserCreateSchema,
    valid: (s) =>
      counter().map((n) => ({
        username: `fuzz_user_${n}`,
        email: `user${n}@bakery.ng`,
        password: 'secret-123',
        firstName: 'Ngozi',
        lastName: 'Okafor',
        isAdmin: false,
        isActive: true,
        roleId: s.roleId,
      })),
  },
  'PUT /api/admin/settings': {
    body: appSettingsSchema,
    // The letterhead's fields may be left out (the switch saves alone).
    valid: () =>
      fc.record(
        {
          allowSelfRegistration: fc.boolean(),
          bakeryName: fc.constantFrom('Golden Crust Bakery Ltd', 'Mama Put Breads'),
          bakeryAddress: fc.constant('14 Oba Akran Avenue, Ikeja'),
          bakeryPhone: fc.constantFrom('0803 555 0142', '+234 (803) 555-0142'),
        },
        { requiredKeys: ['allowSelfRegistration'] },
      ),
  },
  'POST /api/notifications/read': {
    body: notificationReadSchema,
    // Keys of notifications that do not hold are taken and ignored; only what holds is marked.
    valid: (s) =>
      fc.oneof(
        fc.constant({ all: true }),
        fc.record({ keys: fc.constant([`low_stock:${s.flourId}:never`, 'order_overdue:x:y']) }),
      ),
  },
  'PATCH /api/admin/users/:id': {
    body: adminUserUpdateSchema,
    id: (s) => s.userId,
    valid: (s) =>
      fc.record({
        username: text('fuzz_target'),
        email: text('target@bakery.ng'),
        password: text('secret-456'),
        firstName: text('Tunde'),
        lastName: text('Bakare'),
        isAdmin: fc.constant(false),
        isActive: fc.boolean(),
        roleId: fc.constantFrom(s.roleId, null, ''),
      }),
  },
  'DELETE /api/admin/users/:id': { id: (s) => s.userId },
  'POST /api/admin/roles': {
    body: roleSchema,
    valid: () =>
      counter().map((n) => ({
        name: `Fuzz role ${n}`,
        description: 'Made by the fuzzer',
        isActive: true,
      })),
  },
  'PATCH /api/admin/roles/:id': {
    body: roleUpdateSchema,
    id: (s) => s.roleId,
    valid: () =>
      fc.record({
        name: text('Target role'),
        description: text('Changed'),
        isActive: fc.boolean(),
      }),
  },
  'DELETE /api/admin/roles/:id': { id: (s) => s.roleId },
  'PUT /api/admin/roles/:id/permissions': {
    body: rolePermissionsSchema,
    id: (s) => s.roleId,
    valid: () =>
      fc.record({
        permissions: fc.constant([
          { module: 'inventory', canRead: true, canWrite: false, canDelete: false },
          { module: 'sales', canRead: true, canWrite: true, canDelete: false },
        ]),
      }),
  },

  'POST /api/inventory': {
    body: inventoryItemSchema,
    valid: () =>
      fc.record({
        name: text('Sugar', 'Salt'),
        category: text('ingredients', 'packaging'),
        currentStock: fc.constantFrom(0, 0.001, 1_000_000_000),
        unit: text('kg', 'g', '%'),
        minStock: fc.constantFrom(0, 1_000_000_000),
        unitCost: fc.constantFrom(0, 0.0001, 1_000_000_000),
        supplier: fc.constantFrom('Dangote', null),
      }),
  },
  'PATCH /api/inventory/:id': {
    body: inventoryItemUpdateSchema,
    id: (s) => s.itemId,
    valid: () =>
      fc.record({
        name: text('Margarine'),
        category: text('ingredients'),
        currentStock: fc.constantFrom(0, 12.5, 1_000_000_000),
        unit: text('kg'),
        minStock: fc.constantFrom(0, 1_000_000_000),
        unitCost: fc.constantFrom(0, 1_000_000_000),
        supplier: fc.constantFrom('Mills', null),
      }),
  },
  'DELETE /api/inventory/:id': { id: (s) => s.itemId },
  'POST /api/inventory/:id/unarchive': { id: (s) => s.itemId },

  'POST /api/purchase-orders': {
    body: purchaseOrderSchema,
    valid: (s) =>
      fc
        .record({
          orderNumber: counter().map((n) => `FZ-${n}`),
          supplier: text('Honeywell Mills'),
          status: text('pending', 'shipped', 'delivered', 'cancelled'),
          quantity: fc.constantFrom(0.001, 1, 1_000_000_000),
          totalCost: fc.constantFrom(0.01, 5000, 1_000_000_000_000),
          lines: fc.integer({ min: 1, max: 3 }),
          expectedDelivery: fc.constantFrom('2099-12-31', null, ''),
        })
        .map(({ quantity, totalCost, lines, ...order }) => ({
          ...order,
          items: Array.from({ length: lines }, () => ({
            itemId: s.flourId,
            quantity,
            totalCost,
            unitCost: 1,
          })),
          totalAmount: Math.round(totalCost * lines * 100) / 100,
          notes: 'Fuzz order',
        })),
  },
  'PATCH /api/purchase-orders/:id/receive': { id: (s) => s.orderId },
  'PATCH /api/purchase-orders/:id/ship': { id: (s) => s.orderId },
  'PATCH /api/purchase-orders/:id/cancel': { id: (s) => s.orderId },

  'POST /api/recipes': {
    body: recipeSchema,
    valid: (s) =>
      fc.record({
        name: counter().map((n) => `Fuzz loaf ${n}`),
        description: text('Soft', ''),
        baseFlourKg: fc.constantFrom(0.001, 1, 10_000),
        ingredients: fc.constantFrom(0.001, 1, 1_000_000).map((quantity) => [
          { itemId: s.flourId, quantity, unit: 'kg' },
          { itemId: s.yeastId, quantity, unit: 'g' },
        ]),
        instructions: text('Knead'),
        estimatedDuration: fc.constantFrom(1, 10_080, null),
      }),
  },
  'PATCH /api/recipes/:id': {
    body: recipeUpdateSchema,
    id: (s) => s.recipeId,
    valid: (s) =>
      fc.record({
        name: text('Agege Bread'),
        description: text('Soft'),
        baseFlourKg: fc.constantFrom(0.001, 1, 10_000),
        ingredients: fc
          .constantFrom(0.001, 1, 1_000_000)
          .map((quantity) => [{ itemId: s.flourId, quantity, unit: 'kg' }]),
        instructions: text('Knead'),
        estimatedDuration: fc.constantFrom(1, 10_080, null),
      }),
  },
  'DELETE /api/recipes/:id': { id: (s) => s.recipeId },
  'POST /api/recipes/:id/restore': { id: (s) => s.recipeId },

  'POST /api/production-batches': {
    body: batchSchema,
    valid: (s) =>
      fc.record({
        batchNumber: counter().map((n) => `FZB-${n}`),
        recipeId: fc.constantFrom(s.recipeId, s.giantRecipeId),
        recipeName: text('Whatever'),
        flourKg: fc.constantFrom(0.001, 1, 100_000),
        doughSizeGrams: fc.constantFrom(0, 100_000, null),
        status: text('planned', 'in_progress'),
        notes: text('Fuzz batch'),
      }),
  },
  'PATCH /api/production-batches/:id': {
    body: batchUpdateSchema,
    id: (s) => s.plannedBatchId,
    valid: () =>
      fc.oneof(
        fc.record({ status: fc.constant('in_progress'), startedAt: text('2026-01-01') }),
        fc.record({
          status: fc.constant('completed'),
          completedAt: text('2026-01-02T10:00:00+01:00'),
          loavesProduced: fc.constantFrom(1, 1_000_000),
        }),
        fc.record({ status: fc.constant('cancelled') }),
      ),
  },

  'POST /api/sales-transactions': {
    body: saleSchema,
    valid: (s) =>
      fc.record({
        distributorId: fc.constant(s.distributorId),
        recipeName: fc.constant(s.recipeName),
        loavesTaken: fc.constantFrom(1, 1_000_000),
        pricePerLoaf: money,
        amountPaid: money,
        notes: text('Fuzz sale'),
      }),
  },

  'POST /api/distributors': {
    body: distributorSchema,
    valid: () =>
      fc.record({
        name: text('Iya Basira'),
        address: text('4 Market Road, Oshodi'),
        phone: text('+234 (803) 123-4567', '0803 123 4567'),
      }),
  },
  'PATCH /api/distributors/:id': {
    body: distributorUpdateSchema,
    id: (s) => s.distributorId,
    valid: () =>
      fc.record({
        name: text('Mama Put'),
        address: text('1 Market Road'),
        phone: text('0803 123 4567'),
      }),
  },
  'DELETE /api/distributors/:id': { id: (s) => s.distributorId },
  'PATCH /api/distributors/:id/unarchive': { id: (s) => s.distributorId },
  'POST /api/distributor-payments': {
    body: paymentSchema,
    valid: (s) =>
      fc.record({
        distributorId: fc.constant(s.distributorId),
        amount: fc.constantFrom(0.01, 1_000_000_000),
        paymentMethod: text('cash', 'check'),
        description: text('Fuzz payment'),
      }),
  },
  'POST /api/bread-returns': {
    body: breadReturnSchema,
    valid: (s) =>
      fc.record({
        distributorId: fc.constant(s.distributorId),
        recipeName: fc.constant(s.recipeName),
        loavesReturned: fc.constantFrom(1, 1_000_000),
        pricePerLoaf: money,
        reason: text('spoiled', 'other'),
        notes: text('Fuzz return'),
      }),
  },
};

/** Ids that are not ids: as they appear in the URL (already encoded where they need to be). */
const BAD_IDS = [
  'not-a-uuid',
  '123',
  '-1',
  '0',
  '1e999',
  'NaN',
  'null',
  'undefined',
  'true',
  '%00',
  '%F0%9F%98%80',
  '%E2%80%AE',
  '%D9%85%D8%AE%D8%A8%D8%B2',
  '%',
  '%zz',
  '%ED%A0%80',
  '..%2F..%2Fetc',
  '%20',
  "'%20or%201=1--",
  '12345678-1234-1234-1234-123456789012',
  'a'.repeat(10_000),
  'a'.repeat(99),
] as const;

interface PathChoice {
  label: string;
  id: string;
  /** Names the real record: a valid request may then succeed. */
  real: boolean;
  /** A well-formed uuid, so the route is reached and the params pass validation. */
  wellFormed: boolean;
}

function pathChoices(realId: string | undefined): fc.Arbitrary<PathChoice> {
  if (realId === undefined)
    return fc.constant({ label: 'none', id: '', real: true, wellFormed: true });
  return fc.oneof(
    {
      weight: 5,
      arbitrary: fc.constant({ label: 'real id', id: realId, real: true, wellFormed: true }),
    },
    {
      weight: 1,
      arbitrary: fc.constant({
        label: 'real id upper case',
        id: realId.toUpperCase(),
        real: true,
        wellFormed: true,
      }),
    },
    {
      weight: 2,
      arbitrary: fc
        .oneof(fc.uuid({ version: 4 }), fc.constantFrom(NIL_UUID, MAX_UUID))
        .map((id) => ({ label: 'unknown id', id, real: false, wellFormed: true })),
    },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          fc.constantFrom(
            ...BAD_IDS,
            `${realId}x`,
            realId.slice(0, -1),
            `{${realId}}`,
            `${realId}%00`,
          ),
          fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }).map(encodeURIComponent),
        )
        .map((id) => ({ label: 'bad id', id, real: false, wellFormed: false })),
    },
  );
}

interface Case {
  path: PathChoice;
  payload: Payload;
}

/** Keys Fastify's JSON parser refuses outright (prototype poisoning). */
function poisoned(value: unknown, depth = 0): boolean {
  if (!value || typeof value !== 'object' || depth > 100) return false;
  const record = value as Record<string, unknown>;
  if (Object.hasOwn(record, '__proto__')) return true;
  const ctor = Object.hasOwn(record, 'constructor') ? record.constructor : undefined;
  if (ctor && typeof ctor === 'object' && Object.hasOwn(ctor, 'prototype')) return true;
  return Object.values(record).some((child) => poisoned(child, depth + 1));
}

/** The body the server will see, if it reads the payload as JSON (ok: false when it refuses it). */
function parsedBody(payload: Payload): { ok: true; value: unknown } | { ok: false } {
  if (payload.kind === 'none') return { ok: true, value: undefined };
  let value: unknown;
  if (payload.kind === 'json') {
    value = JSON.parse(JSON.stringify(payload.value) ?? 'null');
  } else {
    if (!isJsonContentType(payload.contentType) || payload.text.length > 1024 * 1024)
      return { ok: false };
    try {
      // Like Fastify's parser, a leading byte order mark is skipped.
      value = JSON.parse(payload.text.replace(/^\uFEFF/, ''));
    } catch {
      return { ok: false };
    }
  }
  return poisoned(value) ? { ok: false } : { ok: true, value };
}

/** Could the request succeed? Only with a real id and a body the route's schema accepts. */
function mayAccept(route: RouteFuzz, c: Case): boolean {
  if (!c.path.real) return false;
  const parsed = parsedBody(c.payload);
  if (!parsed.ok) return false;
  if (!route.body) return true; // the body is ignored
  return route.body.safeParse(parsed.value).success;
}

function caseArbitrary(route: RouteFuzz, seed: Seed): fc.Arbitrary<Case> {
  const path = pathChoices(route.id?.(seed));
  const valid = route.valid?.(seed);
  const schema = route.body ? jsonSchemaOf(route.body) : undefined;
  const payload: fc.Arbitrary<Payload> = valid
    ? fc.oneof(
        {
          weight: 6,
          arbitrary: valid.chain((body) =>
            fc.array(mutationOf(body, schema), { minLength: 1, maxLength: 3 }).map(
              (mutations): Payload => ({
                kind: 'json',
                value: mutations.reduce(applyMutation, body as unknown),
              }),
            ),
          ),
        },
        { weight: 2, arbitrary: valid.map((value): Payload => ({ kind: 'json', value })) },
        { weight: 2, arbitrary: valid.chain(rawPayload) },
      )
    : fc.oneof(
        fc.constant<Payload>({ kind: 'none' }),
        rawPayload({}),
        fc.jsonValue({ maxDepth: 2 }).map((value): Payload => ({ kind: 'json', value })),
      );
  const cases = fc.record({ path, payload });
  // A body-less route with a real id would really delete, receive or cancel: keep those
  // to payloads it must refuse, so the seeded records stay for the other cases.
  return route.body
    ? cases
    : cases.filter((c) => !(c.path.real && route.id && mayAccept(route, c)));
}

function jsonSchemaOf(body: ZodType): JsonSchema {
  const transform = jsonSchemaTransform as unknown as (input: unknown) => {
    schema: { body: JsonSchema };
  };
  return transform({ schema: { body }, url: '/', openapiObject: { openapi: '3.0.3' }, route: {} })
    .schema.body;
}

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

/** Sends one case and returns what is wrong with the answer and with the database after it. */
async function attack(method: string, url: string, route: RouteFuzz, c: Case): Promise<string[]> {
  const target = url.replace(':id', c.path.id);
  // Judged before sending, so that nothing can stop the database check after it.
  const allowed = mayAccept(route, c);
  const parsed = parsedBody(c.payload);
  // Where the route is reached and the body is JSON its schema refuses, the field errors must say why.
  const schemaRefuses =
    route.body !== undefined &&
    parsed.ok &&
    c.payload.kind === 'json' &&
    c.path.wellFormed &&
    !route.body.safeParse(parsed.value).success;
  const expectedStatus =
    c.payload.kind !== 'raw' || !c.path.wellFormed
      ? undefined
      : c.payload.label === 'body over 1 MiB'
        ? 413
        : c.payload.label === 'wrong content type' || c.payload.label === 'no content type'
          ? 415
          : undefined;

  const answer: Answer = await send(
    testApp,
    method,
    target,
    c.payload,
    route.signedOut ? undefined : admin.sessionCookie,
  );
  requests += 1;
  statusCounts.set(answer.status, (statusCounts.get(answer.status) ?? 0) + 1);
  const problems = problemsWith(answer);
  if (
    process.env.FUZZ_VERBOSE &&
    /be saved|form expected|not valid or out of range|missing|not allowed$/.test(answer.text)
  ) {
    console.log(
      `DB refusal: ${method} ${target.slice(0, 80)} ${describePayload(c.payload)} → ${answer.text}`,
    );
  }
  const accepted = answer.status < 400;
  if (accepted && !allowed) problems.push(`accepted (${answer.status}) a request it must refuse`);
  if (!route.signedOut && (answer.status === 401 || answer.status === 403)) {
    problems.push(`the admin got ${answer.status}`);
  }
  if (schemaRefuses) {
    if (answer.status !== 400)
      problems.push(`schema refuses the body but status is ${answer.status}`);
    else if (!Array.isArray(fieldErrorsOf(answer))) problems.push('400 without field errors');
  }
  if (expectedStatus && answer.status !== expectedStatus) {
    problems.push(`expected ${expectedStatus}, got ${answer.status}`);
  }
  const after = await fingerprint();
  const changed = fingerprintDiff(baseline, after);
  baseline = after;
  if (!accepted && changed.length)
    problems.push(`refused (${answer.status}) but changed ${changed.join(', ')}`);
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
    expect(reply.body).toEqual({ message: 'The address of the request is not valid' });
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
