import fc from 'fast-check';

/** Raw transport abuse: malformed JSON, empty bodies, wrong content types, bodies too large. */
/** What goes on the wire: a JSON value, or raw text under a chosen content type. */
export type Payload =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; contentType: string | undefined; text: string; label: string };

export const MALFORMED_JSON = [
  '{',
  '}',
  '[',
  '{"a":',
  '{"a":1,}',
  '[1,]',
  "{'a':1}",
  '{a:1}',
  'nul',
  'NaN',
  'undefined',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":-}',
  '{"a":01}',
  '{"a":.5}',
  '{"a":"\\x41"}',
  '{"a":"\\u12"}',
  '{"a":"line\nbreak"}',
  '\u0000',
  '\uFEFF{',
  '{"a":1}{"b":2}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '/* comment */ {}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
] as const;

/** Content types the API does not speak (it speaks JSON only). */
export const WRONG_CONTENT_TYPES = [
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----fuzz',
  'application/xml',
  'text/xml',
  'application/octet-stream',
  'text/json',
  'application/jsonx',
  'application/vnd.api+json',
  'image/png',
  'text/html',
] as const;

/** Content types Fastify reads as JSON. */
export const isJsonContentType = (contentType: string | undefined) =>
  contentType !== undefined && /^\s*application\/json\s*(;.*)?$/i.test(contentType);

export const formEncode = (value: unknown) =>
  value && typeof value === 'object'
    ? new URLSearchParams(
        Object.entries(value).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
      ).toString()
    : String(value);

export const multipartOf = (value: unknown) => {
  const entries = value && typeof value === 'object' ? Object.entries(value) : [['body', value]];
  return `${entries
    .map(
      ([k, v]) =>
        `------fuzz\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${typeof v === 'string' ? v : JSON.stringify(v)}\r\n`,
    )
    .join('')}------fuzz--\r\n`;
};

/** Raw payloads: malformed JSON, empty bodies, wrong content types, a body too large. */
export function rawPayload(valid: unknown): fc.Arbitrary<Payload> {
  const validText = JSON.stringify(valid ?? {});
  return fc.oneof(
    fc.constantFrom(...MALFORMED_JSON).map(
      (text): Payload => ({
        kind: 'raw',
        contentType: 'application/json',
        text,
        label: 'malformed JSON',
      }),
    ),
    fc.string({ unit: 'binary', maxLength: 50 }).map(
      (text): Payload => ({
        kind: 'raw',
        contentType: 'application/json',
        text,
        label: 'random text as JSON',
      }),
    ),
    // A valid body cut short.
    fc.nat({ max: Math.max(0, validText.length - 1) }).map(
      (n): Payload => ({
        kind: 'raw',
        contentType: 'application/json',
        text: validText.slice(0, n),
        label: 'truncated JSON',
      }),
    ),
    fc.constantFrom('', ' ', '\n').map(
      (text): Payload => ({
        kind: 'raw',
        contentType: 'application/json',
        text,
        label: 'empty JSON body',
      }),
    ),
    fc.constantFrom(...WRONG_CONTENT_TYPES).map(
      (contentType): Payload => ({
        kind: 'raw',
        contentType,
        text: contentType.startsWith('multipart')
          ? multipartOf(valid)
          : contentType.includes('urlencoded')
            ? formEncode(valid)
            : validText,
        label: 'wrong content type',
      }),
    ),
    fc.constant<Payload>({
      kind: 'raw',
      contentType: undefined,
      text: validText,
      label: 'no content type',
    }),
    fc.constant<Payload>({
      kind: 'raw',
      contentType: 'application/json',
      text: JSON.stringify({ padding: 'x'.repeat(1_100_000) }),
      label: 'body over 1 MiB',
    }),
  );
}
