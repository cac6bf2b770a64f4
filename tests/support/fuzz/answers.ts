import { appendFileSync } from 'node:fs';
import { expect } from 'vitest';
import { ERROR_CODES, type ErrorCode } from '../../../src/domain/errors';
import type { TestApp } from '../test-app';
import type { Payload } from './transport';

/** Sending one fuzz case and the checks every answer must pass. */
export interface Answer {
  status: number;
  text: string;
  contentType: string;
}

/** Sends one request with `app.inject`, as the admin (cookie) or as nobody. */
export async function send(
  testApp: TestApp,
  method: string,
  url: string,
  payload: Payload,
  cookie: string | undefined,
): Promise<Answer> {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  let body: string | undefined;
  if (payload.kind === 'json') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(payload.value) ?? 'null';
  } else if (payload.kind === 'raw') {
    if (payload.contentType !== undefined) headers['content-type'] = payload.contentType;
    body = payload.text;
  }
  const response = await testApp.app.inject({
    method: method as 'POST',
    url,
    headers,
    ...(body === undefined ? {} : { payload: body }),
  });
  return {
    status: response.statusCode,
    text: response.body,
    contentType: String(response.headers['content-type'] ?? ''),
  };
}

/** What no error answer may contain: stack frames, file paths, database internals. */
const LEAKS: [RegExp, string][] = [
  [/\bat [\w.<>$]+ \(|\bat (file:|node:|\/)/, 'a stack frame'],
  [/\/work\/|\/src\/|node_modules|\.(ts|js|mjs):\d+/, 'a file path'],
  [/\b(Type|Reference|Syntax|Range)?Error:/, 'an error class'],
  // "code" is the API's own (checked against ERROR_CODES below), never a driver's or Fastify's.
  [/"stack"|"statusCode"/, 'error internals'],
  [
    /violates|constraint "|relation "|column "|syntax error at|invalid input (syntax|value)|SQLSTATE|duplicate key|out of range for type|invalid byte sequence|unsupported Unicode|drizzle|Failed query/i,
    'database internals',
  ],
];

/** Everything wrong with one answer, as readable lines (empty when it is fine). */
export function problemsWith(answer: Answer): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`status ${answer.status}`);
  // A success echoes what was sent, hostile text included; only errors are searched for leaks.
  if (answer.status < 400) return problems;
  for (const [pattern, what] of LEAKS) {
    if (pattern.test(answer.text)) problems.push(`${what} in the body`);
  }
  if (!answer.contentType.startsWith('application/json')) {
    problems.push(`error answered as ${answer.contentType || 'no content type'}`);
    return problems;
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    problems.push('error body is not JSON');
    return problems;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    problems.push('error body is not an object');
    return problems;
  }
  return [...problems, ...errorBodyProblems(body as Record<string, unknown>, answer.status)];
}

function isFieldErrorList(errors: unknown): boolean {
  return (
    Array.isArray(errors) &&
    errors.length > 0 &&
    errors.every(
      (e) =>
        e &&
        typeof e === 'object' &&
        typeof (e as Record<string, unknown>).path === 'string' &&
        typeof (e as Record<string, unknown>).message === 'string' &&
        Object.keys(e).length === 2,
    )
  );
}

/** An error body is { message, code, errors? } and its code belongs to the status answered. */
function errorBodyProblems(body: Record<string, unknown>, answeredStatus: number): string[] {
  const problems: string[] = [];
  const { message, code, errors, ...rest } = body;
  if (typeof message !== 'string' || message.trim() === '') problems.push('no string message');
  const status = typeof code === 'string' ? ERROR_CODES[code as ErrorCode]?.status : undefined;
  if (status !== answeredStatus)
    problems.push(`code ${String(code)} is not one of ${answeredStatus}`);
  if (Object.keys(rest).length) problems.push(`unexpected keys ${Object.keys(rest).join(', ')}`);
  if (errors !== undefined && !isFieldErrorList(errors)) {
    problems.push('errors is not [{ path, message }]');
  }
  return problems;
}

/**
 * Fails with the problems found, the first ten in full (a diff of arrays would
 * cut them short); FUZZ_REPORT=<file> appends every one of them to that file.
 */
export function report(problems: string[], replay = '') {
  const unique = [...new Set(problems)];
  if (process.env.FUZZ_REPORT) {
    appendFileSync(process.env.FUZZ_REPORT, unique.map((p) => `${p}\n`).join(''));
  }
  expect(unique.length, `${replay}\n${unique.slice(0, 10).join('\n\n')}`).toBe(0);
}

/** The `errors` list of a 400 answer, or undefined. */
export function fieldErrorsOf(answer: Answer): unknown {
  try {
    return (JSON.parse(answer.text) as { errors?: unknown }).errors;
  } catch {
    return undefined;
  }
}

/** A short, printable description of a payload for failure reports. */
export function describePayload(payload: Payload): string {
  const cut = (s: string) => (s.length > 300 ? `${s.slice(0, 300)}… (${s.length} chars)` : s);
  if (payload.kind === 'none') return 'no body';
  if (payload.kind === 'json') return `JSON ${cut(JSON.stringify(payload.value) ?? 'undefined')}`;
  return `${payload.label} [${payload.contentType ?? 'none'}] ${cut(JSON.stringify(payload.text))}`;
}
