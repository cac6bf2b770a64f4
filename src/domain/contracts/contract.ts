import { z } from 'zod';
import type { Access } from '../access';
import type { AuditAction } from '../audit';
import type { ErrorCode } from '../errors';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a write does, as the audit trail names it, and the kind of record it touches. */
export interface RouteAudit {
  action: AuditAction;
  recordType: string;
  /** For a route whose action depends on what was sent or how it ended. */
  refine?: (input: { body: unknown; status: number }) => AuditAction;
}

/**
 * Everything about one API route, in one place: the server registers the
 * route from it (src/server/contract-route.ts) and the web calls it through it
 * (src/web/api/http.ts `call`), so both use the same schemas and types.
 */
export interface RouteContract {
  method: Method;
  /** As the router knows it, with `:name` for each path parameter. */
  url: string;
  /** One line for the API document. */
  summary: string;
  access: Access;
  /** Every write names its audit action; a write without one refuses to start. */
  audit?: RouteAudit;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success status and the answer's schema; answers are sent through it. */
  response: { [status: number]: z.ZodType };
  /** Answered as CSV text (streamed), not JSON; `response` then describes nothing sent. */
  csv?: true;
  /** The route's own error codes, beyond the ones any route may answer. */
  errors?: readonly ErrorCode[];
}

/** Keeps a contract's literal types (its schemas, its status) for both sides. */
export const defineRoute = <const C extends RouteContract>(contract: C): C => contract;

type SuccessSchema<C extends RouteContract> = C['response'][keyof C['response']];

/** The answer as it arrives: the output of the route's response schema. */
export type AnswerOf<C extends RouteContract> = z.output<SuccessSchema<C>>;
/** What the handler may give before it is sent through the response schema. */
export type HandlerAnswer<C extends RouteContract> = z.input<SuccessSchema<C>>;

type Part<S, Fallback> = S extends z.ZodType ? S : Fallback;
export type ParamsOf<C extends RouteContract> = z.output<Part<C['params'], z.ZodUndefined>>;
export type QueryOf<C extends RouteContract> = z.output<Part<C['query'], z.ZodUndefined>>;
export type BodyOf<C extends RouteContract> = z.output<Part<C['body'], z.ZodUndefined>>;

/** What a caller sends: path parameters, query and body, each only when the route takes it. */
export type CallInput<C extends RouteContract> = (C['params'] extends z.ZodType
  ? { params: z.input<C['params']> }
  : { params?: never }) &
  (C['query'] extends z.ZodType ? { query?: z.input<C['query']> } : { query?: never }) &
  (C['body'] extends z.ZodType ? { body: z.input<C['body']> } : { body?: never });

/**
 * An instant in an answer. The database gives a Date, JSON carries an ISO
 * string: the answer's type is the string, as the web receives it.
 */
export const instant = z.preprocess(
  (value) => (value instanceof Date ? value.toISOString() : value),
  z.string(),
);

/**
 * What a write answers to a caller who may write to a module but not read it
 * (src/server/auth/answer-limits.ts): the record's id and a message, never the record.
 */
export const writeReceiptSchema = z.object({
  id: z.string().optional(),
  action: z.string().optional(),
  message: z.string(),
});
