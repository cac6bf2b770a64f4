import { z } from 'zod';
import { PUBLIC, SIGNED_IN } from '../access';
import { loginSchema, registerSchema } from '../auth-schemas';
import { currentUserSchema } from '../user';
import { defineRoute } from './contract';

/** An answer that is only a sentence for the screen to show. */
export const messageSchema = z.object({ message: z.string() });

/** What the landing page needs before anyone signs in. */
export const appInfoSchema = z.object({
  /** The bakery's time zone: its calendar days and clocks. */
  timeZone: z.string(),
  needsFirstAdmin: z.boolean(),
  /** False when an administrator has closed self-registration (never before the first account). */
  registrationOpen: z.boolean(),
});
export type AppInfo = z.infer<typeof appInfoSchema>;

/** A new account: the first one is the administrator. */
export const registrationSchema = messageSchema.extend({
  user: z.object({ id: z.string(), username: z.string(), isAdmin: z.boolean() }),
});
export type Registration = z.infer<typeof registrationSchema>;

export const authApi = {
  appInfo: defineRoute({
    method: 'GET',
    url: '/api/app-info',
    summary: 'The time zone, and whether the first account or registration is open',
    access: PUBLIC,
    response: { 200: appInfoSchema },
  }),
  // A taken username or e-mail must be named (the form has to say which to
  // change), so each refusal counts against the caller's address like a failed
  // sign-in: probing for accounts is as slow here as on the login form.
  register: defineRoute({
    method: 'POST',
    url: '/api/auth/register',
    summary: 'Create an account (the first one becomes the administrator)',
    access: PUBLIC,
    audit: { action: 'auth.register', recordType: 'user' },
    body: registerSchema,
    response: { 201: registrationSchema },
    errors: ['REGISTRATION_CLOSED', 'USERNAME_TAKEN', 'EMAIL_TAKEN', 'TOO_MANY_ATTEMPTS'],
  }),
  login: defineRoute({
    method: 'POST',
    url: '/api/auth/login',
    summary: 'Sign in: starts the session and answers the signed-in user',
    access: PUBLIC,
    // A refused sign-in is recorded as a failed one, without what was typed.
    audit: {
      action: 'auth.login',
      recordType: 'user',
      refine: ({ status }) => (status < 400 ? 'auth.login' : 'auth.login_failed'),
    },
    body: loginSchema,
    response: { 200: currentUserSchema },
    errors: ['INVALID_CREDENTIALS', 'TOO_MANY_ATTEMPTS'],
  }),
  // Anyone may sign out, signed in or not: with no session there is nothing to end.
  logout: defineRoute({
    method: 'POST',
    url: '/api/auth/logout',
    summary: 'Sign out: ends the session',
    access: PUBLIC,
    audit: { action: 'auth.logout', recordType: 'user' },
    response: { 200: messageSchema },
  }),
  user: defineRoute({
    method: 'GET',
    url: '/api/auth/user',
    summary: 'The signed-in user, with their roles and rights',
    access: SIGNED_IN,
    response: { 200: currentUserSchema },
  }),
};
