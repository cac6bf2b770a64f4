import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, type ErrorCode } from '../../src/domain/errors';
import type { ApiClient } from '../support/api-client';
import { firstAdmin } from '../support/personas';
import { createTestApp, type TestApp } from '../support/test-app';

interface Answer {
  description?: string;
  content?: Record<string, { schema?: { type?: string; properties?: Record<string, unknown> } }>;
}
type Operation = { responses?: Record<string, Answer>; 'x-required-access'?: string };
type Document = { paths: Record<string, Record<string, Operation>> };

let testApp: TestApp;
let admin: ApiClient;
let operations: { name: string; operation: Operation }[];

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await firstAdmin(testApp);
  const doc = (await admin.get('/api/openapi.json')).body as Document;
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      name: `${method.toUpperCase()} ${path}`,
      operation,
    })),
  );
});
afterAll(() => testApp.close());

const successOf = (operation: Operation) =>
  Object.entries(operation.responses ?? {}).find(([status]) => status.startsWith('2'))?.[1];

describe('each route’s contract, as the API document shows it', () => {
  it('has an operation for every route the app registered', () => {
    expect(operations.length).toBe(testApp.app.apiRoutes.length);
  });

  it('gives every operation a success answer with its schema (JSON or CSV)', () => {
    const missing = operations
      .filter(({ operation }) => {
        const content = successOf(operation)?.content ?? {};
        const schema = content['application/json']?.schema ?? content['text/csv']?.schema;
        return !schema?.type;
      })
      .map(({ name }) => name);
    expect(missing).toEqual([]);
  });

  it('lists each error status with the codes it carries, and every code somewhere', () => {
    const seen = new Set<string>();
    for (const { name, operation } of operations) {
      const errors = Object.entries(operation.responses ?? {}).filter(
        ([status]) => status >= '400',
      );
      expect(errors.length, name).toBeGreaterThan(0);
      for (const [status, answer] of errors) {
        const codes = [...(answer.description ?? '').matchAll(/([A-Z_]+):/g)].map((m) => m[1]);
        expect(codes.length, `${name} ${status}`).toBeGreaterThan(0);
        for (const code of codes) {
          expect(String(ERROR_CODES[code as ErrorCode]?.status), `${name} ${code}`).toBe(status);
          seen.add(code as string);
        }
      }
    }
    // Codes only the framework answers with, before any route is chosen.
    const framework = ['BODY_TOO_LARGE', 'URL_TOO_LONG', 'UNSUPPORTED_MEDIA_TYPE', 'CONFLICT'];
    const unlisted = Object.keys(ERROR_CODES).filter(
      (code) => !seen.has(code) && !framework.includes(code),
    );
    expect(unlisted).toEqual([]);
  });

  it('names who may call every operation', () => {
    const open = operations.filter(({ operation }) => !operation['x-required-access']);
    expect(open.map(({ name }) => name)).toEqual([]);
  });

  it('answers an error with its code beside the message', async () => {
    const reply = await admin.post('/api/sales-transactions', {});
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 'INVALID_INPUT', message: expect.any(String) });
    const missing = await admin.get('/api/no-such-route');
    expect(missing.body).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
  });
});
