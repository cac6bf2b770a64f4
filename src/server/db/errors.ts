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
