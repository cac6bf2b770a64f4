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
