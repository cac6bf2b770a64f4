import { z } from 'zod';

/** What the Admin Panel's Settings tab changes (kept in app_settings). */
export const appSettingsSchema = z.strictObject({
  allowSelfRegistration: z.boolean({ error: 'Allow self-registration must be true or false' }),
});
export type AppSettings = z.infer<typeof appSettingsSchema>;

/** Until an administrator changes them. */
export const DEFAULT_SETTINGS: AppSettings = { allowSelfRegistration: true };

export const REGISTRATION_CLOSED =
  'Registration is closed. Ask an administrator to create an account for you.';
