import { describe, expect, it } from 'vitest';
import {
  databaseConflict,
  databaseErrorCode,
  databaseInputError,
  isUniqueViolation,
} from './errors';

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

describe('values the database refuses', () => {
  it('turns out-of-range numbers, over-long text, NUL bytes and bad values into plain messages', () => {
    expect(databaseInputError(pgError('22003'))).toBe('A number is too large to be saved');
    expect(databaseInputError(pgError('22001'))).toBe('A text is too long to be saved');
    expect(databaseInputError(pgError('22021'))).toMatch(/character that cannot be saved/);
    expect(databaseInputError(pgError('22P05'))).toMatch(/character that cannot be saved/);
    expect(databaseInputError(pgError('22P02'))).toBe('A value is not in the form expected');
    expect(databaseInputError(pgError('22008'))).toMatch(/date/);
    expect(databaseInputError(pgError('23502'))).toBe('A required value is missing');
    expect(databaseInputError(pgError('23514'))).toBe('A value is not allowed');
  });

  it('finds them through Drizzle’s wrapper and leaves other errors alone', () => {
    expect(databaseInputError(new Error('Failed query', { cause: pgError('22003') }))).toBe(
      'A number is too large to be saved',
    );
    expect(databaseInputError(pgError('23505'))).toBe(undefined);
    expect(databaseInputError(pgError('42P01'))).toBe(undefined);
    expect(databaseInputError(new Error('plain'))).toBe(undefined);
  });
});
