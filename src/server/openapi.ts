import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Access, describeAccess } from '../domain/access';
import type { RouteContract } from '../domain/contracts/contract';
import { ERROR_CODES, type ErrorCode, fieldErrorSchema } from '../domain/errors';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAY_HEADER,
  MADE_BY_HEADER,
} from '../domain/idempotency';
import { takesIdempotencyKey } from './idempotency';

/**
 * The OpenAPI document is built from the routes themselves: their zod schemas
 * give the bodies and parameters, the access table gives who may call each.
 * Register before the routes, so every one of them is seen.
 */
/** Routes that stand alone under /api/ are listed with the section they belong to. */
const SECTION_OF: Record<string, string> = { 'app-info': 'auth', 'openapi.json': 'admin' };

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'BakeryPro API',
        version: '1',
        description:
          'Bakery management API. Sign in with POST /api/auth/login; the session cookie `bakery.sid` ' +
          'authenticates later calls. Errors are `{ message, errors?: [{ path, message }] }`. ' +
          'Each operation names the right it needs in `x-required-access`.',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'bakery.sid' } },
      },
      security: [{ session: [] }],
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const contract = input.route.config?.contract;
      const access = contract?.access;
      const segment = input.url.split('/')[2] ?? 'api';
      const section = SECTION_OF[segment] ?? segment;
      return {
        url: out.url,
        schema: {
          ...out.schema,
          tags: [section],
          ...(access ? { 'x-required-access': describeAccess(access) } : {}),
          ...(contract ? { response: answersOf(contract) } : {}),
          ...(takesIdempotencyKey(input.route.method as string, input.url)
            ? { headers: idempotencyKeyHeader }
            : {}),
        },
      };
    },
  });
}

/** The header of a write that may be sent more than once (src/server/idempotency.ts). */
const idempotencyKeyHeader = {
  type: 'object',
  properties: {
    [IDEMPOTENCY_KEY_HEADER]: {
      type: 'string',
      format: 'uuid',
      description:
        'Optional. The write runs at most once per key: sent again by the same user to the same call, ' +
        `it gets the first answer back (status and body) with \`${IDEMPOTENT_REPLAY_HEADER}: true\` and writes nothing; ` +
        'another user or call gets 409 IDEMPOTENCY_KEY_REUSED. A refused write keeps no key.',
    },
    [MADE_BY_HEADER]: {
      type: 'string',
      format: 'uuid',
      description:
        'Optional. The id of the user who made the write on the device; any other signed-in user ' +
        'gets 401 SIGNED_IN_AS_ANOTHER_USER and nothing is written.',
    },
  },
};

/** The codes a route may answer with, whatever it does, by what it declares. */
function errorCodesOf(contract: RouteContract): ErrorCode[] {
  const codes: ErrorCode[] = [
    'INVALID_INPUT',
    'SERVER_ERROR',
    'DATABASE_UNAVAILABLE',
    ...(contract.errors ?? []),
  ];
  if (takesIdempotencyKey(contract.method, contract.url)) {
    codes.push('IDEMPOTENCY_KEY_REUSED', 'SIGNED_IN_AS_ANOTHER_USER');
  }
  if (contract.access.kind !== 'public') codes.push('NOT_SIGNED_IN');
  if (!openToAllSignedIn(contract.access)) codes.push('FORBIDDEN');
  if (contract.method !== 'GET') codes.push('CROSS_SITE_REFUSED');
  if (contract.params) codes.push('NOT_FOUND');
  return [...new Set(codes)];
}

const openToAllSignedIn = (access: Access) =>
  access.kind === 'public' || access.kind === 'signed-in';

/**
 * Each status the route answers with: its success (JSON, or CSV text) and,
 * for each error status, the error body with the codes it may carry.
 */
function answersOf(contract: RouteContract): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries(contract.response)) {
    answers[status] = contract.csv
      ? { description: 'CSV text', content: { 'text/csv': { schema: { type: 'string' } } } }
      : {
          ...z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }),
          description:
            contract.method === 'GET'
              ? 'Success'
              : 'Success. A caller without read on the module gets `{ id, message }` instead.',
        };
  }
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesOf(contract)) {
    const { status } = ERROR_CODES[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const [status, codes] of byStatus) {
    const body = z.object({
      message: z.string(),
      code: z.enum(codes as [ErrorCode, ...ErrorCode[]]),
      errors: z.array(fieldErrorSchema).optional(),
    });
    answers[String(status)] = {
      ...z.toJSONSchema(body),
      description: codes.map((code) => `${code}: ${ERROR_CODES[code].meaning}`).join('; '),
    };
  }
  return answers;
}
