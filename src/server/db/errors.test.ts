import { describe, expect, it } from 'vitest';
import { databaseConflict, databaseErrorCode, isUniqueViolation } from './errors';

const pgError = (code: string) => Object.assign(new Error('violates constraint'), { code });

describe('database error codes', () => {
  it('finds the SQLSTATE on the error or on what it wraps', () => {
    expect(databaseErrorCode(pgError('23505'))).toBe('23505');
    const wrapped = new Error('Failed query', { cause: pgError('23503') });
    expect(databaseErrorCode(wrapped)).toBe('23503');
    expect(isUniqueViolation(new Error('outer', { cause: pgError('23505') }))).toBe(true);
  });

  it('ignores errors without a SQLSTATE, such as Node system errors', () => {
    expect(databaseErrorCode(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe(
      undefined,
    );
    expect(databaseErrorCode('not an error')).toBe(undefined);
    expect(isUniqueViolation(pgError('23503'))).toBe(false);
  });

  it('turns unique, foreign-key and serialisation failures into conflict messages', () => {
    expect(databaseConflict(pgError('23505'))).toMatch(/already exists/);
    expect(databaseConflict(pgError('23503'))).toMatch(/just removed/);
    expect(databaseConflict(pgError('40P01'))).toMatch(/try again/);
    expect(databaseConflict(pgError('42P01'))).toBe(undefined);
  });
});
