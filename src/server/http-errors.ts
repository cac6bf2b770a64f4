import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type ApiErrorBody, codeOfStatus, type FieldError } from '../domain/errors';
import { databaseConflict, databaseInputError, isDatabaseUnreachable } from './db/errors';
import { AppError } from './errors';

function fieldPath(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.');
}

/**
 * Fastify's own refusals of a request (its body or its address), in words the
 * caller can act on. Its default texts would do, but some repeat what the
 * caller sent, and the bad-address one comes with internal fields.
 */
const FRAMEWORK_REFUSALS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    message: 'Send the request body as JSON (Content-Type: application/json)',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    message: 'The request body is empty: send a JSON object',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'The request body is not valid JSON' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'The request body is too large' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    message: 'The request body does not match its Content-Length',
  },
  FST_ERR_BAD_URL: { status: 400, message: 'The address of the request is not valid' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: 'The address of the request is too long' },
};

const SERVER_FAULT = 'Something went wrong on the server. Please try again.';
const DATABASE_LOST =
  'The server lost its connection to the database. Please try again in a moment.';

/** The status and `{ message, code, errors? }` body for any error a request ended in. */
export function errorAnswer(error: FastifyError): { status: number; body: ApiErrorBody } {
  const { status, body } = answerOf(error);
  return { status, body: { ...body, code: body.code ?? codeOfStatus(status) } };
}

type Answer = { status: number; body: Omit<ApiErrorBody, 'code'> & Partial<ApiErrorBody> };

/** One message per field, the first one found, as a form shows it. */
function validationAnswer(issues: readonly { instancePath: string; message?: string }[]): Answer {
  const byPath = new Map<string, FieldError>();
  for (const issue of issues) {
    const path = fieldPath(issue.instancePath);
    if (!byPath.has(path)) byPath.set(path, { path, message: issue.message ?? 'Invalid value' });
  }
  const errors = [...byPath.values()];
  return { status: 400, body: { message: errors[0]?.message ?? 'Invalid input', errors } };
}

function appErrorAnswer(error: AppError): Answer {
  const body: ApiErrorBody = { message: error.message, code: error.code };
  if (error.errors) body.errors = error.errors;
  return { status: error.status, body };
}

/** What the database, Fastify or a plugin refused, in the caller's words. */
function refusalAnswer(error: FastifyError): Answer | undefined {
  const conflictMessage = databaseConflict(error);
  if (conflictMessage) return { status: 409, body: { message: conflictMessage } };
  const inputMessage = databaseInputError(error);
  if (inputMessage) return { status: 400, body: { message: inputMessage } };
  const refusal = typeof error.code === 'string' ? FRAMEWORK_REFUSALS[error.code] : undefined;
  if (refusal) return { status: refusal.status, body: { message: refusal.message } };
  // Other client errors of Fastify and its plugins carry a status and a plain message.
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return { status, body: { message: error.message } };
  return undefined;
}

function answerOf(error: FastifyError): Answer {
  if (hasZodFastifySchemaValidationErrors(error)) return validationAnswer(error.validation);
  if (error instanceof AppError) return appErrorAnswer(error);
  if (isDatabaseUnreachable(error)) {
    return { status: 503, body: { message: DATABASE_LOST, code: 'DATABASE_UNAVAILABLE' } };
  }
  return refusalAnswer(error) ?? { status: 500, body: { message: SERVER_FAULT } };
}

function answer(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const { status, body } = errorAnswer(error);
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  else if (databaseConflict(error) || databaseInputError(error)) {
    request.log.warn({ err: error }, 'database refused the request');
  }
  return reply.code(status).send(body);
}

/**
 * Every error leaves as `{ message, code, errors? }`. Bad input is a 400 with the
 * schema's own messages per field; anything unexpected is logged and answered
 * with a plain 500 that reveals nothing of the server.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError>(answer);
}

/**
 * Fastify's `frameworkErrors` option: errors met before any route is chosen
 * (an address that is not valid percent-encoding, a parameter too long). Without
 * it they bypass the error handler and answer with Fastify's own fields.
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  void answer(error, request, reply);
}
