import type { AnswerOf, CallInput, RouteContract } from '../../domain/contracts/contract';
import { pathOf } from '../../domain/contracts/path';
import { ERROR_CODES, type ErrorCode } from '../../domain/error-codes';
import type { ApiErrorBody, FieldError } from '../../domain/errors';
import { isNetworkFailure, noteNetworkFailed, noteServerAnswered } from '../offline/network';

/**
 * A non-ok response. `message` is "{status}: {response text}" (docs/api.md);
 * `serverMessage`, `code` and `fieldErrors` are the parsed body, for toasts and
 * forms. Screens branch on `code`, never on the words.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    responseText: string,
    readonly serverMessage: string | undefined,
    readonly fieldErrors: FieldError[],
    readonly code: ErrorCode | undefined,
  ) {
    super(`${status}: ${responseText}`);
    this.name = 'ApiError';
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const text = (await response.text()) || response.statusText;
  let body: Partial<ApiErrorBody> = {};
  try {
    body = JSON.parse(text) as Partial<ApiErrorBody>;
  } catch {
    // Not JSON (a proxy's error page, say): the text stands as it is.
  }
  return new ApiError(
    response.status,
    text,
    typeof body.message === 'string' ? body.message : undefined,
    Array.isArray(body.errors) ? body.errors : [],
    typeof body.code === 'string' && body.code in ERROR_CODES ? body.code : undefined,
  );
}

/** A write sent from the outbox: its key, who made it, and how long to wait for the answer. */
interface OnceOnly {
  idempotencyKey: string;
  /** The maker's user id: another user's session (signed in by another tab) refuses it. */
  madeBy: string;
  timeoutMs: number;
}

/**
 * Every call sends the session cookie, and JSON when there is a payload; a
 * write sent from the outbox also its Idempotency-Key and Made-By (docs/api.md).
 */
async function apiRequest<T>(
  method: string,
  url: string,
  body?: unknown,
  once?: OnceOnly,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'include',
      headers: {
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        // The names of src/domain/idempotency.ts, not imported: it brings zod into the landing page.
        ...(once ? { 'Idempotency-Key': once.idempotencyKey, 'Made-By': once.madeBy } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      // Safari before 16 has no AbortSignal.timeout: there the browser's own limit applies.
      signal: once && AbortSignal.timeout ? AbortSignal.timeout(once.timeoutMs) : undefined,
    });
  } catch (error) {
    if (isNetworkFailure(error)) noteNetworkFailed();
    throw error;
  }
  noteServerAnswered();
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as T;
}

/** The query string of a call: every field that has a value, in order. */
function searchOf(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The address a contract's call goes to, for links and downloads (CSV exports). */
export function urlOf<C extends RouteContract>(contract: C, input: CallInput<C>): string {
  const { params, query } = input as { params?: Record<string, unknown>; query?: object };
  return pathOf(contract.url, params) + searchOf(query as Record<string, unknown> | undefined);
}

/**
 * Calls a route through its contract (src/domain/contracts): the address,
 * the body and the answer's type all come from the route's own declaration.
 */
export function call<C extends RouteContract>(
  contract: C,
  ...[input]: Partial<CallInput<C>> extends CallInput<C> ? [CallInput<C>?] : [CallInput<C>]
): Promise<AnswerOf<C>> {
  const given = (input ?? {}) as CallInput<C>;
  return apiRequest<AnswerOf<C>>(
    contract.method,
    urlOf(contract, given),
    (given as { body?: unknown }).body,
  );
}

/**
 * Calls a write route under a key the device made: the server runs it at most
 * once for that key, and answers a repeat with the first answer, so a call
 * given up after `timeoutMs` (a dead Wi-Fi) is safe to send again. The
 * outbox (src/web/offline/sender.ts) sends each sale, payment, return and
 * settlement so.
 */
export function callOnce<C extends RouteContract>(
  contract: C,
  input: CallInput<C>,
  once: OnceOnly,
): Promise<AnswerOf<C>> {
  return apiRequest<AnswerOf<C>>(
    contract.method,
    urlOf(contract, input),
    (input as { body?: unknown }).body,
    once,
  );
}

/** The server's own words for a failed call, else the screen's fallback text. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
