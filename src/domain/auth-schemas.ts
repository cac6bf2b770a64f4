import { z } from 'zod';
import { isStorableText, storable } from './fields';

/** Login (docs/screens/landing.md). Both fields only need to be present. */
export const loginSchema = z.strictObject({
  username: z
    .string({ error: 'Username is required' })
    .refine(isStorableText, storable('Username'))
    .trim()
    .min(1, { error: 'Username is required' }),
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }),
});
export type LoginInput = z.infer<typeof loginSchema>;

const optionalName = (label: string, message: string) =>
  z
    .string({ error: message })
    .refine(isStorableText, storable(label))
    .trim()
    .max(100, { error: message })
    .optional();

const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;

/**
 * The one form of a username that sign-in, its throttle and the uniqueness
 * check compare. Usernames are ASCII (USERNAME_PATTERN), so only ASCII letters
 * fold: "İ", "ı" or full-width letters stay as typed and match no account.
 * Unicode case mapping would fold some of them into ASCII letters, and not
 * alike in JavaScript's toLowerCase() and SQL's lower(), which let "readİnv"
 * sign in as "readinv" while the throttle counted it as another name.
 */
export function usernameKey(username: string): string {
  return username.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

/** 3-50 letters, digits or underscores (registration and the admin form alike). */
export const usernameField = z
  .string({ error: 'Username must be at least 3 characters' })
  .trim()
  .min(3, { error: 'Username must be at least 3 characters' })
  .max(50, { error: 'Username must be less than 50 characters' })
  .regex(USERNAME_PATTERN, {
    error: 'Username can only contain letters, numbers, and underscores',
  });

/** Register (docs/screens/landing.md). */
export const registerSchema = z.strictObject({
  firstName: optionalName('First name', 'First name must be less than 100 characters'),
  lastName: optionalName('Last name', 'Last name must be less than 100 characters'),
  email: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .max(254, { error: 'Please enter a valid email address' })
    .regex(z.regexes.email, { error: 'Please enter a valid email address' }),
  username: usernameField,
  password: z
    .string({ error: 'Password must be at least 8 characters' })
    .min(8, { error: 'Password must be at least 8 characters' })
    .max(128, { error: 'Password must be less than 128 characters' }),
});
export type RegisterInput = z.infer<typeof registerSchema>;
