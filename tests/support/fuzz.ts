import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect } from 'vitest';
import type { Database } from '../../src/server/db/connection';
import type { ApiClient } from './api-client';
import type { TestApp } from './test-app';

/**
 * Tools for the bad-input fuzz tests (tests/api/fuzz-*.test.ts): hostile values,
 * mutations of a valid body guided by the route's JSON schema, raw transport
 * abuse (malformed JSON, wrong content types), the checks every answer must
 * pass, and a fingerprint of the business tables to prove a refusal wrote nothing.
 */

// ---------------------------------------------------------------- values

export const NIL_UUID = '00000000-0000-0000-0000-000000000000';
export const MAX_UUID = 'ffffffff-ffff-ffff-ffff-ffffffffffff';

/** Strings that break naive parsers, encoders and databases. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\uDBFF\uDBFF',
  '\u202Eevil\u202C',
  'مخبز الخبز',
  '面包店',
  '😀🍞🥖',
  '👨‍👩‍👧‍👦',
  'e\u0301\u0301\u0301',
  '\u200B\u200D\uFEFF',
  '\u0085\u2028\u2029',
  '\r\n\t\v\f\b',
  '\u001B[31mred',
  '\\',
  '%',
  '%00',
  '_%',
  "'; drop table users; --",
  '" or 1=1 --',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, meant literally.
  '${7*7}{{7*7}}',
  '../../etc/passwd',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
] as const;

/** Numbers as strings, and numbers JavaScript and PostgreSQL read differently. */
export const NAN_LIKE = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '-1e999',
  '1e308',
  '0x1F',
  '0b11',
  '1_000',
  '١٢٣',
  '  5 ',
  '5abc',
  '-0',
  '0',
  '1,5',
  '１２３',
] as const;

export const EXTREME_NUMBERS = [
  1e308,
  -1e308,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER,
  2 ** 31,
  -(2 ** 31) - 1,
  1e21,
  1e15,
  1e12,
  999_999_999_999.99,
  1e9 + 0.001,
  1e9,
  1e6 + 1,
  -0,
  -1,
  -0.01,
  0,
  1e-7,
  0.0001,
  0.001,
  0.005,
  0.01,
  0.1 + 0.2,
  123.4567,
  1.5,
] as const;

export const DATE_LIKE = [
  '2026-02-30',
  '2025-02-29',
  '2024-02-29',
  '2026-13-01',
  '0000-00-00',
  '0001-01-01',
  '9999-12-31',
  '-000001-01-01',
  '+275760-09-13',
  '1969-12-31',
  '2026-1-1',
  '2026-01-01T25:00:00Z',
  '2026-01-01T00:00:00',
  '2026-01-01T00:00:00+14:00',
  '2026-01-01T00:00:00-23:59',
  '2026-01-01T00:00:00.123456789Z',
  '1970-01-01T00:00:00Z',
  '2999-12-31T23:59:59Z',
  '9999-12-31T23:59:59Z',
  'today',
  'yesterday',
] as const;

const deepNested = (depth: number): unknown => {
  let value: unknown = { end: true };
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

export const WRONG_TYPES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  1,
  -1,
  '',
  'abc',
  [],
  {},
  [null],
  [1, 2, 3],
  { a: 1 },
  { $gt: '' },
  deepNested(64),
  Array.from({ length: 5000 }, (_, i) => i),
];

export const LONG_STRINGS = [
  'a'.repeat(10_000),
  '😀'.repeat(5_000),
  ' '.repeat(10_000),
  '\u0000'.repeat(1_000),
  'é'.repeat(10_000),
] as const;

/** A string of about `length` UTF-16 units made of one hostile character. */
const ofLength = (unit: string, length: number) =>
  unit.repeat(Math.max(0, Math.ceil(length / unit.length)));

const hostileString = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.constantFrom(...LONG_STRINGS),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
);

/** Any value a careless or hostile client might put where a field belongs. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...WRONG_TYPES),
  fc.constantFrom(...EXTREME_NUMBERS),
  fc.double(),
  fc.integer(),
  fc.constantFrom(...NAN_LIKE),
  hostileString,
  fc.constantFrom(...DATE_LIKE),
  fc.constantFrom(NIL_UUID, MAX_UUID, 'not-a-uuid', '12345678-1234-1234-1234-123456789012'),
  fc.uuid({ version: 4 }),
  fc.jsonValue({ maxDepth: 2 }),
);

// ---------------------------------------------------------------- JSON schema

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
};

const branches = (schema: JsonSchema): JsonSchema[] => [
  schema,
  ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap(branches),
];

/** Every schema that may apply at `path` (all branches of unions). */
export function schemasAt(schema: JsonSchema | undefined, path: readonly PathKey[]): JsonSchema[] {
  if (!schema) return [];
  let current = branches(schema);
  for (const key of path) {
    current = current.flatMap((s) => {
      if (typeof key === 'number') return s.items ? branches(s.items) : [];
      const child = s.properties?.[key];
      return child ? branches(child) : [];
    });
  }
  return current;
}

/** Values at and just beyond the limits the schema states for a field. */
export function boundaryValues(schemas: readonly JsonSchema[]): unknown[] {
  const out: unknown[] = [];
  for (const s of schemas) {
    if (s.enum) out.push(...s.enum, `${String(s.enum[0])} `, String(s.enum[0]).toUpperCase());
    for (const bound of [s.minimum, s.maximum, s.exclusiveMinimum, s.exclusiveMaximum]) {
      if (typeof bound === 'number') {
        out.push(bound, bound - 1, bound + 1, bound - 0.001, bound + 0.001, -bound, bound * 1000);
      }
    }
    if (s.type === 'integer') out.push(1.5, 2 ** 31, 2 ** 53);
    if (typeof s.maxLength === 'number') {
      const max = s.maxLength;
      out.push(
        'x'.repeat(max),
        'x'.repeat(max + 1),
        ofLength('😀', max),
        ofLength('é', max),
        `${'x'.repeat(Math.max(0, max - 1))}\u0000`,
        ` ${'x'.repeat(max)} `,
      );
    }
    if (typeof s.minLength === 'number' && s.minLength > 0) {
      out.push('x'.repeat(s.minLength - 1), ' '.repeat(s.minLength + 2));
    }
    if (typeof s.maxItems === 'number')
      out.push(Array.from({ length: s.maxItems + 1 }, () => ({})));
    if (s.format === 'date' || s.format === 'date-time') out.push(...DATE_LIKE);
    if (s.format === 'uuid') out.push(NIL_UUID, MAX_UUID, randomUUID(), randomUUID().toUpperCase());
  }
  return out;
}

// ---------------------------------------------------------------- mutations

export type PathKey = string | number;
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Paths of every node of a JSON value (the root is []). */
export function pathsOf(value: unknown, prefix: PathKey[] = []): PathKey[][] {
  const out: PathKey[][] = [prefix];
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) out.push(...pathsOf(v, [...prefix, i]));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v, [...prefix, k]));
  }
  return out;
}

/** Property paths the schema names that the body does not carry (optional fields left out). */
function schemaPaths(schema: JsonSchema | undefined, prefix: PathKey[] = []): PathKey[][] {
  if (!schema || prefix.length > 3) return [];
  const out: PathKey[][] = [];
  for (const s of branches(schema)) {
    for (const [key, child] of Object.entries(s.properties ?? {})) {
      out.push([...prefix, key], ...schemaPaths(child, [...prefix, key]));
    }
    if (s.items) out.push(...schemaPaths(s.items, [...prefix, 0]));
  }
  return out;
}

const clone = <T>(value: T): T => structuredClone(value);

function parentOf(root: unknown, path: readonly PathKey[]): Record<PathKey, unknown> | undefined {
  const node = getAt(root, path.slice(0, -1));
  return node !== null && typeof node === 'object' ? (node as Record<PathKey, unknown>) : undefined;
}

export type Mutation =
  | { op: 'drop'; path: PathKey[] }
  | { op: 'set'; path: PathKey[]; value: unknown }
  | { op: 'append'; path: PathKey[]; suffix: string }
  | { op: 'extra'; path: PathKey[]; key: string; value: unknown }
  | { op: 'root'; value: unknown };

export function applyMutation(body: unknown, mutation: Mutation): unknown {
  if (mutation.op === 'root') return clone(mutation.value);
  const root = clone(body);
  if (mutation.op === 'extra') {
    const target = mutation.path.length === 0 ? root : getAt(root, mutation.path);
    if (target && typeof target === 'object' && !Array.isArray(target)) {
      // defineProperty, so "__proto__" becomes a key of the JSON, not a prototype.
      Object.defineProperty(target, mutation.key, {
        value: clone(mutation.value),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return root;
  }
  if (mutation.path.length === 0) return root;
  const parent = parentOf(root, mutation.path);
  const key = mutation.path[mutation.path.length - 1] as PathKey;
  if (!parent) return root;
  if (mutation.op === 'drop') {
    if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else delete parent[key];
  } else if (mutation.op === 'set') {
    parent[key] = clone(mutation.value);
  } else if (mutation.op === 'append') {
    parent[key] = `${typeof parent[key] === 'string' ? parent[key] : ''}${mutation.suffix}`;
  }
  return root;
}

function getAt(root: unknown, path: readonly PathKey[]): unknown {
  let node: unknown = root;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<PathKey, unknown>)[key];
  }
  return node;
}

const EXTRA_KEYS = [
  'id',
  'isAdmin',
  'userId',
  'createdAt',
  'deletedAt',
  '__proto__',
  'constructor',
  'prototype',
  '',
  ' name',
  'NAME',
] as const;

/** One mutation of `body`, guided by the route's JSON schema for boundary values. */
export function mutationOf(body: unknown, schema: JsonSchema | undefined): fc.Arbitrary<Mutation> {
  const present = pathsOf(body).filter((p) => p.length > 0);
  const absent = schemaPaths(schema).filter(
    (p) => !present.some((q) => q.join('\u0001') === p.join('\u0001')),
  );
  const all = [...present, ...absent];
  const objects = pathsOf(body).filter((p) => {
    const node = getAt(body, p);
    return node !== null && typeof node === 'object' && !Array.isArray(node);
  });
  const strings = present.filter((p) => typeof getAt(body, p) === 'string');
  const arbs: fc.Arbitrary<Mutation>[] = [
    fc.record({ op: fc.constant('root' as const), value: hostileValue }),
  ];
  if (present.length) {
    arbs.push(fc.record({ op: fc.constant('drop' as const), path: fc.constantFrom(...present) }));
  }
  if (all.length) {
    arbs.push(
      fc.record({
        op: fc.constant('set' as const),
        path: fc.constantFrom(...all),
        value: hostileValue,
      }),
      fc.constantFrom(...all).chain((path) => {
        const limits = boundaryValues(schemasAt(schema, path));
        return limits.length
          ? fc.record({
              op: fc.constant('set' as const),
              path: fc.constant(path),
              value: fc.constantFrom(...limits),
            })
          : fc.record({
              op: fc.constant('set' as const),
              path: fc.constant(path),
              value: hostileValue,
            });
      }),
    );
  }
  if (strings.length) {
    arbs.push(
      fc.record({
        op: fc.constant('append' as const),
        path: fc.constantFrom(...strings),
        suffix: fc.oneof(
          fc.constantFrom(...NASTY_STRINGS),
          fc.string({ unit: 'binary', maxLength: 8 }),
        ),
      }),
    );
  }
  if (objects.length) {
    arbs.push(
      fc.record({
        op: fc.constant('extra' as const),
        path: fc.constantFrom(...objects),
        key: fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 10 })),
        value: hostileValue,
      }),
    );
  }
  return fc.oneof(...arbs);
}

// ---------------------------------------------------------------- transport

/** What goes on the wire: a JSON value, or raw text under a chosen content type. */
export type Payload =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; contentType: string | undefined; text: string; label: string };

export const MALFORMED_JSON = [
  '{',
  '}',
  '[',
  '{"a":',
  '{"a":1,}',
  '[1,]',
  "{'a':1}",
  '{a:1}',
  'nul',
  'NaN',
  'undefined',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":-}',
  '{"a":01}',
  '{"a":.5}',
  '{"a":"\\x41"}',
  '{"a":"\\u12"}',
  '{"a":"line\nbreak"}',
  '\u0000',
  '\uFEFF{',
  '{"a":1}{"b":2}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '/* comment */ {}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
] as const;

/** Content types the API does not speak (it speaks JSON only). */
export const WRONG_CONTENT_TYPES = [
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----fuzz',
  'application/xml',
  'text/xml',
  'application/octet-stream',
  'text/json',
  'application/jsonx',
  'application/vnd.api+json',
  'image/png',
  'text/html',
] as const;

/** Content types Fastify reads as JSON. */
export const isJsonContentType = (contentType: string | undefined) =>
  contentType !== undefined && /^\s*application\/json\s*(;.*)?$/i.test(contentType);

export const formEncode = (value: unknown) =>
  value && typeof value === 'object'
    ? new URLSearchParams(
        Object.entries(value).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
      ).toString()
    : String(value);

export const multipartOf = (value: unknown) => {
  const entries = value && typeof value === 'object' ? Object.entries(value) : [['body', value]];
  return `${entries
    .map(
      ([k, v]) =>
        `------fuzz\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${typeof v === 'string' ? v : JSON.stringify(v)}\r\n`,
    )
    .join('')}------fuzz--\r\n`;
};

/** Raw payloads: malformed JSON, empty bodies, wrong content types, a body too large. */
export function rawPayload(valid: unknown): fc.Arbitrary<Payload> {
  const validText = JSON.stringify(valid ?? {});
  return fc.oneof(
    fc.constantFrom(...MALFORMED_JSON).map(
      (text): Payload => ({
        kind: 'raw',
        contentType: 'application/json',
        text,
        label: 'malformed JSON',
      }),
    ),
    fc.string({ unit: 'binary', maxLength: 50 }).map(
      (text): Payload => ({
        kind: 'raw',
        contentType: 'application/json',
        text,
        label: 'random text as JSON',
      }),
    ),
    // A valid body cut short.
    fc.nat({ max: Math.max(0, validText.length - 1) }).map(
      (n): Payload => ({
        kind: 'raw',
        contentType: 'application/json',
        text: validText.slice(0, n),
        label: 'truncated JSON',
      }),
    ),
    fc.constantFrom('', ' ', '\n').map(
      (text): Payload => ({
        kind: 'raw',
        contentType: 'application/json',
        text,
        label: 'empty JSON body',
      }),
    ),
    fc.constantFrom(...WRONG_CONTENT_TYPES).map(
      (contentType): Payload => ({
        kind: 'raw',
        contentType,
        text: contentType.startsWith('multipart')
          ? multipartOf(valid)
          : contentType.includes('urlencoded')
            ? formEncode(valid)
            : validText,
        label: 'wrong content type',
      }),
    ),
    fc.constant<Payload>({
      kind: 'raw',
      contentType: undefined,
      text: validText,
      label: 'no content type',
    }),
    fc.constant<Payload>({
      kind: 'raw',
      contentType: 'application/json',
      text: JSON.stringify({ padding: 'x'.repeat(1_100_000) }),
      label: 'body over 1 MiB',
    }),
  );
}

// ---------------------------------------------------------------- the database

type Fingerprint = Map<string, string>;

/**
 * Tables a refused call may still write: sessions, sign-in throttling and the
 * audit trail (which records refused writes too), not business data.
 */
const UNFINGERPRINTED = new Set(['sessions', 'login_attempts', 'audit_events']);

async function rowsOf<T>(db: Database, query: ReturnType<typeof sql.raw>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Row count and checksum of every business table, in one round trip. */
export async function fingerprinter(db: Database): Promise<() => Promise<Fingerprint>> {
  const tables = (
    await rowsOf<{ name: string }>(
      db,
      sql.raw(
        `select table_name as name from information_schema.tables
         where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
      ),
    )
  )
    .map((t) => t.name)
    .filter((name) => !UNFINGERPRINTED.has(name));
  if (tables.length < 10) throw new Error(`only ${tables.length} tables found`);
  const query = sql.raw(
    tables
      .map(
        (name) =>
          // An order-free checksum of every row's text: no sort, so it stays cheap as rows pile up.
          `select '${name}' as name, count(*)::text || ':' || coalesce(sum(hashtext(t::text)::bigint), 0)::text as sum from "${name}" t`,
      )
      .join(' union all '),
  );
  return async () =>
    new Map((await rowsOf<{ name: string; sum: string }>(db, query)).map((r) => [r.name, r.sum]));
}

export function fingerprintDiff(before: Fingerprint, after: Fingerprint): string[] {
  return [...after].filter(([name, sum]) => before.get(name) !== sum).map(([name]) => name);
}

// ---------------------------------------------------------------- sending and checking

export interface Answer {
  status: number;
  text: string;
  contentType: string;
}

/** Sends one request with `app.inject`, as the admin (cookie) or as nobody. */
export async function send(
  testApp: TestApp,
  method: string,
  url: string,
  payload: Payload,
  cookie: string | undefined,
): Promise<Answer> {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  let body: string | undefined;
  if (payload.kind === 'json') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(payload.value) ?? 'null';
  } else if (payload.kind === 'raw') {
    if (payload.contentType !== undefined) headers['content-type'] = payload.contentType;
    body = payload.text;
  }
  const response = await testApp.app.inject({
    method: method as 'POST',
    url,
    headers,
    ...(body === undefined ? {} : { payload: body }),
  });
  return {
    status: response.statusCode,
    text: response.body,
    contentType: String(response.headers['content-type'] ?? ''),
  };
}

/** What no error answer may contain: stack frames, file paths, database internals. */
const LEAKS: [RegExp, string][] = [
  [/\bat [\w.<>$]+ \(|\bat (file:|node:|\/)/, 'a stack frame'],
  [/\/work\/|\/src\/|node_modules|\.(ts|js|mjs):\d+/, 'a file path'],
  [/\b(Type|Reference|Syntax|Range)?Error:/, 'an error class'],
  [/"stack"|"code"\s*:|"statusCode"/, 'error internals'],
  [
    /violates|constraint "|relation "|column "|syntax error at|invalid input (syntax|value)|SQLSTATE|duplicate key|out of range for type|invalid byte sequence|unsupported Unicode|drizzle|Failed query/i,
    'database internals',
  ],
];

/** Everything wrong with one answer, as readable lines (empty when it is fine). */
export function problemsWith(answer: Answer): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`status ${answer.status}`);
  // A success echoes what was sent, hostile text included; only errors are searched for leaks.
  if (answer.status < 400) return problems;
  for (const [pattern, what] of LEAKS) {
    if (pattern.test(answer.text)) problems.push(`${what} in the body`);
  }
  if (!answer.contentType.startsWith('application/json')) {
    problems.push(`error answered as ${answer.contentType || 'no content type'}`);
    return problems;
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    problems.push('error body is not JSON');
    return problems;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    problems.push('error body is not an object');
    return problems;
  }
  const { message, errors, ...rest } = body as Record<string, unknown>;
  if (typeof message !== 'string' || message.trim() === '') problems.push('no string message');
  if (Object.keys(rest).length) problems.push(`unexpected keys ${Object.keys(rest).join(', ')}`);
  if (errors !== undefined) {
    const wellShaped =
      Array.isArray(errors) &&
      errors.length > 0 &&
      errors.every(
        (e) =>
          e &&
          typeof e === 'object' &&
          typeof (e as Record<string, unknown>).path === 'string' &&
          typeof (e as Record<string, unknown>).message === 'string' &&
          Object.keys(e).length === 2,
      );
    if (!wellShaped) problems.push('errors is not [{ path, message }]');
  }
  return problems;
}

/**
 * Fails with the problems found, the first ten in full (a diff of arrays would
 * cut them short); FUZZ_REPORT=<file> appends every one of them to that file.
 */
export function report(problems: string[], replay = '') {
  const unique = [...new Set(problems)];
  if (process.env.FUZZ_REPORT) {
    appendFileSync(process.env.FUZZ_REPORT, unique.map((p) => `${p}\n`).join(''));
  }
  expect(unique.length, `${replay}\n${unique.slice(0, 10).join('\n\n')}`).toBe(0);
}

/** The `errors` list of a 400 answer, or undefined. */
export function fieldErrorsOf(answer: Answer): unknown {
  try {
    return (JSON.parse(answer.text) as { errors?: unknown }).errors;
  } catch {
    return undefined;
  }
}

/** A short, printable description of a payload for failure reports. */
export function describePayload(payload: Payload): string {
  const cut = (s: string) => (s.length > 300 ? `${s.slice(0, 300)}… (${s.length} chars)` : s);
  if (payload.kind === 'none') return 'no body';
  if (payload.kind === 'json') return `JSON ${cut(JSON.stringify(payload.value) ?? 'undefined')}`;
  return `${payload.label} [${payload.contentType ?? 'none'}] ${cut(JSON.stringify(payload.text))}`;
}

// ---------------------------------------------------------------- seeded records

/** Real records for ids and references: every kind a write route can name. */
export interface Seed {
  adminUsername: string;
  flourId: string;
  yeastId: string;
  itemId: string;
  recipeId: string;
  giantRecipeId: string;
  recipeName: string;
  plannedBatchId: string;
  distributorId: string;
  orderId: string;
  userId: string;
  roleId: string;
}

async function created(reply: Promise<{ status: number; body: Record<string, unknown> }>) {
  const { status, body } = await reply;
  if (status !== 201 && status !== 200) throw new Error(`seed: ${status} ${JSON.stringify(body)}`);
  return body as { id: string } & Record<string, unknown>;
}

/** Which seeded record a read route's `:id` names, by the route's first segment. */
const READ_ID_OF: Record<string, (seed: Seed) => string> = {
  inventory: (s) => s.flourId,
  'production-batches': (s) => s.plannedBatchId,
  distributors: (s) => s.distributorId,
  recipes: (s) => s.recipeId,
  'purchase-orders': (s) => s.orderId,
  admin: (s) => s.userId,
};

/** The seeded id for a route's `:id` (undefined without one); throws for a route it cannot serve. */
export function readIdOf(url: string, seed: Seed): string | undefined {
  if (!url.includes(':id')) return undefined;
  const id = READ_ID_OF[url.split('/')[2] ?? '']?.(seed);
  if (!id) throw new Error(`no seeded id for ${url}: add it to READ_ID_OF`);
  return id;
}

/** Creates a little of everything through the API, as the admin. */
export async function seedBakery(admin: ApiClient): Promise<Seed> {
  const flour = await created(
    admin.post('/api/inventory', {
      name: 'Flour',
      category: 'ingredients',
      unit: 'kg',
      currentStock: 1000,
      minStock: 10,
      unitCost: 500,
    }),
  );
  const yeast = await created(
    admin.post('/api/inventory', {
      name: 'Yeast',
      category: 'ingredients',
      unit: 'g',
      currentStock: 5000,
      unitCost: 2,
    }),
  );
  const item = await created(
    admin.post('/api/inventory', { name: 'Bags', category: 'packaging', unit: 'units' }),
  );
  const recipe = await created(
    admin.post('/api/recipes', {
      name: 'Agege Bread',
      ingredients: [
        { itemId: flour.id, quantity: 1, unit: 'kg' },
        { itemId: yeast.id, quantity: 20, unit: 'g' },
      ],
    }),
  );
  // The largest recipe the schema allows per the smallest base: scaling it is where numbers overflow.
  const giant = await created(
    admin.post('/api/recipes', {
      name: 'Giant Loaf',
      baseFlourKg: 0.001,
      ingredients: [{ itemId: flour.id, quantity: 1_000_000, unit: 'kg' }],
    }),
  );
  const baked = await created(
    admin.post('/api/production-batches', {
      recipeId: recipe.id,
      flourKg: 1,
      status: 'in_progress',
    }),
  );
  await created(
    admin.patch(`/api/production-batches/${baked.id}`, {
      status: 'completed',
      loavesProduced: 1_000_000,
    }),
  );
  const planned = await created(
    admin.post('/api/production-batches', { recipeId: recipe.id, flourKg: 1 }),
  );
  const distributor = await created(
    admin.post('/api/distributors', {
      name: 'Mama Put',
      address: '1 Market Road',
      phone: '0803 123 4567',
    }),
  );
  await created(
    admin.post('/api/sales-transactions', {
      distributorId: distributor.id,
      recipeName: 'Agege Bread',
      loavesTaken: 10,
      pricePerLoaf: 500,
      amountPaid: 1000,
    }),
  );
  await created(
    admin.post('/api/distributor-payments', { distributorId: distributor.id, amount: 2000 }),
  );
  await created(
    admin.post('/api/bread-returns', {
      distributorId: distributor.id,
      recipeName: 'Agege Bread',
      loavesReturned: 2,
      pricePerLoaf: 500,
    }),
  );
  const order = await created(
    admin.post('/api/purchase-orders', {
      supplier: 'Honeywell Mills',
      items: [{ itemId: flour.id, quantity: 10, totalCost: 5000 }],
    }),
  );
  const role = await created(admin.post('/api/admin/roles', { name: 'Fuzz target role' }));
  const user = await created(
    admin.post('/api/admin/users', {
      username: 'fuzz_target_user',
      email: 'target@bakery.ng',
      password: 'secret-123',
      firstName: 'Target',
      lastName: 'User',
      roleId: role.id,
    }),
  );
  return {
    adminUsername: 'baker_admin',
    flourId: flour.id,
    yeastId: yeast.id,
    itemId: item.id,
    recipeId: recipe.id,
    giantRecipeId: giant.id,
    recipeName: 'Agege Bread',
    plannedBatchId: planned.id,
    distributorId: distributor.id,
    orderId: order.id,
    userId: user.id,
    roleId: role.id,
  };
}

export type { Json, JsonSchema };
