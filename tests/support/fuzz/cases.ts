import fc from 'fast-check';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { applyMutation, type JsonSchema, mutationOf } from './mutations';
import type { Seed } from './seed';
import { isJsonContentType, type Payload, rawPayload } from './transport';
import { MAX_UUID, NIL_UUID } from './values';
import type { RouteFuzz } from './write-routes';

/** One fuzz case of a write route (a path and a payload), and whether the route may accept it. */
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

export interface PathChoice {
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

export interface Case {
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
export function parsedBody(payload: Payload): { ok: true; value: unknown } | { ok: false } {
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
export function mayAccept(route: RouteFuzz, c: Case): boolean {
  if (!c.path.real) return false;
  const parsed = parsedBody(c.payload);
  if (!parsed.ok) return false;
  if (!route.body) return true; // the body is ignored
  return route.body.safeParse(parsed.value).success;
}

export function caseArbitrary(route: RouteFuzz, seed: Seed): fc.Arbitrary<Case> {
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

export function jsonSchemaOf(body: ZodType): JsonSchema {
  const transform = jsonSchemaTransform as unknown as (input: unknown) => {
    schema: { body: JsonSchema };
  };
  return transform({ schema: { body }, url: '/', openapiObject: { openapi: '3.0.3' }, route: {} })
    .schema.body;
}
