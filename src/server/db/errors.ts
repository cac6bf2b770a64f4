/**
 * Whether a database error (or what it wraps) is a unique-key violation:
 * the check-then-insert lost a race to another request saving the same key.
 * Drizzle wraps driver errors, so the cause chain is followed.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
