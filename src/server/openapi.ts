import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { describeAccess, ROUTE_ACCESS, routeKey } from './auth/access';

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
      const method = Array.isArray(input.route.method) ? input.route.method[0] : input.route.method;
      const access = ROUTE_ACCESS[routeKey(String(method), input.url)];
      const segment = input.url.split('/')[2] ?? 'api';
      const section = SECTION_OF[segment] ?? segment;
      return {
        url: out.url,
        schema: {
          ...out.schema,
          tags: [section],
          ...(access ? { 'x-required-access': describeAccess(access) } : {}),
        },
      };
    },
  });
}
