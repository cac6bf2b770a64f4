import type { ApiErrorBody, FieldError } from '../../domain/errors';

/**
 * A non-ok response. `message` follows the spec ("{status}: {response text}");
 * `serverMessage` and `fieldErrors` are the parsed body, for toasts and forms.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    responseText: string,
    readonly serverMessage: string | undefined,
    readonly fieldErrors: FieldError[],
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
  );
}

/** Every call sends the session cookie, and JSON when there is a payload. */
export async function apiRequest<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as T;
}

export const apiGet = <T>(url: string) => apiRequest<T>('GET', url);

/** The server's own words for a failed call, else the screen's fallback text. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
