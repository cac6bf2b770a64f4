import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { DATE_LIKE, hostileValue, MAX_UUID, NASTY_STRINGS, NIL_UUID, ofLength } from './values';

/** Mutations of a valid body, guided by the route's JSON schema (limits, unions, optional fields). */
export type JsonSchema = {
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

function enumLimits(s: JsonSchema): unknown[] {
  if (!s.enum) return [];
  return [...s.enum, `${String(s.enum[0])} `, String(s.enum[0]).toUpperCase()];
}

function numberLimits(s: JsonSchema): unknown[] {
  const out: unknown[] = [];
  for (const bound of [s.minimum, s.maximum, s.exclusiveMinimum, s.exclusiveMaximum]) {
    if (typeof bound === 'number') {
      out.push(bound, bound - 1, bound + 1, bound - 0.001, bound + 0.001, -bound, bound * 1000);
    }
  }
  if (s.type === 'integer') out.push(1.5, 2 ** 31, 2 ** 53);
  return out;
}

function lengthLimits(s: JsonSchema): unknown[] {
  const out: unknown[] = [];
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
  if (typeof s.maxItems === 'number') out.push(Array.from({ length: s.maxItems + 1 }, () => ({})));
  return out;
}

function formatLimits(s: JsonSchema): unknown[] {
  if (s.format === 'date' || s.format === 'date-time') return [...DATE_LIKE];
  if (s.format === 'uuid') return [NIL_UUID, MAX_UUID, randomUUID(), randomUUID().toUpperCase()];
  return [];
}

/** Values at and just beyond the limits the schema states for a field. */
export function boundaryValues(schemas: readonly JsonSchema[]): unknown[] {
  return schemas.flatMap((s) => [
    ...enumLimits(s),
    ...numberLimits(s),
    ...lengthLimits(s),
    ...formatLimits(s),
  ]);
}

export type PathKey = string | number;

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

/** defineProperty, so "__proto__" becomes a key of the JSON, not a prototype. */
function addExtraField(root: unknown, mutation: Extract<Mutation, { op: 'extra' }>): void {
  const target = mutation.path.length === 0 ? root : getAt(root, mutation.path);
  if (!target || typeof target !== 'object' || Array.isArray(target)) return;
  Object.defineProperty(target, mutation.key, {
    value: clone(mutation.value),
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

function changeField(root: unknown, mutation: Exclude<Mutation, { op: 'extra' | 'root' }>): void {
  if (mutation.path.length === 0) return;
  const parent = parentOf(root, mutation.path);
  const key = mutation.path[mutation.path.length - 1] as PathKey;
  if (!parent) return;
  if (mutation.op === 'drop') {
    if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else delete parent[key];
  } else if (mutation.op === 'set') {
    parent[key] = clone(mutation.value);
  } else {
    parent[key] = `${typeof parent[key] === 'string' ? parent[key] : ''}${mutation.suffix}`;
  }
}

export function applyMutation(body: unknown, mutation: Mutation): unknown {
  if (mutation.op === 'root') return clone(mutation.value);
  const root = clone(body);
  if (mutation.op === 'extra') addExtraField(root, mutation);
  else changeField(root, mutation);
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
