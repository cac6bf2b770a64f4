import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { badRequest } from './errors';
import { frameworkErrors, installErrorHandling } from './http-errors';

const pgError = (code: string, message = 'value "x" violates check constraint "secret_check"') =>
  new Error('Failed query: insert into "secret_table"', {
    cause: Object.assign(new Error(message), { code }),
  });

/** A bare app wired as app.ts wires the real one: the error handler and Fastify's frameworkErrors. */
const app = Fastify({ frameworkErrors, bodyLimit: 1024 });
beforeAll(async () => {
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/things/:id',
    { schema: { params: z.object({ id: z.uuid() }), body: z.strictObject({ name: z.string() }) } },
    () => ({ ok: true }),
  );
  app.get('/db/:code', (request) => {
    throw pgError((request.params as { code: string }).code);
  });
  app.get('/app-error', () => {
    throw badRequest('Flour must be greater than 0', [{ path: 'flourKg', message: 'x' }]);
  });
  app.get('/lost', () => {
    throw new Error('Failed query: select 1', {
      cause: new Error('Connection terminated unexpectedly'),
    });
  });
  app.get('/refused', () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
  });
  app.get('/bug', () => {
    throw new TypeError("Cannot read properties of undefined (reading 'id') at /src/x.ts:1:2");
  });
  await app.ready();
});
afterAll(() => app.close());

const ID = '7f0c2a8e-7a8a-4e43-9d36-1c2b6f3f1a11';
const post = (payload: string, contentType?: string, id = ID) =>
  app.inject({
    method: 'POST',
    url: `/things/${id}`,
    headers: contentType ? { 'content-type': contentType } : {},
    payload,
  });

describe('errors a request can end in', () => {
  it('answers values the database refused as 400, naming no table or constraint', async () => {
    for (const code of ['22003', '22001', '22021', '22P05', '22P02', '22008', '23502', '23514']) {
      const reply = await app.inject({ method: 'GET', url: `/db/${code}` });
      expect(reply.statusCode, code).toBe(400);
      expect(Object.keys(reply.json())).toEqual(['message', 'code']);
      expect(reply.json().code).toBe('INVALID_INPUT');
      expect(reply.body).not.toMatch(/secret|constraint|insert|Failed query/);
    }
  });

  it('answers database conflicts as 409 and anything unforeseen as a plain 500', async () => {
    const conflict = await app.inject({ method: 'GET', url: '/db/23505' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().code).toBe('CONFLICT');
    const bug = await app.inject({ method: 'GET', url: '/bug' });
    expect(bug.statusCode).toBe(500);
    expect(bug.json()).toEqual({
      message: 'Something went wrong on the server. Please try again.',
      code: 'SERVER_ERROR',
    });
    const unknown = await app.inject({ method: 'GET', url: '/db/42P01' });
    expect(unknown.statusCode).toBe(500);
  });

  it('answers a database that cannot be reached or dropped the connection as 503', async () => {
    for (const url of ['/db/57P01', '/db/08006', '/lost', '/refused']) {
      const reply = await app.inject({ method: 'GET', url });
      expect(reply.statusCode, url).toBe(503);
      expect(reply.json()).toEqual({
        message: 'The server lost its connection to the database. Please try again in a moment.',
        code: 'DATABASE_UNAVAILABLE',
      });
    }
  });

  it('keeps the status, message and field errors of an AppError', async () => {
    const reply = await app.inject({ method: 'GET', url: '/app-error' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({
      message: 'Flour must be greater than 0',
      code: 'INVALID_INPUT',
      errors: [{ path: 'flourKg', message: 'x' }],
    });
  });

  it('gives schema refusals per field', async () => {
    const reply = await post('{"name":1}', 'application/json');
    expect(reply.statusCode).toBe(400);
    expect(reply.json().code).toBe('INVALID_INPUT');
    expect(reply.json().errors).toEqual([{ path: 'name', message: expect.any(String) }]);
  });

  it('turns Fastify’s body refusals into plain messages with the right status', async () => {
    const json = 'application/json';
    const cases: [string, string | undefined, number, string, string][] = [
      ['{"name":', json, 400, 'INVALID_INPUT', 'The request body is not valid JSON'],
      ['{"__proto__":{"a":1}}', json, 400, 'INVALID_INPUT', 'The request body is not valid JSON'],
      ['', json, 400, 'INVALID_INPUT', 'The request body is empty: send a JSON object'],
      ['name=x', 'application/x-www-form-urlencoded', 415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the'],
      [
        '{"name":"x"}',
        'text/plain',
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        'Send the request body as JSON',
      ],
      [
        `{"name":"${'x'.repeat(2000)}"}`,
        json,
        413,
        'BODY_TOO_LARGE',
        'The request body is too large',
      ],
    ];
    for (const [payload, contentType, status, code, message] of cases) {
      const reply = await post(payload, contentType);
      expect(reply.statusCode, `${contentType} ${payload.slice(0, 20)}`).toBe(status);
      expect(Object.keys(reply.json())).toEqual(['message', 'code']);
      expect(reply.json().code).toBe(code);
      expect(reply.json().message).toContain(message);
    }
  });

  it('answers an address that is not valid percent-encoding as a plain 400 (frameworkErrors)', async () => {
    for (const id of ['%', '%zz', '%ED%A0%80']) {
      const reply = await post('{"name":"x"}', 'application/json', id);
      expect(reply.statusCode, id).toBe(400);
      expect(reply.json()).toEqual({
        message: 'The address of the request is not valid',
        code: 'INVALID_INPUT',
      });
    }
  });

  it('answers a path parameter longer than the router takes as a plain 414', async () => {
    const reply = await post('{"name":"x"}', 'application/json', 'a'.repeat(500));
    expect(reply.statusCode).toBe(414);
    expect(reply.json()).toEqual({
      message: 'The address of the request is too long',
      code: 'URL_TOO_LONG',
    });
  });
});
