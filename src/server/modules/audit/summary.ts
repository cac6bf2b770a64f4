/**
 * The small JSON an audit event keeps of what was sent. It must never hold a
 * secret, must fit in a row whatever a client sends, and must be storable by
 * PostgreSQL's jsonb (no NUL, no half surrogate pair).
 */

/** Keys whose values are never kept: the value is replaced by REDACTED. */
const SECRET_KEY = /pass|hash|secret|token|cookie|session|sid$|api.?key|authori[sz]ation/i;
export const REDACTED = '[redacted]';

const MAX_STRING = 200;
const MAX_KEY = 60;
const MAX_KEYS = 30;
const MAX_ITEMS = 10;
const MAX_DEPTH = 4;
/** The whole summary, as JSON text. */
export const MAX_SUMMARY_CHARS = 2000;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Cut first, then clean: a cut can split a surrogate pair, and the half is replaced. */
function cleanText(value: string, max: number): string {
  const cut = value.length > max ? `${value.slice(0, max)}…` : value;
  return cut.replaceAll('\u0000', '').replace(LONE_SURROGATE, '\uFFFD');
}

function cleanList(list: unknown[], depth: number): unknown[] {
  const items = list.slice(0, MAX_ITEMS).map((item) => cleanValue(item, depth + 1));
  if (list.length > MAX_ITEMS) items.push(`… ${list.length - MAX_ITEMS} more`);
  return items;
}

function cleanFields(record: Record<string, unknown>, depth: number): Record<string, unknown> {
  const entries = Object.entries(record);
  const out: Record<string, unknown> = {};
  for (const [key, inner] of entries.slice(0, MAX_KEYS)) {
    const name = cleanText(key, MAX_KEY);
    if (name === '__proto__') continue; // would set the copy's prototype, not a field
    out[name] = SECRET_KEY.test(key) ? REDACTED : cleanValue(inner, depth + 1);
  }
  if (entries.length > MAX_KEYS) out['…'] = `${entries.length - MAX_KEYS} more fields`;
  return out;
}

function cleanValue(value: unknown, depth: number): unknown {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'string') return cleanText(value, MAX_STRING);
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) return cleanList(value, depth);
  if (typeof value === 'object') return cleanFields(value as Record<string, unknown>, depth);
  return undefined; // functions, symbols, bigints: not JSON, never sent
}

/**
 * A copy of `value` safe to keep: secrets redacted at any depth, strings cut
 * to 200 characters, lists to 10 items, 4 levels deep. Only the names of the
 * top-level fields are kept when even that is longer than MAX_SUMMARY_CHARS.
 */
export function summarize(value: unknown): unknown {
  const clean = cleanValue(value, 0);
  if (JSON.stringify(clean ?? null).length <= MAX_SUMMARY_CHARS / 2) return clean;
  if (clean && typeof clean === 'object' && !Array.isArray(clean)) {
    const fields: string[] = [];
    let length = 0;
    for (const key of Object.keys(clean)) {
      length += JSON.stringify(key).length + 1;
      if (length > MAX_SUMMARY_CHARS / 2 - 40) break;
      fields.push(key);
    }
    return { fields, cut: true };
  }
  return '… too long to keep';
}

/** The event's summary: what was sent (when given), why it was refused, what came of it. */
export function eventSummary(parts: {
  input?: unknown;
  error?: unknown;
  result?: unknown;
}): Record<string, unknown> | null {
  const summary: Record<string, unknown> = {};
  if (parts.input !== undefined) summary.input = summarize(parts.input);
  if (typeof parts.error === 'string') summary.error = cleanText(parts.error, MAX_STRING);
  if (typeof parts.result === 'string') summary.result = cleanText(parts.result, 40);
  if (Object.keys(summary).length === 0) return null;
  // Escapes can make text longer as JSON than it is: the cap is on the JSON.
  if (JSON.stringify(summary).length > MAX_SUMMARY_CHARS) {
    if (summary.input !== undefined) summary.input = '… too long to keep';
    if (typeof summary.error === 'string') summary.error = cleanText(summary.error, 40);
  }
  return summary;
}
