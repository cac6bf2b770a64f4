import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { loginSchema, registerSchema, usernameKey } from './auth-schemas';

function messages(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

const valid = { email: 'ada@bakery.ng', username: 'ada_1', password: 'password1' };

describe('loginSchema', () => {
  it('requires both fields, present or not', () => {
    expect(messages(loginSchema, { username: '', password: '' })).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
    expect(messages(loginSchema, {})).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
  });

  it('treats a blank username as missing and trims the rest', () => {
    expect(messages(loginSchema, { username: '   ', password: 'x' })).toEqual({
      username: 'Username is required',
    });
    expect(loginSchema.parse({ username: ' ada ', password: ' x ' })).toEqual({
      username: 'ada',
      password: ' x ',
    });
  });

  it('refuses unknown fields', () => {
    expect(loginSchema.safeParse({ username: 'a', password: 'b', isAdmin: true }).success).toBe(
      false,
    );
  });
});

describe('registerSchema', () => {
  it('accepts a valid account with and without names', () => {
    expect(registerSchema.safeParse(valid).success).toBe(true);
    expect(registerSchema.safeParse({ ...valid, firstName: '', lastName: '' }).success).toBe(true);
  });

  it.each([
    ['username', 'ab', 'Username must be at least 3 characters'],
    ['username', 'a'.repeat(51), 'Username must be less than 50 characters'],
    ['username', 'ada baker', 'Username can only contain letters, numbers, and underscores'],
    ['username', 'ada-baker', 'Username can only contain letters, numbers, and underscores'],
    ['password', 'short', 'Password must be at least 8 characters'],
    ['password', 'p'.repeat(129), 'Password must be less than 128 characters'],
    ['email', 'not-an-email', 'Please enter a valid email address'],
    ['email', '', 'Please enter a valid email address'],
    ['firstName', 'a'.repeat(101), 'First name must be less than 100 characters'],
    ['lastName', 'a'.repeat(101), 'Last name must be less than 100 characters'],
  ])('%s = %j gives "%s"', (field, value, message) => {
    expect(messages(registerSchema, { ...valid, [field]: value })[field]).toBe(message);
  });

  it('accepts the limits themselves', () => {
    const atLimits = {
      ...valid,
      username: 'a'.repeat(50),
      password: 'p'.repeat(128),
      firstName: 'f'.repeat(100),
      lastName: 'l'.repeat(100),
    };
    expect(registerSchema.safeParse(atLimits).success).toBe(true);
    expect(
      registerSchema.safeParse({ ...valid, username: 'abc', password: '12345678' }).success,
    ).toBe(true);
  });

  it('reports a missing field with its own message, not a type error', () => {
    expect(messages(registerSchema, {})).toEqual({
      email: 'Please enter a valid email address',
      username: 'Username must be at least 3 characters',
      password: 'Password must be at least 8 characters',
    });
  });
});

describe('usernameKey', () => {
  it('folds ASCII letters only, so every spelling that reaches one account has one key', () => {
    expect(usernameKey('Baker_ReadInv_1')).toBe('baker_readinv_1');
    expect(usernameKey('READINV')).toBe(usernameKey('readinv'));
  });

  it('leaves letters no username may hold as typed, so they match no account', () => {
    for (const lookalike of [
      'readİnv',
      'readınv',
      'ｒｅａｄｉｎｖ',
      'readi\u0307nv',
      'ſtock',
      'K\u212a',
    ]) {
      expect(usernameKey(lookalike)).not.toMatch(/^[a-z0-9_]+$/);
    }
  });

  it('is refused at registration for names with such letters', () => {
    expect(messages(registerSchema, { ...valid, username: 'readİnv' })).toEqual({
      username: 'Username can only contain letters, numbers, and underscores',
    });
  });
});
