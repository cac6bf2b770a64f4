import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySerializerCompiler,
  RouteHandlerMethod,
} from 'fastify';
import type { z } from 'zod';
import type {
  BodyOf,
  HandlerAnswer,
  ParamsOf,
  QueryOf,
  RouteContract,
} from '../domain/contracts/contract';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's contract: its access, audit action and schemas (src/domain/contracts). */
    contract?: RouteContract;
  }
}

/** A request as its contract's schemas have parsed it. */
export type ContractRequest<C extends RouteContract> = Omit<
  FastifyRequest,
  'params' | 'query' | 'body'
> & { params: ParamsOf<C>; query: QueryOf<C>; body: BodyOf<C> };

type Handler<C extends RouteContract> = (
  request: ContractRequest<C>,
  reply: FastifyReply,
) => Promise<C['csv'] extends true ? unknown : HandlerAnswer<C>>;

/**
 * Registers a route from its contract. The success status is the contract's
 * (201 for a create), and the answer goes out through the response schema, so
 * a field the schema does not declare is never sent.
 */
export function serve<C extends RouteContract>(
  app: FastifyInstance,
  contract: C,
  handler: Handler<C>,
): void {
  const [status] = Object.keys(contract.response).map(Number);
  app.route({
    method: contract.method,
    url: contract.url,
    schema: {
      summary: contract.summary,
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      // A CSV route streams text: its response is described in the API document only.
      ...(contract.csv ? {} : { response: contract.response }),
    },
    config: { contract },
    handler: (async (request, reply) => {
      if (status !== undefined && status !== 200) reply.code(status);
      return handler(request as unknown as ContractRequest<C>, reply);
    }) as RouteHandlerMethod,
  });
}

/** The contract of the route a request reached, if it has one. */
export const contractOf = (request: FastifyRequest): RouteContract | undefined =>
  request.routeOptions.config.contract;

/**
 * An answer made into JSON already (trimmed for its caller, or cached): the
 * serializer sends it as it is.
 */
export class SerializedAnswer {
  constructor(readonly json: string) {}
}

/** The answer as its schema describes it: undeclared fields dropped, instants as text. */
export function answerThrough(schema: z.ZodType, answer: unknown): unknown {
  const parsed = schema.safeParse(answer);
  if (!parsed.success) {
    throw new Error(`The answer does not match its schema: ${parsed.error.message}`);
  }
  return parsed.data;
}

/** An answer as the JSON that goes out: through its schema, when it has one. */
export const jsonOf = (schema: z.ZodType | undefined, answer: unknown): string =>
  answer instanceof SerializedAnswer
    ? answer.json
    : JSON.stringify(schema ? answerThrough(schema, answer) : answer);

/** Fastify's serializer for every route with a response schema. */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> =
  ({ schema }) =>
  (answer: unknown) =>
    jsonOf(schema, answer);
