import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody, FieldError } from '../domain/errors';
import { databaseConflict } from './db/errors';
import { AppError } from './errors';

function fieldPath(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.');
}

/**
 * Every error leaves as `{ message, errors? }`. Bad input is a 400 with the
 * schema's own messages per field; anything unexpected is logged and answered
 * with a plain 500 that reveals nothing of the server.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      // One message per field, the first one found, as a form shows it.
      const byPath = new Map<string, FieldError>();
      for (const issue of error.validation) {
        const path = fieldPath(issue.instancePath);
        if (!byPath.has(path))
          byPath.set(path, { path, message: issue.message ?? 'Invalid value' });
      }
      const errors = [...byPath.values()];
      const body: ApiErrorBody = { message: errors[0]?.message ?? 'Invalid input', errors };
      return reply.code(400).send(body);
    }
    if (error instanceof AppError) {
      const body: ApiErrorBody = { message: error.message };
      if (error.errors) body.errors = error.errors;
      return reply.code(error.status).send(body);
    }
    const conflictMessage = databaseConflict(error);
    if (conflictMessage) {
      request.log.warn({ err: error }, 'database conflict');
      return reply.code(409).send({ message: conflictMessage } satisfies ApiErrorBody);
    }
    // Fastify's own client errors: malformed JSON, wrong content type, body too large.
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: error.message } satisfies ApiErrorBody);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({
      message: 'Something went wrong on the server. Please try again.',
    } satisfies ApiErrorBody);
  });
}
