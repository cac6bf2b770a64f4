/** The PostgreSQL error code (SQLSTATE) of a database error, or of what it wraps. */
export function databaseErrorCode(error: unknown): string | undefined {
  // Drizzle wraps driver errors, so the cause chain is followed.
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** A unique-key violation: a check-then-insert lost a race to another request saving the same key. */
export const isUniqueViolation = (error: unknown) => databaseErrorCode(error) === '23505';

/**
 * Conflicts the database refused that no service foresaw: answered as 409 with
 * a plain message rather than a 500, since the request was valid but the data
 * changed under it.
 */
export function databaseConflict(error: unknown): string | undefined {
  switch (databaseErrorCode(error)) {
    case '23505':
      return 'That record already exists; it was just saved by someone else';
    case '23503':
      return 'A record this refers to was just removed, or is still in use';
    case '40001':
    case '40P01':
      return 'Someone else was changing the same records; please try again';
    default:
      return undefined;
  }
}

/**
 * Values the database refused to store that no schema caught: answered as 400
 * with a plain message rather than a 500. The transaction they happened in is
 * rolled back, so nothing of the request was written. The messages name no
 * table, column or constraint.
 */
export function databaseInputError(error: unknown): string | undefined {
  switch (databaseErrorCode(error)) {
    case '22003': // numeric_value_out_of_range
      return 'A number is too large to be saved';
    case '22001': // string_data_right_truncation
      return 'A text is too long to be saved';
    case '22021': // character_not_in_repertoire: a NUL byte or invalid UTF-8
    case '22P05': // untranslatable_character: \u0000 in JSON
      return 'A text contains a character that cannot be saved';
    case '22P02': // invalid_text_representation
      return 'A value is not in the form expected';
    case '22007': // invalid_datetime_format
    case '22008': // datetime_field_overflow
      return 'A date is not valid or out of range';
    case '23502': // not_null_violation
      return 'A required value is missing';
    case '23514': // check_violation
      return 'A value is not allowed';
    default:
      return undefined;
  }
}

/** What node-postgres says when the socket under a query or a transaction has gone. */
const LOST_CONNECTION_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];
const NETWORK_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
]);

/**
 * PostgreSQL cannot be reached, or dropped the connection (a restart, a
 * failover, the server shut down): SQLSTATE class 08 or 57P01-57P03, or the
 * socket's own error. Answered as 503, not 500: nothing is wrong with the
 * request, and the same call (with its Idempotency-Key) can be sent again.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  const code = databaseErrorCode(error);
  if (code?.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03') {
    return true;
  }
  for (let current = error; current instanceof Error; current = current.cause) {
    const errno = (current as { code?: unknown }).code;
    if (typeof errno === 'string' && NETWORK_ERRNOS.has(errno)) return true;
    if (LOST_CONNECTION_MESSAGES.some((start) => current.message.startsWith(start))) return true;
  }
  return false;
}
